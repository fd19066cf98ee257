import { buildGuidelinePdf } from '../../modules/guidelinePdf/guidelinePdf.build.js';
import { jobSchemas } from '../../jobs/payloads.js';
import { defineHandler } from '../../jobs/types.js';

/**
 * Builds the PDF of a brand's guidelines (or one page) that a user asked for
 * (modules/guidelinePdf). When the last attempt fails, the download says so.
 */
export const guidelinesPdf = defineHandler({
  schema: jobSchemas['guidelines.pdf'],
  timeoutMs: 30 * 60_000,
  async run({ id }, ctx) {
    try {
      return await buildGuidelinePdf(ctx, id);
    } catch (err) {
      if (ctx.job.attempt >= ctx.job.maxAttempts)
        await ctx.repos.downloads.finish(id, { state: 'failed', error: 'The PDF could not be prepared.' });
      throw err;
    }
  },
});
