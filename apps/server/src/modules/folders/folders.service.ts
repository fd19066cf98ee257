import type {
  AssetCard,
  FolderNewBody,
  FolderTrashQuery,
  FolderTreeQuery,
  FolderUpdateBody,
} from '@brandvault/contract';
import type { z } from 'zod';
import { authorize } from '../../http/authorize.js';
import { AppError, found, invalid, isUniqueViolation } from '../../http/errors.js';
import type { FormFile } from '../../http/multipart.js';
import { iso } from '../../lib/clock.js';
import { pictureToWebp } from '../../lib/pictures.js';
import type { Deps } from '../../deps/deps.js';
import type { Repos } from '../../deps/repos.js';
import type { MediaUrl } from '../../lib/mediaUrl.js';
import { newBlobKey } from '../../storage/index.js';
import type { Actor } from '../../access/principal.js';
import { seesPrivate, sightOf } from '../../access/principal.js';
import { visibleBrand } from '../brands/brandAccess.js';
import { brandsPolicy } from '../brands/brands.policy.js';
import { foldersPolicy } from './folders.policy.js';
import { purgeTrashEntry } from './folders.purge.js';
import type { FolderRow } from './folders.repo.js';
import { folderChild, folderDetail, folderTree, trashEntryItem } from './folders.view.js';
import type { RequestContext } from '../../lib/requestContext.js';
import { changesOf, created, folderTarget } from '../audit/audit.trail.js';
import { cardMedia } from '../watermarks/watermark.previews.js';

const TREE_ASSETS = 50;

type FolderAssetRow = Awaited<ReturnType<Repos['assets']['inFolder']>>['items'][number];
/** How an asset shows in a list (assets.view's assetCard), given by the root: assets sit above folders. */
export type AssetCardOf = (actor: Actor, a: FolderAssetRow, media: MediaUrl) => AssetCard;

export function foldersService(deps: Deps, assetCard: AssetCardOf) {
  const { repos, clock, media, storage, handle } = deps;
  const now = () => iso(clock.now());

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

  /**
   * Runs a change that may give two sibling folders one name: the check before it passed, but a
   * parallel request can still win the race, and then the unique index answers 422, never 500.
   */
  async function siblingUnique<T>(field: 'name' | 'parent_id', run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (isUniqueViolation(err)) throw invalid({ [field]: field === 'name' ? 'siblingName' : 'moveName' });
      throw err;
    }
  }

  /** A Trash entry of a brand the actor sees, and not PRIVATE unless they see private content. */
  async function trashEntry(actor: Actor, id: number) {
    const entry = await repos.folders.trashEntry(id);
    if (!entry || (entry.private_path === 1 && !seesPrivate(actor))) throw new AppError('FOLDER_NOT_FOUND');
    await visibleBrand(repos, actor, entry.brand_id).catch(() => {
      throw new AppError('FOLDER_NOT_FOUND');
    });
    return entry;
  }

  /** The subfolders with their asset counts and mosaics: three statements whatever their number. */
  async function childCards(actor: Actor, children: FolderRow[]) {
    const [figures, cm] = await Promise.all([
      repos.folders.cardFigures(
        children.map((c) => c.id),
        sightOf(actor),
        handle.dialect,
      ),
      cardMedia(deps, actor),
    ]);
    return children.map((c) => folderChild(actor, c, media, figures.get(c.id), cm));
  }

  async function view(actor: Actor, f: FolderRow) {
    const [breadcrumbs, children] = await Promise.all([
      repos.folders.crumbs(f.path),
      repos.folders.children(f.id, seesPrivate(actor)).then((rows) => childCards(actor, rows)),
    ]);
    return { folder: folderDetail(actor, f, media, breadcrumbs, children) };
  }

  async function tree(
    actor: Actor,
    brandId: number,
    top: FolderRow,
    withWhat: z.output<typeof FolderTreeQuery>['with'],
  ) {
    const rows = await repos.folders.tree(brandId, { withPrivate: seesPrivate(actor), under: top.path });
    const root = folderTree(rows, top.id);
    if (withWhat === 'folders') return { brand_id: brandId, root };
    const { items } = await repos.assets.inFolder(top.id, sightOf(actor), 1, TREE_ASSETS);
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
      if (await repos.folders.siblingNamed(parent.id, body.name)) throw invalid({ name: 'siblingName' });
      const id = await siblingUnique('name', () =>
        deps.change(ctx, async (u) => {
          const folderId = await u.repos.folders.insert({
            brand_id: body.brand_id,
            parent,
            name: body.name,
            visibility: body.visibility,
            created_by: actor.user.id,
            at: now(),
          });
          await u.audit({
            event: 'folder.create',
            target: folderTarget({ id: folderId, name: body.name }),
            changes: created({ name: body.name, visibility: body.visibility }),
            info: { brand_id: body.brand_id, parent_id: parent.id },
          });
          return folderId;
        }),
      );
      return view(actor, found(await repos.folders.byId(id)));
    },

    async move(ctx: RequestContext, id: number, parentId: number) {
      const { actor } = ctx;
      const f = await visible(actor, id);
      authorize(foldersPolicy.abilities(actor, f).move);
      const parent = await visible(actor, parentId);
      // Same brand, and never into itself or below itself.
      if (parent.brand_id !== f.brand_id || parent.path.startsWith(f.path)) throw invalid({ parent_id: 'descendant' });
      if (await repos.folders.siblingNamed(parent.id, f.name, f.id)) throw invalid({ parent_id: 'moveName' });
      await siblingUnique('parent_id', () =>
        deps.change(ctx, async (u) => {
          await u.repos.folders.move(f, parent, now());
          await u.audit({
            event: 'folder.move',
            target: folderTarget(f),
            changes: { parent: { before: f.parent_id, after: parent.id } },
          });
        }),
      );
      return view(actor, found(await repos.folders.byId(id)));
    },

    async update(ctx: RequestContext, id: number, body: z.output<typeof FolderUpdateBody>, files: FormFile[]) {
      const { actor } = ctx;
      const f = await visible(actor, id);
      authorize(foldersPolicy.abilities(actor, f).update);
      if (body.name && f.parent_id !== null && (await repos.folders.siblingNamed(f.parent_id, body.name, f.id)))
        throw invalid({ name: 'siblingName' });
      const key = await image(files, body.image_crop);
      const visibilityChanged = body.visibility !== undefined && body.visibility !== f.visibility;
      await siblingUnique('name', () =>
        deps.change(ctx, async (u) => {
          await u.repos.folders.update(
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
          await u.audit({ event: 'folder.update', target: folderTarget(f), changes });
        }),
      );
      if ((key || body.remove_image) && f.image_key) await storage.delete(f.image_key);
      return view(actor, found(await repos.folders.byId(id)));
    },

    async assets(ctx: RequestContext, id: number, page: number, perPage = 50) {
      const { actor } = ctx;
      const f = await visible(actor, id);
      const r = await repos.assets.inFolder(f.id, sightOf(actor), page, perPage);
      const cm = await cardMedia(deps, actor);
      return { items: r.items.map((a) => assetCard(actor, a, cm)), total: r.total, page, per_page: perPage };
    },

    /**
     * Moves the folder and its subtree to the brand's Trash (restorable for TRASH_DAYS): one
     * transaction marks the folders trashed and their ACTIVE assets INACTIVE, with the audit entry.
     */
    async remove(ctx: RequestContext, id: number) {
      const { actor } = ctx;
      const f = await visible(actor, id);
      authorize(foldersPolicy.abilities(actor, f).remove);
      const result = await deps.change(ctx, async (u) => {
        const counts = await u.repos.folders.trash(f, actor.user.id, now());
        // Another request trashed it first: nothing was left to move.
        if (!counts.folders) throw new AppError('FOLDER_NOT_FOUND');
        await u.audit({ event: 'folder.trash', target: folderTarget(f), info: counts });
        return counts;
      });
      return { message: 'Moved to the Trash', ...result };
    },

    /** A brand's Trash, for those who manage its assets (asset.manage, checked by the route). */
    async trashList(ctx: RequestContext, q: z.output<typeof FolderTrashQuery>) {
      const { actor } = ctx;
      await visibleBrand(repos, actor, q.brand_id);
      const perPage = q.per_page ?? 50;
      const r = await repos.folders.trashList(q.brand_id, seesPrivate(actor), q.page, perPage);
      const crumbs = await repos.folders.crumbsMany(r.items.map((e) => e.path));
      return {
        items: r.items.map((e) => trashEntryItem(e, crumbs)),
        total: r.total,
        page: q.page,
        per_page: perPage,
      };
    },

    /**
     * Puts a Trash entry back where it was. Refused (422) while its parent is itself in the Trash,
     * or when an ACTIVE sibling now has its name: the person restores the parent, or renames the
     * other folder, and tries again; nothing is renamed behind their back.
     */
    async restore(ctx: RequestContext, id: number) {
      const { actor } = ctx;
      const entry = await trashEntry(actor, id);
      const parent = entry.parent_id !== null ? await repos.folders.byId(entry.parent_id) : undefined;
      if (!parent) throw invalid({ parent_id: 'restoreParent' });
      if (await repos.folders.siblingNamed(parent.id, entry.name, entry.id)) throw invalid({ name: 'restoreName' });
      try {
        await deps.change(ctx, async (u) => {
          // Read again inside: a parallel restore or purge of the same entry finds nothing to do.
          if (!(await u.repos.folders.claimTrashEntry(id))) throw new AppError('FOLDER_NOT_FOUND');
          if (!(await u.repos.folders.byId(parent.id))) throw invalid({ parent_id: 'restoreParent' });
          const counts = await u.repos.folders.restore(entry, now());
          await u.audit({ event: 'folder.restore', target: folderTarget(entry), info: counts });
        });
      } catch (err) {
        // The parent went to the Trash meanwhile, or a sibling took the name: the unique index says so.
        if (isUniqueViolation(err)) throw invalid({ name: 'restoreName' });
        throw err;
      }
      const restored = await repos.folders.byId(id);
      if (!restored) throw invalid({ parent_id: 'restoreParent' });
      return view(actor, restored);
    },

    /** "Delete forever": what removing a folder did before the Trash, for one entry. */
    async purge(ctx: RequestContext, id: number) {
      const { actor } = ctx;
      const entry = await trashEntry(actor, id);
      const result = await deps.change(ctx, async (u) => {
        if (!(await u.repos.folders.claimTrashEntry(id))) throw new AppError('FOLDER_NOT_FOUND');
        return purgeTrashEntry(u, clock, entry, false);
      });
      return { message: 'Deleted for good', ...result };
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
        repos.stats.folderTotals(allowed, sightOf(actor)),
      ]);
      const none = { assets: 0, bytes: 0, downloads: 0 };
      return { items: items.map((i) => ({ ...i, ...(totals.get(i.id) ?? none) })) };
    },
  };
}
export type FoldersService = ReturnType<typeof foldersService>;

declare module '../../deps/services.js' {
  interface Services {
    folders: ReturnType<typeof foldersService>;
  }
}
