import { sweepStaleUploads } from '../../modules/uploads/staleUploads.js';
import type { BlobStore } from '../../storage/index.js';
import { PermanentJobError } from '../../jobs/errors.js';
import { jobSchemas } from '../../jobs/payloads.js';
import { defineHandler } from '../../jobs/types.js';
import type { JobContext } from '../../jobs/types.js';

const HOUR_MS = 60 * 60_000;

/** Stored files under `prefix`, older than the cutoff, that no asset or version refers to. */
async function orphans(storage: BlobStore, repos: JobContext['repos'], prefix: string, before: Date) {
  let batch: string[] = [];
  let removed = 0;
  const flush = async () => {
    const used = await repos.assets.referencedKeys(batch);
    for (const key of batch.filter((k) => !used.has(k))) {
      await storage.delete(key);
      removed++;
    }
    batch = [];
  };
  for await (const entry of storage.list(prefix)) {
    if (entry.modifiedAt >= before) continue;
    batch.push(entry.key);
    if (batch.length >= 500) await flush();
  }
  if (batch.length) await flush();
  return removed;
}

/**
 * What an interrupted or crashed upload can leave behind: staged temps never committed, originals
 * committed to storage whose row never was (a crash between the two), derivatives of deleted
 * assets, and tus parts abandoned for a day. Margins keep work in progress safe.
 */
export const storageCleanup = defineHandler({
  schema: jobSchemas['storage.cleanup'],
  async run({ temp_hours, orphan_hours, tus_hours }, { storage, repos, dataDir, log }) {
    if (!storage) throw new PermanentJobError('storage.cleanup needs the blob store');
    // Files carry the machine's times: a clock moved ahead (tests) must not make a file being
    // written look a day old and lose it under the request writing it.
    const now = Date.now();
    const { temps, tus } = await sweepStaleUploads(storage, dataDir, {
      temps: new Date(now - temp_hours * HOUR_MS),
      tus: new Date(now - tus_hours * HOUR_MS),
    });
    const cutoff = new Date(now - orphan_hours * HOUR_MS);
    const originals = await orphans(storage, repos, 'originals/', cutoff);
    const derivatives = await orphans(storage, repos, 'derivatives/', cutoff);
    if (temps || originals || derivatives || tus) log.info({ temps, originals, derivatives, tus }, 'storage clean-up');
  },
});
