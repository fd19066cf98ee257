import { DOWNLOAD_EXPIRY_HOURS } from '@brandvault/contract';
import { iso } from '../../lib/clock.js';
import { downloadKey } from '../../modules/downloads/downloads.build.js';
import { buildingKey } from '../../modules/downloads/downloads.live.js';
import { PermanentJobError } from '../../jobs/errors.js';
import { jobSchemas } from '../../jobs/payloads.js';
import { defineHandler } from '../../jobs/types.js';

/**
 * Deletes the files of downloads past their time (DOWNLOAD_EXPIRY_HOURS after they were ready),
 * and gives up on builds still preparing after that long (their job is long gone).
 */
export const downloadsCleanup = defineHandler({
  schema: jobSchemas['downloads.cleanup'],
  async run({ batch }, { repos, storage, clock, log }) {
    if (!storage) throw new PermanentJobError('downloads.cleanup needs the blob store');
    const repo = repos.downloads;
    const now = clock.now();
    const stale = iso(new Date(now.getTime() - DOWNLOAD_EXPIRY_HOURS * 3_600_000));
    let expired = 0;
    let abandoned = 0;
    for (;;) {
      const due = await repo.due(iso(now), stale, batch);
      for (const d of due) {
        // The file first: a crash in between leaves a row that is found again, never a lost file.
        await storage.delete(d.blob_key ?? downloadKey(d.id));
        // What a build that died left growing (downloads.live).
        await storage.delete(buildingKey(d.id));
        if (d.state === 'ready') {
          await repo.expire(d.id, 'ready', 'expired', null);
          expired++;
        } else {
          await repo.expire(d.id, 'preparing', 'failed', 'The download took too long to prepare.');
          abandoned++;
        }
      }
      if (due.length < batch) break;
    }
    if (expired || abandoned) log.info({ expired, abandoned }, 'downloads clean-up');
    return { expired, abandoned };
  },
});
