import { PermanentJobError } from '../../jobs/errors.js';
import { jobSchemas } from '../../jobs/payloads.js';
import { defineHandler } from '../../jobs/types.js';
import { analyseFaces } from '../../modules/people/people.analyse.js';

/**
 * Faces of one revision, grouped into the brand's people (issue 42 §3), queued after its
 * derivatives when the brand has faces on. Bad images and missing models end as failed or
 * skipped states, never as a thrown job, so the queue moves on.
 */
export const assetsFaces = defineHandler({
  schema: jobSchemas['assets.faces'],
  timeoutMs: 3 * 60_000,
  priority: 'low',
  async run({ asset_id, rev }, { storage, repos, clock, log, analysis }) {
    if (!storage) throw new PermanentJobError('assets.faces needs the blob store');
    const result = await analyseFaces({ repos, storage, clock, config: { analysis } }, asset_id, rev);
    if (result && result.state !== 'done') log.info({ asset_id, reason: result.reason }, `faces ${result.state}`);
  },
});
