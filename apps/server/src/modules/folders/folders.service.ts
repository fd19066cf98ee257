import type { FolderNewBody, FolderNode, FolderTreeQuery, FolderUpdateBody } from '@brandvault/contract';
import type { z } from 'zod';
import { authorize } from '../../http/authorize.js';
import { AppError, invalid } from '../../http/errors.js';
import type { FormFile } from '../../http/multipart.js';
import { iso } from '../../lib/clock.js';
import { pictureToWebp } from '../../lib/pictures.js';
import { makeRepos } from '../../repos.js';
import type { Deps } from '../../services.js';
import { statsRepo } from '../stats/stats.repo.js';
import { newBlobKey } from '../../storage/index.js';
import { enqueue } from '../../jobs/queue.js';
import type { Actor } from '../auth/actor.js';
import { seesPrivate } from '../assets/assets.policy.js';
import { assetCard } from '../assets/assets.view.js';
import { visibleBrand } from '../brands/brandAccess.js';
import { brandsPolicy } from '../brands/brands.policy.js';
import { foldersPolicy } from './folders.policy.js';
import type { FolderRow } from './folders.repo.js';
import type { RequestContext } from '../../lib/requestContext.js';
import { auditTrail, changesOf, created, folderTarget } from '../audit/audit.trail.js';
import { cardMedia } from '../watermarks/watermark.previews.js';

const TREE_ASSETS = 50;

export function foldersService(deps: Deps) {
  const { repos, clock, media, storage, handle } = deps;
  const now = () => iso(clock.now());
  const audit = auditTrail(deps);

  /**
   * The folder if its brand and visibility allow, with the brand's search generation read in the
   * same statement (search keys its kept answers on it); FOLDER_NOT_FOUND otherwise.
   */
  async function visibleWithGeneration(actor: Actor, id: number) {
    const row = actor.folder?.id === id ? actor.folder.row : await repos.folders.byIdForUser(id, actor.user.id);
    if (!row) throw new AppError('FOLDER_NOT_FOUND');
    const { brand_status, member, search_generation, ...folder } = row;
    if (!brandsPolicy.see(actor, { status: brand_status }, !!member)) throw new AppError('FOLDER_NOT_FOUND');
    if (!foldersPolicy.see(actor, folder)) throw new AppError('FOLDER_NOT_FOUND');
    return { folder, searchGeneration: Number(search_generation ?? 0) };
  }

  /** The folder if its brand and visibility allow; FOLDER_NOT_FOUND otherwise. */
  const visible = async (actor: Actor, id: number) => (await visibleWithGeneration(actor, id)).folder;

  const card = (actor: Actor, f: FolderRow) => ({
    id: f.id,
    brand_id: f.brand_id,
    parent_id: f.parent_id,
    name: f.name,
    visibility: f.visibility === 'PRIVATE' ? ('PRIVATE' as const) : ('PUBLIC' as const),
    image_uri: media(f.image_key),
    is_root: f.parent_id === null,
    updated_at: f.updated_at,
    abilities: foldersPolicy.abilities(actor, f),
  });

  /** The subfolders with their asset counts and mosaics: three statements whatever their number. */
  async function childCards(actor: Actor, children: FolderRow[]) {
    const [figures, cm] = await Promise.all([
      repos.folders.cardFigures(
        children.map((c) => c.id),
        seesPrivate(actor),
        handle.dialect,
      ),
      cardMedia(deps, actor),
    ]);
    return children.map((c) => {
      const fig = figures.get(c.id);
      return {
        ...card(actor, c),
        asset_count: fig?.assets ?? 0,
        mosaic: (fig?.mosaic ?? []).flatMap((m) => cm(m.thumb_key, m.brand_id) ?? []),
      };
    });
  }

  async function view(actor: Actor, f: FolderRow) {
    const [breadcrumbs, children] = await Promise.all([
      repos.folders.crumbs(f.path),
      repos.folders.children(f.id, seesPrivate(actor)).then((rows) => childCards(actor, rows)),
    ]);
    return {
      folder: {
        ...card(actor, f),
        status: f.status === 'ACTIVE' ? ('ACTIVE' as const) : ('INACTIVE' as const),
        created_at: f.created_at,
        breadcrumbs,
        children,
      },
    };
  }

  async function tree(
    actor: Actor,
    brandId: number,
    top: FolderRow,
    withWhat: z.output<typeof FolderTreeQuery>['with'],
  ) {
    const rows = await repos.folders.tree(brandId, { withPrivate: seesPrivate(actor), under: top.path });
    const nodes = new Map<number, FolderNode>();
    for (const r of rows)
      nodes.set(r.id, {
        id: r.id,
        parent_id: r.parent_id,
        name: r.name,
        visibility: r.visibility === 'PRIVATE' ? 'PRIVATE' : 'PUBLIC',
        children: [],
      });
    for (const n of nodes.values())
      if (n.id !== top.id && n.parent_id !== null) nodes.get(n.parent_id)?.children.push(n);
    const root = nodes.get(top.id)!;
    if (withWhat === 'folders') return { brand_id: brandId, root };
    const { items } = await repos.assets.inFolder(top.id, seesPrivate(actor), 1, TREE_ASSETS);
    const cm = await cardMedia(deps, actor);
    return { brand_id: brandId, root, assets: items.map((a) => assetCard(actor, a, cm)) };
  }

  async function image(files: FormFile[], crop: z.output<typeof FolderUpdateBody>['image_crop']) {
    const file = files.find((f) => f.field === 'image');
    if (!file) return undefined;
    const key = `${newBlobKey('folders')}/image.webp`;
    await storage.put(key, await pictureToWebp(file.data, crop, 'image'), 'image/webp');
    return key;
  }

  return {
    visible,
    visibleWithGeneration,

    async tree(ctx: RequestContext, q: z.output<typeof FolderTreeQuery>) {
      const { actor } = ctx;
      if (!q.brand_id) throw invalid({ brand_id: 'required' });
      await visibleBrand(repos, actor, q.brand_id);
      const root = await repos.folders.rootOf(q.brand_id);
      if (!root) throw new AppError('FOLDER_NOT_FOUND');
      return tree(actor, q.brand_id, root, q.with);
    },

    async treeOf(ctx: RequestContext, id: number, q: z.output<typeof FolderTreeQuery>) {
      const { actor } = ctx;
      const f = await visible(actor, id);
      return tree(actor, f.brand_id, f, q.with);
    },

    get: async ({ actor }: RequestContext, id: number) => view(actor, await visible(actor, id)),

    async create(ctx: RequestContext, body: z.output<typeof FolderNewBody>) {
      const { actor } = ctx;
      await visibleBrand(repos, actor, body.brand_id);
      const parent = body.parent_id ? await visible(actor, body.parent_id) : await repos.folders.rootOf(body.brand_id);
      if (!parent || parent.brand_id !== body.brand_id) throw invalid({ parent_id: 'invalid' });
      authorize(foldersPolicy.abilities(actor, parent).create_folder);
      const id = await handle.db.transaction().execute(async (trx) => {
        const folderId = await makeRepos(trx).folders.insert({
          brand_id: body.brand_id,
          parent,
          name: body.name,
          visibility: body.visibility,
          created_by: actor.user.id,
          at: now(),
        });
        await audit.record(trx, ctx, {
          event: 'folder.create',
          target: folderTarget({ id: folderId, name: body.name }),
          changes: created({ name: body.name, visibility: body.visibility }),
          info: { brand_id: body.brand_id, parent_id: parent.id },
        });
        return folderId;
      });
      return view(actor, (await repos.folders.byId(id))!);
    },

    async move(ctx: RequestContext, id: number, parentId: number) {
      const { actor } = ctx;
      const f = await visible(actor, id);
      authorize(foldersPolicy.abilities(actor, f).move);
      const parent = await visible(actor, parentId);
      // Same brand, and never into itself or below itself.
      if (parent.brand_id !== f.brand_id || parent.path.startsWith(f.path)) throw invalid({ parent_id: 'descendant' });
      await handle.db.transaction().execute(async (trx) => {
        await makeRepos(trx).folders.move(f, parent, now());
        await audit.record(trx, ctx, {
          event: 'folder.move',
          target: folderTarget(f),
          changes: { parent: { before: f.parent_id, after: parent.id } },
        });
      });
      return view(actor, (await repos.folders.byId(id))!);
    },

    async update(ctx: RequestContext, id: number, body: z.output<typeof FolderUpdateBody>, files: FormFile[]) {
      const { actor } = ctx;
      const f = await visible(actor, id);
      authorize(foldersPolicy.abilities(actor, f).update);
      const key = await image(files, body.image_crop);
      const visibilityChanged = body.visibility !== undefined && body.visibility !== f.visibility;
      await handle.db.transaction().execute(async (trx) => {
        await makeRepos(trx).folders.update(
          id,
          {
            ...(body.name ? { name: body.name } : {}),
            ...(body.visibility ? { visibility: body.visibility } : {}),
            ...(key ? { image_key: key } : body.remove_image ? { image_key: null } : {}),
            updated_at: now(),
          },
          visibilityChanged,
        );
        const changes = changesOf(f, { name: body.name, visibility: body.visibility }, ['name', 'visibility']);
        if (key) changes.image = { before: f.image_key ? 'set' : null, after: 'replaced' };
        else if (body.remove_image && f.image_key) changes.image = { before: 'set', after: null };
        await audit.record(trx, ctx, { event: 'folder.update', target: folderTarget(f), changes });
      });
      if ((key || body.remove_image) && f.image_key) await storage.delete(f.image_key);
      return view(actor, (await repos.folders.byId(id))!);
    },

    async assets(ctx: RequestContext, id: number, page: number, perPage = 50) {
      const { actor } = ctx;
      const f = await visible(actor, id);
      const r = await repos.assets.inFolder(f.id, seesPrivate(actor), page, perPage);
      const cm = await cardMedia(deps, actor);
      return { items: r.items.map((a) => assetCard(actor, a, cm)), total: r.total, page, per_page: perPage };
    },

    /**
     * Irreversible (§4): the subtree's rows go in one transaction, which also enqueues the deletion
     * of their stored files, so a crash leaves either everything or nothing removed.
     */
    async remove(ctx: RequestContext, id: number) {
      const { actor } = ctx;
      const f = await visible(actor, id);
      authorize(foldersPolicy.abilities(actor, f).remove);
      const result = await handle.db.transaction().execute(async (trx) => {
        const tx = makeRepos(trx);
        const blobs = await tx.assets.blobKeysUnder(f.path);
        const keys = [...blobs.keys, ...(await tx.folders.imageKeysUnder(f.path))];
        const folders = await tx.folders.deleteSubtree(f.path);
        for (let i = 0; i < keys.length; i += 500)
          await enqueue(trx, 'blobs.delete', { keys: keys.slice(i, i + 500) }, { clock });
        await audit.record(trx, ctx, {
          event: 'folder.remove',
          target: folderTarget(f),
          info: { folders, assets: blobs.count },
        });
        return { folders, assets: blobs.count };
      });
      deps.wake?.();
      return { message: 'Folder removed', ...result };
    },

    /** Folders the caller cannot see are left out rather than revealed; one brand check per brand. */
    async stats(ctx: RequestContext, ids: number[]) {
      const { actor } = ctx;
      const folders = await repos.folders.byIds(ids);
      const brands = new Map<number, boolean>();
      for (const brandId of new Set(folders.map((f) => f.brand_id))) {
        brands.set(
          brandId,
          await visibleBrand(repos, actor, brandId).then(
            () => true,
            () => false,
          ),
        );
      }
      const allowed = folders.filter((f) => brands.get(f.brand_id) && foldersPolicy.see(actor, f)).map((f) => f.id);
      const [items, totals] = await Promise.all([
        repos.folders.subfolders(allowed, seesPrivate(actor)),
        statsRepo(handle.db).folderTotals(allowed, seesPrivate(actor)),
      ]);
      const none = { assets: 0, bytes: 0, downloads: 0 };
      return { items: items.map((i) => ({ ...i, ...(totals.get(i.id) ?? none) })) };
    },
  };
}
export type FoldersService = ReturnType<typeof foldersService>;
