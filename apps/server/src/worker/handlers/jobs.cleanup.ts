import { purgeFinished } from '../../jobs/store.js';
import { jobSchemas } from '../../jobs/payloads.js';
import { defineHandler } from '../../jobs/types.js';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Deletes finished jobs: done ones after `doneDays`, failed ones after `failedDays` (kept longer,
 * so someone can read `last_error`). Idempotent by nature: a second run finds less to delete.
 */
export const jobsCleanup = defineHandler({
  schema: jobSchemas['jobs.cleanup'],
  async run({ doneDays, failedDays }, { db, clock, log }) {
    const now = clock.now().getTime();
    const deleted = await purgeFinished(db, {
      doneBefore: new Date(now - doneDays * DAY_MS),
      failedBefore: new Date(now - failedDays * DAY_MS),
    });
    if (deleted > 0) log.info({ deleted }, 'deleted finished jobs');
  },
});
