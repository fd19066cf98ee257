import { PermanentJobError } from '../../jobs/errors.js';
import { jobSchemas } from '../../jobs/payloads.js';
import { defineHandler } from '../../jobs/types.js';
import { analyseAsset } from '../../modules/visuals/visuals.analyse.js';

/**
 * Dominant colours and perceptual hash of one revision (issue 42 §4), queued once its derivatives
 * are made. Bad images end as failed or skipped rows, never as a thrown job, so the queue moves on;
 * with colours off for the installation or the brand the row says so and nothing is read.
 */
export const assetsVisuals = defineHandler({
  schema: jobSchemas['assets.visuals'],
  timeoutMs: 60_000,
  priority: 'low',
  async run({ asset_id, rev, pixels }, { storage, repos, tx, clock, analysis, log }) {
    if (!storage) throw new PermanentJobError('assets.visuals needs the blob store');
    const result = await analyseAsset({ repos, tx, storage, clock, config: { analysis } }, asset_id, rev, pixels);
    if (result && result.state !== 'done') log.info({ asset_id, reason: result.reason }, `visuals ${result.state}`);
  },
});
