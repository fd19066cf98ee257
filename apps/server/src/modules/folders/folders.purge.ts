import type { Db } from '../../db/index.js';
import { enqueue } from '../../jobs/queue.js';
import type { Clock } from '../../lib/clock.js';
import type { AnyContext } from '../../lib/requestContext.js';
import { makeRepos } from '../../repos.js';
import { auditTrail, folderTarget } from '../audit/audit.trail.js';
import type { FolderRow } from './folders.repo.js';

/**
 * Deletes a Trash entry for good, inside the caller's transaction: the rows of its subtree (and
 * of any entry trashed earlier inside it) go, and the deletion of their stored files is enqueued
 * with them, so a crash leaves either everything or nothing deleted. Shared by "Delete forever"
 * and the recurring purge (`automatic`).
 */
export async function purgeTrashEntry(
  trx: Db,
  deps: { clock: Clock; config: { appKey?: string | undefined } },
  ctx: AnyContext,
  entry: FolderRow,
  automatic: boolean,
) {
  const tx = makeRepos(trx);
  const blobs = await tx.assets.blobKeysUnder(entry.path);
  const keys = [...blobs.keys, ...(await tx.folders.imageKeysUnder(entry.path))];
  const folders = await tx.folders.deleteSubtree(entry.path);
  for (let i = 0; i < keys.length; i += 500)
    await enqueue(trx, 'blobs.delete', { keys: keys.slice(i, i + 500) }, { clock: deps.clock });
  await auditTrail(deps).record(trx, ctx, {
    event: 'folder.purge',
    target: folderTarget(entry),
    info: { folders, assets: blobs.count, automatic },
  });
  return { folders, assets: blobs.count };
}
