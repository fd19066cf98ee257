import { PermanentJobError } from '../../jobs/errors.js';
import { jobSchemas } from '../../jobs/payloads.js';
import { defineHandler } from '../../jobs/types.js';
import { backfillBrand } from '../../modules/analysis/analysis.backfill.js';

/**
 * Every analysis a brand runs, for its files that have no current result (issue 42 §6), one file
 * at a time with progress for the jobs indicator; `kinds` narrows it (the colours backfill).
 */
export const analysisBackfill = defineHandler({
  schema: jobSchemas['analysis.backfill'],
  timeoutMs: 3 * 60 * 60_000,
  priority: 'low',
  async run({ brand_id, kinds }, { storage, repos, tx, clock, analysis, progress, signal }) {
    if (!storage) throw new PermanentJobError('analysis.backfill needs the blob store');
    return backfillBrand({ repos, tx, storage, clock, config: { analysis } }, brand_id, {
      only: kinds,
      progress,
      signal,
    });
  },
});
