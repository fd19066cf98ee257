import { ASSET_MANAGER_EXACT_TOTAL, ASSET_MANAGER_PER_PAGE } from '@brandvault/contract';
import type { AssetManagerList, AssetManagerQuery, AssetStatusManyBody } from '@brandvault/contract';
import type { z } from 'zod';
import { authorize } from '../../http/authorize.js';
import { AppError } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import type { RequestContext } from '../../lib/requestContext.js';
import type { Deps } from '../../deps/deps.js';
import { requireAccess } from '../access/requireAccess.js';
import { assetTarget } from '../audit/audit.trail.js';
import type { Actor } from '../../access/principal.js';
import { seesPrivate } from '../../access/principal.js';
import { brandsPolicy } from '../brands/brands.policy.js';
import type { FoldersService } from '../folders/folders.service.js';
import { cardMedia } from '../watermarks/watermark.previews.js';
import { assetAccess, assetsPolicy } from './assets.policy.js';
// eslint-disable-next-line no-restricted-syntax -- bound to the dialect, which makeRepos(db) does not know: built over deps.handle
import { assetManagerRepo } from './manager.repo.js';
import type { ManagerFilters } from './manager.repo.js';
import { managerRow } from './manager.view.js';

type Query = z.output<typeof AssetManagerQuery>;
type Brands = AssetManagerList['brands'];
const CAP = ASSET_MANAGER_EXACT_TOTAL;
const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00.000Z`) + 86_400_000).toISOString();

/**
 * The all-assets admin table (§2 assets.manage): every asset of the brands the caller sees (all
 * for administrators, their own for managers, as brandsPolicy.see says), removed ones too for
 * those who may restore them, and PRIVATE ones for those who see private content (canSeeAsset);
 * and bulk remove and restore (§4), checked as a set and audited per asset.
 */
export function assetManagerService(deps: Deps, folders: FoldersService) {
  const { repos, handle, clock } = deps;
  const repo = assetManagerRepo(handle.db, handle.dialect);

  /** The query as filters over the caller's brands; null when it cannot match anything. */
  async function filtersOf(actor: Actor, q: Query, brands: Brands): Promise<ManagerFilters | null> {
    const mayRestore = assetsPolicy.seesRemoved(actor);
    let brandIds = brands.map((b) => b.id);
    // A brand out of reach answers as an unknown one does.
    if (q.brand !== undefined && !brandIds.includes(q.brand)) throw new AppError('NOT_FOUND');
    if (q.brand !== undefined) brandIds = [q.brand];
    let path: string | undefined;
    if (q.folder !== undefined) {
      const folder = await folders.visible(actor, q.folder);
      // A folder of another brand than the brand filter's: nothing is in both.
      if (!brandIds.includes(folder.brand_id)) return null;
      brandIds = [folder.brand_id];
      if (folder.parent_id !== null) path = folder.path;
    }
    if (!brandIds.length || (q.status === 'INACTIVE' && !mayRestore)) return null;
    return {
      brandIds,
      path,
      active: q.status ? [q.status === 'ACTIVE' ? 1 : 0] : mayRestore ? [1, 0] : [1],
      withPrivate: seesPrivate(actor),
      type: q.type,
      uploader: q.uploader,
      from: q.from ? `${q.from}T00:00:00.000Z` : undefined,
      before: q.to ? nextDay(q.to) : undefined,
    };
  }

  return {
    async list(ctx: RequestContext, q: Query): Promise<AssetManagerList> {
      const { actor } = ctx;
      const brands = (
        await repo.brandsFor(actor.user.id, brandsPolicy.seesAllBrands(actor), brandsPolicy.manage(actor))
      ).map((b) => ({
        id: b.id,
        name: b.name,
        status: b.status === 'ACTIVE' ? ('ACTIVE' as const) : ('INACTIVE' as const),
      }));
      const perPage = q.per_page ?? ASSET_MANAGER_PER_PAGE;
      const answer = { items: [], total: 0, total_capped: false, page: q.page, per_page: perPage, brands };
      const f = await filtersOf(actor, q, brands);
      if (!f) return answer;
      const n = await repo.count(f, CAP);
      const capped = n > CAP;
      const offset = (q.page - 1) * perPage;
      const total = capped ? CAP : n;
      if (n === 0 || (!capped && offset >= n)) return { ...answer, total };
      const ids = await repo.pageIds(f, { key: q.sort, dir: q.dir }, perPage, offset, capped);
      const [rows, media] = await Promise.all([repo.rows(ids), cardMedia(deps, actor)]);
      const names = await repos.folders.crumbsMany(rows.map((r) => r.folder_path));
      const byId = new Map(rows.map((r) => [r.id, r]));
      const items = ids.flatMap((id) => {
        const r = byId.get(id);
        return r ? [managerRow(actor, r, names, media)] : [];
      });
      return { ...answer, items, total, total_capped: capped };
    },

    /**
     * Removes or restores a set of assets (§4), all or nothing: one query checks every id (404
     * unless the caller sees them all); those already so are left alone; one transaction changes
     * the rest and records an `asset.status` entry for each, as the single change does. Removed
     * assets leave search and collections through the search table's triggers.
     */
    async changeStatusMany(ctx: RequestContext, body: z.output<typeof AssetStatusManyBody>) {
      const { actor } = ctx;
      const { status } = body;
      const action = status === 'INACTIVE' ? 'remove' : 'restore';
      const changed = await deps.change(ctx, async (u) => {
        const tx = u.repos;
        const rows = await requireAccess(tx, { actor, permission: 'view', kind: assetAccess, ids: body.ids });
        const changing = rows.filter((r) => r.status !== status);
        authorize(changing.every((r) => assetsPolicy.can(actor, action, r)));
        const done = await tx.assets.setStatusMany(
          changing.map((r) => r.id),
          status,
          iso(clock.now()),
          actor.user.id,
        );
        await u.auditMany(
          changing
            .filter((c) => done.has(c.id))
            .map((r) => ({
              event: 'asset.status' as const,
              target: assetTarget(r),
              changes: { status: { before: r.status, after: status } },
            })),
        );
        for (const r of changing.filter((c) => done.has(c.id)))
          await u.emit(status === 'INACTIVE' ? 'asset.removed' : 'asset.restored', {
            assetId: r.id,
            brandId: r.brand_id,
          });
        return done.size;
      });
      return { message: status === 'INACTIVE' ? 'Removed' : 'Restored', status, changed };
    },
  };
}
export type AssetManagerService = ReturnType<typeof assetManagerService>;

declare module '../../deps/services.js' {
  interface Services {
    assetManager: ReturnType<typeof assetManagerService>;
  }
}
