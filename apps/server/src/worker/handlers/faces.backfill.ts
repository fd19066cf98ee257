import { PermanentJobError } from '../../jobs/errors.js';
import { jobSchemas } from '../../jobs/payloads.js';
import { defineHandler } from '../../jobs/types.js';
import { analyseFaces } from '../../modules/people/people.analyse.js';

/**
 * Faces of a brand's images that have no analysis of their latest revision, one at a time with
 * progress for the jobs indicator (queued when an admin turns faces on); it stops as soon as faces
 * are turned off again, and a re-run picks up where it stopped.
 */
export const facesBackfill = defineHandler({
  schema: jobSchemas['faces.backfill'],
  timeoutMs: 6 * 60 * 60_000,
  priority: 'low',
  async run({ brand_id }, { storage, repos, clock, progress, signal, analysis }) {
    if (!storage) throw new PermanentJobError('faces.backfill needs the blob store');
    const pending = await repos.people.missing(brand_id);
    const counts = { done: 0, skipped: 0, failed: 0 };
    for (const [i, a] of pending.entries()) {
      if (signal.aborted) throw new Error('faces backfill stopped');
      if (!(await repos.analysis.settings(brand_id)).faces) break;
      const r = await analyseFaces({ repos, storage, clock, config: { analysis } }, a.id, a.derivative_rev);
      if (r) counts[r.state] += 1;
      await progress(i + 1, pending.length);
    }
    return { total: pending.length, ...counts };
  },
});
