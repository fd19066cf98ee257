import { BULK_UNDO_MINUTES } from '@brandvault/contract';
import { iso } from '../../lib/clock.js';
import { jobSchemas } from '../../jobs/payloads.js';
import { defineHandler } from '../../jobs/types.js';

/**
 * Deletes the values bulk edits kept for their undo once it has expired (BULK_UNDO_MINUTES after
 * the edit was applied): an edit of 10,000 assets keeps a row per value it replaced.
 */
export const metadataBulkCleanup = defineHandler({
  schema: jobSchemas['metadata.bulkCleanup'],
  async run({ batch }, { repos, clock, log }) {
    const before = iso(new Date(clock.now().getTime() - BULK_UNDO_MINUTES * 60_000));
    let cleared = 0;
    for (;;) {
      const n = await repos.metadataBulk.forgetExpired(before, batch);
      cleared += n;
      if (n < batch) break;
    }
    if (cleared) log.info({ cleared }, 'bulk edit undo values deleted');
    return { cleared };
  },
});
