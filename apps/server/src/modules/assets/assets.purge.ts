import type { Clock } from '../../lib/clock.js';
import type { Unit } from '../../unitOfWork/unitOfWork.js';
import type { Repos } from '../../deps/repos.js';
import { assetTarget } from '../audit/audit.trail.js';

/**
 * Deletes a removed asset for good inside the caller's unit of work: its row (its versions,
 * comments and collection places go with it) and, enqueued with it, its stored files, so a crash
 * leaves either both or neither. Shared by "Delete forever" and the recurring purge
 * (`automatic`); false when a parallel restore or purge got there first.
 */
export async function purgeRemovedAsset(
  u: Unit<Pick<Repos, 'assets'>>,
  clock: Clock,
  asset: { id: number; name: string; brand_id: number },
  automatic: boolean,
) {
  const keys = await u.repos.assets.purgeOne(asset.id);
  if (!keys) return false;
  if (keys.length) await u.enqueue('blobs.delete', { keys }, { clock });
  await u.audit({ event: 'asset.purge', target: assetTarget(asset), info: { brand_id: asset.brand_id, automatic } });
  return true;
}
