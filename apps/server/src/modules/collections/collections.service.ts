import type {
  CollectionNewBody,
  CollectionViewQuery,
  CollectionListQuery,
  FavoriteIds,
  FolderToCollectionBody,
} from '@brandvault/contract';
import { COLLECTION_NAME_MAX } from '@brandvault/contract';
import type { z } from 'zod';
import { AppError, found, invalid } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import type { RequestContext } from '../../lib/requestContext.js';
import type { Deps } from '../../deps/deps.js';
import type { Actor } from '../../access/principal.js';
import { requireAccess } from '../access/requireAccess.js';
import { assetAccess } from '../assets/assets.policy.js';
import { assetCard } from '../assets/assets.view.js';
import { collectionTarget, created } from '../audit/audit.trail.js';
import type { FoldersService } from '../folders/folders.service.js';
import type { CollectionAction } from './collections.policy.js';
import { collectionAccess, collectionsPolicy, sightOf } from './collections.policy.js';
import type { CollectionRow } from './collections.repo.js';
import { collectionCard } from './collections.view.js';
import { cardMedia } from '../watermarks/watermark.previews.js';

const unique = (ids: readonly number[]) => [...new Set(ids)];

export function collectionsService(deps: Deps, folders: FoldersService) {
  const { repos, clock, media } = deps;
  const now = () => iso(clock.now());

  /** The caller's own collection allowing `action`; anyone else's, or none, answers 404. */
  async function own(actor: Actor, id: number, action: CollectionAction = 'view') {
    const row = (await requireAccess(repos, { actor, permission: 'view', kind: collectionAccess, ids: [id] }))[0]!;
    if (!collectionsPolicy.can(actor, action, row)) throw new AppError('FORBIDDEN');
    return row as CollectionRow;
  }

  async function card(actor: Actor, row: CollectionRow) {
    const sight = sightOf(actor);
    const [counts, thumbs] = await Promise.all([
      repos.collections.counts(sight, [row.id]),
      repos.collections.thumbs(sight, [row.id]),
    ]);
    return collectionCard(actor, row, counts.get(row.id) ?? 0, thumbs.get(row.id) ?? [], media);
  }

  /**
   * Every id must be an asset the caller sees now and not removed: one query for the set, 404
   * for all of them if any is not (nothing is added, and which one failed is not told).
   */
  async function addable(actor: Actor, ids: readonly number[]) {
    const rows = await requireAccess(repos, { actor, permission: 'view', kind: assetAccess, ids });
    if (rows.some((a) => a.status !== 'ACTIVE')) throw new AppError('NOT_FOUND');
    return rows.map((r) => r.id);
  }

  /** The name is free among the owner's collections (a race past this meets the unique index: 422). */
  async function freeName(ownerId: number, name: string, except?: number) {
    if (await repos.collections.nameTaken(ownerId, name, except)) throw invalid({ name: 'taken' });
  }

  const favoritesId = (actor: Actor) => repos.collections.ensureFavorites(actor.user.id, now());

  async function favoriteIds(actor: Actor, id: number): Promise<FavoriteIds> {
    return { collection_id: id, asset_ids: await repos.collections.visibleIds(sightOf(actor), id) };
  }

  /** Adds what is not there yet; records the entry only when something changed. */
  async function add(
    ctx: RequestContext,
    row: CollectionRow,
    ids: number[],
    event: 'favorite.add' | 'collection.assets_add',
  ) {
    const at = now();
    return deps.change(ctx, async (u) => {
      const tx = u.repos.collections;
      const present = new Set(await tx.present(row.id, ids));
      const added = ids.filter((i) => !present.has(i)).sort((a, b) => a - b);
      if (!added.length) return 0;
      await tx.addAssets(row.id, added, at);
      await tx.touch(row.id, at);
      await u.audit({ event, target: collectionTarget(row), info: { asset_ids: added } });
      return added.length;
    });
  }

  async function remove(
    ctx: RequestContext,
    row: CollectionRow,
    ids: number[],
    event: 'favorite.remove' | 'collection.assets_remove',
  ) {
    const at = now();
    return deps.change(ctx, async (u) => {
      const tx = u.repos.collections;
      const removed = (await tx.present(row.id, ids)).sort((a, b) => a - b);
      if (!removed.length) return 0;
      await tx.removeAssets(row.id, removed);
      await tx.touch(row.id, at);
      await u.audit({ event, target: collectionTarget(row), info: { asset_ids: removed } });
      return removed.length;
    });
  }

  /** A new collection with its first assets, in one transaction with its entry. */
  async function make(
    ctx: RequestContext,
    name: string,
    assetIds: number[],
    entry:
      | { event: 'collection.create' }
      | { event: 'folder.to_collection'; folder: { id: number; name: string }; subfolders: boolean },
  ) {
    const at = now();
    const id = await deps.change(ctx, async (u) => {
      const tx = u.repos.collections;
      const newId = await tx.insert({ owner_id: ctx.actor.user.id, name, at });
      await tx.addAssets(newId, assetIds, at);
      const target = collectionTarget({ id: newId, name });
      if (entry.event === 'collection.create')
        await u.audit({
          event: 'collection.create',
          target,
          changes: created({ name }),
          info: { assets: assetIds.length },
        });
      else
        await u.audit({
          event: 'folder.to_collection',
          target,
          changes: created({ name }),
          info: { folder_id: entry.folder.id, subfolders: entry.subfolders, assets: assetIds.length },
        });
      return newId;
    });
    return { collection: await card(ctx.actor, found(await repos.collections.byId(id))) };
  }

  return {
    /** For the session answer: the user's favourites id, made on first sign-in. */
    favoritesId,

    async favoritesAssets({ actor }: RequestContext) {
      return favoriteIds(actor, await favoritesId(actor));
    },
    async favoritesAdd(ctx: RequestContext, ids: number[]) {
      const wanted = await addable(ctx.actor, unique(ids));
      const row = (await repos.collections.byId(await favoritesId(ctx.actor)))!;
      await add(ctx, row, wanted, 'favorite.add');
      return favoriteIds(ctx.actor, row.id);
    },
    async favoritesRemove(ctx: RequestContext, ids: number[]) {
      const row = (await repos.collections.byId(await favoritesId(ctx.actor)))!;
      await remove(ctx, row, unique(ids), 'favorite.remove');
      return favoriteIds(ctx.actor, row.id);
    },

    async ownList({ actor }: RequestContext, q: z.output<typeof CollectionListQuery>) {
      const sight = sightOf(actor);
      const { total, items } = await repos.collections.ownList(sight, q.q, q.page, q.per_page);
      const thumbs = await repos.collections.thumbs(
        sight,
        items.map((r) => r.id),
      );
      return {
        items: items.map((r) => collectionCard(actor, r, r.asset_count, thumbs.get(r.id) ?? [], media)),
        total,
        page: q.page,
        per_page: q.per_page,
      };
    },

    async create(ctx: RequestContext, body: z.output<typeof CollectionNewBody>) {
      const ids = body.asset_ids?.length ? await addable(ctx.actor, unique(body.asset_ids)) : [];
      await freeName(ctx.actor.user.id, body.name);
      return make(ctx, body.name, ids, { event: 'collection.create' });
    },

    async view({ actor }: RequestContext, id: number, q: z.output<typeof CollectionViewQuery>) {
      const row = await own(actor, id);
      const page = await repos.collections.page(sightOf(actor), id, q.sort, q.page, q.per_page);
      const cm = await cardMedia(deps, actor);
      return {
        collection: await card(actor, row),
        assets: {
          items: page.items.map((a) => assetCard(actor, a, cm)),
          total: page.total,
          page: q.page,
          per_page: q.per_page,
        },
      };
    },

    async update(ctx: RequestContext, id: number, name: string) {
      const row = await own(ctx.actor, id, 'update');
      if (name !== row.name) {
        await freeName(ctx.actor.user.id, name, id);
        await deps.change(ctx, async (u) => {
          await u.repos.collections.rename(id, name, now());
          await u.audit({
            event: 'collection.update',
            target: collectionTarget({ id, name }),
            changes: { name: { before: row.name, after: name } },
          });
        });
      }
      return { collection: await card(ctx.actor, found(await repos.collections.byId(id))) };
    },

    async delete(ctx: RequestContext, id: number) {
      const row = await own(ctx.actor, id, 'remove');
      await deps.change(ctx, async (u) => {
        const tx = u.repos.collections;
        const assets = await tx.memberCount(id);
        await tx.remove(id);
        await u.audit({ event: 'collection.delete', target: collectionTarget(row), info: { assets } });
      });
      return { message: 'Deleted' };
    },

    async assetsAdd(ctx: RequestContext, id: number, ids: number[]) {
      const row = await own(ctx.actor, id, 'add_assets');
      const wanted = await addable(ctx.actor, unique(ids));
      const changed = await add(ctx, row, wanted, row.favorite_of === null ? 'collection.assets_add' : 'favorite.add');
      return { message: 'Added', changed, collection: await card(ctx.actor, found(await repos.collections.byId(id))) };
    },

    async assetsRemove(ctx: RequestContext, id: number, ids: number[]) {
      const row = await own(ctx.actor, id, 'remove_assets');
      const changed = await remove(
        ctx,
        row,
        unique(ids),
        row.favorite_of === null ? 'collection.assets_remove' : 'favorite.remove',
      );
      return {
        message: 'Removed',
        changed,
        collection: await card(ctx.actor, found(await repos.collections.byId(id))),
      };
    },

    /** §4: a new collection holding the folder's assets as they are now; the folder is unchanged. */
    async fromFolder(ctx: RequestContext, folderId: number, body: z.output<typeof FolderToCollectionBody>) {
      const folder = await folders.visible(ctx.actor, folderId);
      const ids = await repos.collections.folderAssetIds(sightOf(ctx.actor), folder, body.subfolders);
      let name = body.name;
      if (name !== undefined) await freeName(ctx.actor.user.id, name);
      else {
        // The folder's name, or the first free "name (n)".
        const base = folder.name.slice(0, COLLECTION_NAME_MAX - 8);
        name = base;
        for (let n = 2; await repos.collections.nameTaken(ctx.actor.user.id, name); n += 1) name = `${base} (${n})`;
      }
      return make(ctx, name, ids, { event: 'folder.to_collection', folder, subfolders: body.subfolders });
    },
  };
}
export type CollectionsService = ReturnType<typeof collectionsService>;

declare module '../../deps/services.js' {
  interface Services {
    collections: ReturnType<typeof collectionsService>;
  }
}
