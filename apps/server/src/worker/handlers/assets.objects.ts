import { PermanentJobError } from '../../jobs/errors.js';
import { jobSchemas } from '../../jobs/payloads.js';
import { defineHandler } from '../../jobs/types.js';
import { analyseObjects } from '../../modules/labels/labels.analyse.js';

/**
 * Objects and scenes of one revision (issue 42 §2), queued once its derivatives are made. A model
 * that cannot load, a bad image or a failed run end as skipped or failed rows with the reason,
 * never as a thrown job, so the queue moves on.
 */
export const assetsObjects = defineHandler({
  schema: jobSchemas['assets.objects'],
  timeoutMs: 2 * 60_000,
  priority: 'low',
  async run({ asset_id, rev }, { storage, repos, clock, log, analysis }) {
    if (!storage) throw new PermanentJobError('assets.objects needs the blob store');
    const result = await analyseObjects({ repos, storage, clock, config: { analysis } }, asset_id, rev);
    if (result && result.state !== 'done') log.info({ asset_id, reason: result.reason }, `objects ${result.state}`);
    return result;
  },
});
