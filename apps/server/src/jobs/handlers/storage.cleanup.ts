import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { makeRepos } from '../../repos.js';
import type { BlobStore } from '../../storage/index.js';
import type { Db } from '../../db/index.js';
import { PermanentJobError } from '../errors.js';
import { defineHandler } from '../types.js';

const HOUR_MS = 60 * 60_000;

/** Stored files under `prefix`, older than the cutoff, that no asset or version refers to. */
async function orphans(storage: BlobStore, db: Db, prefix: string, before: Date) {
  const repos = makeRepos(db);
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
  schema: z.object({
    temp_hours: z.number().min(0).default(6),
    orphan_hours: z.number().min(0).default(1),
    tus_hours: z.number().min(0).default(24),
  }),
  async run({ temp_hours, orphan_hours, tus_hours }, { storage, db, clock, dataDir, log }) {
    if (!storage) throw new PermanentJobError('storage.cleanup needs the blob store');
    const now = clock.now().getTime();
    const temps = await storage.listStaleTemps(new Date(now - temp_hours * HOUR_MS));
    for (const key of temps) await storage.discard(key);
    const cutoff = new Date(now - orphan_hours * HOUR_MS);
    const originals = await orphans(storage, db, 'originals/', cutoff);
    const derivatives = await orphans(storage, db, 'derivatives/', cutoff);
    let tus = 0;
    if (dataDir) {
      const dir = join(dataDir, 'tus');
      const names = await readdir(dir).catch(() => [] as string[]);
      for (const name of names.filter((n) => n.endsWith('.json'))) {
        const info = await stat(join(dir, name)).catch(() => null);
        if (!info || info.mtimeMs >= now - tus_hours * HOUR_MS) continue;
        const id = name.slice(0, -'.json'.length);
        await rm(join(dir, id), { force: true });
        await rm(join(dir, name), { force: true });
        tus++;
      }
    }
    if (temps.length || originals || derivatives || tus)
      log.info({ temps: temps.length, originals, derivatives, tus }, 'storage clean-up');
  },
});
