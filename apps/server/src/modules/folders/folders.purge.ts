import type { Clock } from '../../lib/clock.js';
import type { Unit } from '../../unitOfWork/unitOfWork.js';
import type { Repos } from '../../deps/repos.js';
import { folderTarget } from '../audit/audit.trail.js';
import type { FolderRow, foldersRepo } from './folders.repo.js';

type PurgeRepos = Pick<Repos, 'assets' | 'folders'>;

/**
 * Deletes a Trash entry for good, inside the caller's unit of work: the rows of its subtree (and
 * of any entry trashed earlier inside it) go, and the deletion of their stored files is enqueued
 * with them, so a crash leaves either everything or nothing deleted. Shared by "Delete forever"
 * and the recurring purge (`automatic`).
 */
export async function purgeTrashEntry(u: Unit<PurgeRepos>, clock: Clock, entry: FolderRow, automatic: boolean) {
  const blobs = await u.repos.assets.blobKeysUnder(entry.path);
  const keys = [...blobs.keys, ...(await u.repos.folders.imageKeysUnder(entry.path))];
  const folders = await u.repos.folders.deleteSubtree(entry.path);
  for (let i = 0; i < keys.length; i += 500)
    await u.enqueue('blobs.delete', { keys: keys.slice(i, i + 500) }, { clock });
  await u.audit({
    event: 'folder.purge',
    target: folderTarget(entry),
    info: { folders, assets: blobs.count, automatic },
  });
  return { folders, assets: blobs.count };
}

// folders.repo.ts's entry in the registry (kept here while that file is being split).
declare module '../../deps/repos.js' {
  interface Repos {
    folders: ReturnType<typeof foldersRepo>;
  }
}
