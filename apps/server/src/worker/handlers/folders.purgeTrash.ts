import { TRASH_DAYS } from '@brandvault/contract';
import { iso } from '../../lib/clock.js';
import { purgeTrashEntry } from '../../modules/folders/folders.purge.js';
import { jobSchemas } from '../../jobs/payloads.js';
import { defineHandler } from '../../jobs/types.js';

/**
 * Deletes for good the Trash entries older than TRASH_DAYS, each in its own transaction (with its
 * blob deletion jobs and a `folder.purge` audit entry marked automatic), oldest first.
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
    return { entries, assets };
  },
});
