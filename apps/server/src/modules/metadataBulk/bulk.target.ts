import { BULK_EDIT_MAX } from '@brandvault/contract';
import type { BulkTarget } from '@brandvault/contract';
import type { z } from 'zod';
import type { Db, Dialect } from '../../db/index.js';
import type { Repos } from '../../deps/repos.js';
import { AppError, invalid } from '../../http/errors.js';
import type { Actor } from '../../access/principal.js';
import { sightOf } from '../../access/principal.js';
import { assetsPolicy } from '../assets/assets.policy.js';
import { folderScope } from '../reports/assetTemplate.export.js';
import { orderOf, searchFiltersOf } from '../search/search.service.js';
// eslint-disable-next-line no-restricted-syntax -- bound to the dialect, which makeRepos(db) does not know
import { searchRepo } from '../search/search.repo.js';

interface Env {
  repos: Repos;
  db: Db;
  dialect: Dialect;
}

/** An asset a bulk edit reaches: its id, type and brand. */
export interface BulkAsset {
  id: number;
  type: string;
  brand_id: number;
}

/** The ids a target names, before access: chosen ones, a folder's or a search's (at most one over the cap). */
async function idsOf(env: Env, actor: Actor, target: z.output<typeof BulkTarget>): Promise<number[]> {
  if (target.asset_ids) return [...new Set(target.asset_ids)];
  if (target.folder) {
    const { ids: inside } = await folderScope(env.repos, actor, target.folder.id, target.folder.recursive);
    return env.repos.assetTemplates.idsIn(inside);
  }
  const search = target.search!;
  const { folder } = await folderScope(env.repos, actor, search.folder_id, false);
  const filters = await searchFiltersOf(env, folder, search.filters, sightOf(actor));
  if (!filters) return [];
  return searchRepo(env.db, env.dialect).page(filters, orderOf(search.filters.sort), BULK_EDIT_MAX + 1, 0);
}

/**
 * The assets of a bulk edit the actor may update (asset.update, seen, active), in the target's
 * order, judged with one query over all of them. One brand only, at most BULK_EDIT_MAX. Chosen
 * assets are all or nothing (404 unless the actor may update every one, as requireAccess); a
 * folder's or a search's leave out what the actor may not update.
 */
export async function resolveTarget(env: Env, actor: Actor, target: z.output<typeof BulkTarget>) {
  const ids = await idsOf(env, actor, target);
  if (ids.length > BULK_EDIT_MAX) throw invalid({ 'target.asset_ids': 'bulkTooMany' });
  const rows = ids.length ? await env.repos.access.assets(ids, actor.user.id) : [];
  const allowed = new Map(
    rows
      .filter((r) => r.status === 'ACTIVE' && assetsPolicy.can(actor, 'update', r))
      .map((r) => [r.id, { id: r.id, type: r.type, brand_id: r.brand_id }]),
  );
  const assets = ids.flatMap((id) => allowed.get(id) ?? []);
  if (target.asset_ids && assets.length !== ids.length) throw new AppError('NOT_FOUND');
  const brands = new Set(assets.map((a) => a.brand_id));
  if (brands.size > 1) throw invalid({ 'target.asset_ids': 'bulkOneBrand' });
  return { brandId: assets[0]?.brand_id ?? null, assets };
}
