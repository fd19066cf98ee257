import { jobSchemas } from '../../jobs/payloads.js';
import { defineHandler } from '../../jobs/types.js';

/** Assets rewritten per transaction: short transactions, and progress the jobs indicator can show. */
const BATCH = 200;

/**
 * Rewrites the object words search finds a brand's assets by, after its threshold changed (issue
 * 42 §2): labels now under it stop finding the asset, labels now over it start. Idempotent; a
 * re-run after a crash rewrites again.
 */
export const objectsRewords = defineHandler({
  schema: jobSchemas['objects.rewords'],
  timeoutMs: 60 * 60_000,
  priority: 'low',
  async run({ brand_id }, { repos, progress, signal }) {
    const { object_threshold } = await repos.analysis.settings(brand_id);
    const total = await repos.labels.countAnalysed(brand_id);
    let done = 0;
    let after = 0;
    for (;;) {
      if (signal.aborted) throw new Error('objects.rewords stopped');
      const ids = await repos.labels.analysedIds(brand_id, after, BATCH);
      if (!ids.length) break;
      await repos.labels.rewriteWords(ids, object_threshold);
      done += ids.length;
      after = ids.at(-1)!;
      await progress(Math.min(done, total), Math.max(total, done));
    }
    return { total: done, threshold: object_threshold };
  },
});
