import { PermanentJobError } from '../../jobs/errors.js';
import { jobSchemas } from '../../jobs/payloads.js';
import { defineHandler } from '../../jobs/types.js';
import { backfillBrand } from '../../modules/analysis/analysis.backfill.js';

/**
 * Colours and hashes for a brand's images (issue 42 §4). New requests queue `analysis.backfill`
 * for colours; this name stays for jobs queued before, and runs the same thing.
 */
export const visualsBackfill = defineHandler({
  schema: jobSchemas['visuals.backfill'],
  timeoutMs: 3 * 60 * 60_000,
  priority: 'low',
  async run({ brand_id }, { storage, repos, tx, clock, analysis, progress, signal }) {
    if (!storage) throw new PermanentJobError('visuals.backfill needs the blob store');
    return backfillBrand({ repos, tx, storage, clock, config: { analysis } }, brand_id, {
      only: ['colours'],
      progress,
      signal,
    });
  },
});
