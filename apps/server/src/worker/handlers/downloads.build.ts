import { buildDownload } from '../../modules/downloads/downloads.build.js';
import { jobSchemas } from '../../jobs/payloads.js';
import { defineHandler } from '../../jobs/types.js';

/**
 * Builds a zip or PDF a user asked for (modules/downloads). A worker that dies mid-build leaves
 * no half file (storage writes whole objects only); the job runs again from the start once its
 * lease expires. When the last attempt fails, the download says so.
 */
export const downloadsBuild = defineHandler({
  schema: jobSchemas['downloads.build'],
  // A 50 GB zip at a modest 100 MB/s takes under 9 minutes; leave room for slow storage.
  timeoutMs: 2 * 60 * 60_000,
  async run({ id }, ctx) {
    try {
      return await buildDownload(ctx, id);
    } catch (err) {
      if (ctx.job.attempt >= ctx.job.maxAttempts)
        await ctx.repos.downloads.finish(id, { state: 'failed', error: 'The download could not be prepared.' });
      throw err;
    }
  },
});
