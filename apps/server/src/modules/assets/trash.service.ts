import { TRASH_DAYS } from '@brandvault/contract';
import type { AssetTrashEntry, AssetTrashQuery, AssetType } from '@brandvault/contract';
import { ASSET_TYPES } from '@brandvault/contract';
import type { z } from 'zod';
import { authorize } from '../../http/authorize.js';
import { AppError } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import type { RequestContext } from '../../lib/requestContext.js';
import type { Deps } from '../../deps/deps.js';
import { sightOf } from '../../access/principal.js';
import { requireAccess } from '../access/requireAccess.js';
import { visibleBrand } from '../brands/brandAccess.js';
import { assetAccess, assetsPolicy } from './assets.policy.js';
import { purgeRemovedAsset } from './assets.purge.js';
import { folderNames } from './manager.view.js';

type Row = Awaited<ReturnType<Deps['repos']['assets']['trashList']>>['items'][number];

const asType = (t: string): AssetType => ((ASSET_TYPES as readonly string[]).includes(t) ? (t as AssetType) : 'other');

/**
 * The assets half of a brand's Trash (issue 44 §2): the list, and "delete forever". Restoring is
 * the asset's status change (one or many), which also ends its Trash entry.
 */
export function assetTrashService(deps: Deps) {
  const { repos, clock, media } = deps;

  function entry(r: Row, names: Map<number, string>, purge: boolean): AssetTrashEntry {
    const trashedAt = r.trashed_at!;
    return {
      id: r.id,
      brand_id: r.brand_id,
      name: r.name,
      type: asType(r.type),
      size: Number(r.size),
      visibility: r.visibility === 'PRIVATE' ? 'PRIVATE' : 'PUBLIC',
      thumbnail_url: media(r.thumb_key, r.brand_id),
      folder: { id: r.folder_id, path: folderNames(r.folder_path, names) },
      trashed_at: trashedAt,
      trashed_by:
        r.trashed_by !== null ? { id: r.trashed_by, name: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() } : null,
      purge_at: iso(new Date(Date.parse(trashedAt) + TRASH_DAYS * 86_400_000)),
      // Listed only to those who may remove (so restore) assets: the route's asset.delete.
      abilities: { restore: true, purge },
    };
  }

  return {
    async list(ctx: RequestContext, q: z.output<typeof AssetTrashQuery>) {
      const { actor } = ctx;
      await visibleBrand(repos, actor, q.brand_id);
      const perPage = q.per_page ?? 50;
      const sight = { ...sightOf(actor), userId: actor.user.id, ownOnly: !assetsPolicy.seesWholeTrash(actor) };
      const r = await repos.assets.trashList(q.brand_id, sight, q.page, perPage);
      const names = await repos.folders.crumbsMany(r.items.map((e) => e.folder_path));
      const purge = assetsPolicy.purges(actor);
      return { items: r.items.map((e) => entry(e, names, purge)), total: r.total, page: q.page, per_page: perPage };
    },

    /** "Delete forever" of one removed asset; 404 unless it is in the Trash and the caller sees it. */
    async purge(ctx: RequestContext, id: number) {
      const { actor } = ctx;
      const [row] = await requireAccess(repos, { actor, permission: 'restore', kind: assetAccess, ids: [id] });
      authorize(assetsPolicy.purges(actor));
      const done = await deps.change(ctx, (u) => purgeRemovedAsset(u, clock, row!, false));
      if (!done) throw new AppError('NOT_FOUND');
      return { message: 'Deleted for good', id };
    },
  };
}

declare module '../../deps/services.js' {
  interface Services {
    assetTrash: ReturnType<typeof assetTrashService>;
  }
}
