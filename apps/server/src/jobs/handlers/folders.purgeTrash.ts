import { z } from 'zod';
import { TRASH_DAYS } from '@brandvault/contract';
import { iso } from '../../lib/clock.js';
import { makeRepos } from '../../repos.js';
import { purgeTrashEntry } from '../../modules/folders/folders.purge.js';
import { defineHandler } from '../types.js';

/**
 * Deletes for good the Trash entries older than TRASH_DAYS, each in its own transaction (with its
 * blob deletion jobs and a `folder.purge` audit entry marked automatic), oldest first.
 */
export const foldersPurgeTrash = defineHandler({
  schema: z.object({ batch: z.number().int().positive().default(50) }),
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
    let entries = 0;
    let assets = 0;
    for (;;) {
      const due = await makeRepos(db).folders.trashDue(before, batch);
      for (const entry of due) {
        const r = await db.transaction().execute(async (trx) => {
          // Restored or purged by someone meanwhile: nothing to do.
          const still = await makeRepos(trx).folders.claimTrashEntry(entry.id);
          return still ? purgeTrashEntry(trx, { clock, config: { appKey } }, ctx, still, true) : null;
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
