import { TRASH_DAYS } from '@brandvault/contract';
import { iso } from '../../lib/clock.js';
import { purgeRemovedAsset } from '../../modules/assets/assets.purge.js';
import { purgeTrashEntry } from '../../modules/folders/folders.purge.js';
import { jobSchemas } from '../../jobs/payloads.js';
import { defineHandler } from '../../jobs/types.js';

/**
 * Deletes for good the Trash entries older than TRASH_DAYS, each in its own transaction (with its
 * blob deletion jobs and a `folder.purge` or `asset.purge` audit entry marked automatic), oldest
 * first: the folders', then the assets removed by themselves.
 */
export const foldersPurgeTrash = defineHandler({
  schema: jobSchemas['folders.purgeTrash'],
  async run({ batch }, { clock, repos, change }) {
    const before = iso(new Date(clock.now().getTime() - TRASH_DAYS * 86_400_000));
    const ctx = {
      actor: null,
      ip: '',
      userAgent: null,
      emulatorId: null,
      lang: 'en' as const,
      requestId: 'trash.purge',
    };
    let entries = 0;
    let assets = 0;
    for (;;) {
      const due = await repos.folders.trashDue(before, batch);
      for (const entry of due) {
        const r = await change(ctx, async (u) => {
          // Restored or purged by someone meanwhile: nothing to do.
          const still = await u.repos.folders.claimTrashEntry(entry.id);
          return still ? purgeTrashEntry(u, clock, still, true) : null;
        });
        if (r) {
          entries++;
          assets += r.assets;
        }
      }
      if (due.length < batch) break;
    }
    for (;;) {
      const due = await repos.assets.trashDueAssets(before, batch);
      let gone = 0;
      for (const asset of due) if (await change(ctx, (u) => purgeRemovedAsset(u, clock, asset, true))) gone++;
      entries += gone;
      assets += gone;
      // A batch that deleted nothing was restored meanwhile: the next read would find it again.
      if (due.length < batch || gone === 0) break;
    }
    return { entries, assets };
  },
});
