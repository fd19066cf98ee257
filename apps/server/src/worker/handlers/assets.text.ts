import { PermanentJobError } from '../../jobs/errors.js';
import { jobSchemas } from '../../jobs/payloads.js';
import { defineHandler } from '../../jobs/types.js';
import { analyseText } from '../../modules/text/text.analyse.js';

/**
 * The text inside one revision's file (issue 42 §1), queued once its derivatives are made (OCR
 * reads the preview or poster). Bad files and models that fail end as failed or skipped rows,
 * never as a thrown job, so the queue moves on.
 */
export const assetsText = defineHandler({
  schema: jobSchemas['assets.text'],
  timeoutMs: 10 * 60_000,
  priority: 'low',
  async run({ asset_id, rev }, { storage, repos, clock, analysis, log }) {
    if (!storage) throw new PermanentJobError('assets.text needs the blob store');
    const result = await analyseText({ repos, storage, clock, config: { analysis } }, asset_id, rev);
    if (result && result.state !== 'done') log.info({ asset_id, reason: result.reason }, `text ${result.state}`);
  },
});
