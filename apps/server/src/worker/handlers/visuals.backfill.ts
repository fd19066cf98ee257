import { PermanentJobError } from '../../jobs/errors.js';
import { jobSchemas } from '../../jobs/payloads.js';
import { defineHandler } from '../../jobs/types.js';
import { analyseAsset } from '../../modules/visuals/visuals.analyse.js';

/**
 * Colours and hashes for a brand's images that have none of their latest revision, one at a time
 * with progress for the jobs indicator; a re-run after a crash picks up where it stopped.
 */
export const visualsBackfill = defineHandler({
  schema: jobSchemas['visuals.backfill'],
  timeoutMs: 3 * 60 * 60_000,
  async run({ brand_id }, { storage, repos, clock, progress, signal }) {
    if (!storage) throw new PermanentJobError('visuals.backfill needs the blob store');
    const pending = await repos.visuals.missing(brand_id);
    const counts = { done: 0, skipped: 0, failed: 0 };
    for (const [i, a] of pending.entries()) {
      if (signal.aborted) throw new Error('visuals backfill stopped');
      const r = await analyseAsset({ repos, storage, clock }, a.id, a.derivative_rev);
      if (r) counts[r.state] += 1;
      await progress(i + 1, pending.length);
    }
    return { total: pending.length, ...counts };
  },
});
