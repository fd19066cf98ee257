import { TRASH_DAYS } from '@brandvault/contract';
import { iso } from '../../lib/clock.js';
import { makeRepos } from '../../repos.js';
import { auditTrail } from '../../modules/audit/audit.trail.js';
import { purgeTrashEntry } from '../../modules/folders/folders.purge.js';
import { unitOfWork } from '../../unitOfWork/unitOfWork.js';
import { jobSchemas } from '../../jobs/payloads.js';
import { defineHandler } from '../../jobs/types.js';

/**
 * Deletes for good the Trash entries older than TRASH_DAYS, each in its own transaction (with its
 * blob deletion jobs and a `folder.purge` audit entry marked automatic), oldest first.
 */
export const foldersPurgeTrash = defineHandler({
  schema: jobSchemas['folders.purgeTrash'],
  async run({ batch }, { db, clock, appKey }) {
    const before = iso(new Date(clock.now().getTime() - TRASH_DAYS * 86_400_000));
    const ctx = {
      actor: null,
      ip: '',
      userAgent: null,
      emulatorId: null,
      lang: 'en' as const,
      requestId: 'trash.purge',
    };
    // This worker polls again for the blob deletions it enqueues: nothing to wake.
    const { change } = unitOfWork({
      db,
      repos: makeRepos,
      audit: auditTrail({ clock, config: { appKey } }),
      wake: () => undefined,
    });
    let entries = 0;
    let assets = 0;
    for (;;) {
      const due = await makeRepos(db).folders.trashDue(before, batch);
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
