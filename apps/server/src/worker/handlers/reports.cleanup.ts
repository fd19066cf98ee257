import { iso } from '../../lib/clock.js';
import { PermanentJobError } from '../../jobs/errors.js';
import { jobSchemas } from '../../jobs/payloads.js';
import { defineHandler } from '../../jobs/types.js';

/** Deletes the files of template imports past their time (IMPORT_EXPIRY_DAYS) and marks them expired. */
export const reportsCleanup = defineHandler({
  schema: jobSchemas['reports.cleanup'],
  async run({ batch }, { repos, storage, clock }) {
    if (!storage) throw new PermanentJobError('reports.cleanup needs the blob store');
    const repo = repos.reports;
    let expired = 0;
    for (;;) {
      const due = await repo.expired(iso(clock.now()), batch);
      for (const d of due) {
        // The files first: a crash in between leaves a row that is found again, never a lost file.
        for (const key of [d.blob_key, d.result_key]) if (key) await storage.delete(key);
        await repo.deleteRows(d.id);
        await repo.update(d.id, { state: 'expired', blob_key: null, result_key: null });
        expired++;
      }
      if (due.length < batch) break;
    }
    return { expired };
  },
});
