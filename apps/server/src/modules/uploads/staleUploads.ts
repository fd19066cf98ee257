import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../config.js';
import { createBlobStore } from '../../storage/index.js';
import type { BlobStore } from '../../storage/index.js';

const HOUR_MS = 60 * 60_000;
/** How long a tus upload may be resumed after its creation (its Upload-Expires). */
export const TUS_EXPIRY_MS = 24 * HOUR_MS;
/**
 * The longest an upload can go on writing its temp files: tus refuses a PATCH once the upload is
 * past its expiry, and an hour more covers a last long PATCH (1.5 GB at 3.5 Mbit/s).
 */
export const LONGEST_UPLOAD_MS = TUS_EXPIRY_MS + HOUR_MS;

/** Where tus keeps its parts (`<id>`) and their descriptions (`<id>.json`). */
export const tusDirectory = (dataDir: string) => join(dataDir, 'tus');

const mtimeOf = async (path: string) => (await stat(path).catch(() => null))?.mtimeMs;

/** tus uploads whose files were last written before `before`: both files of each are removed. */
async function sweepTus(dir: string, before: Date): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const ids = new Set(names.map((n) => n.replace(/\.json$/, '')));
  let removed = 0;
  for (const id of ids) {
    const times = [await mtimeOf(join(dir, id)), await mtimeOf(join(dir, `${id}.json`))];
    // The data file's time moves with every PATCH, so an upload still being written is never taken.
    if (times.some((t) => t !== undefined && t >= before.getTime())) continue;
    await rm(join(dir, id), { force: true });
    await rm(join(dir, `${id}.json`), { force: true });
    removed++;
  }
  return removed;
}

/** Removes staged temps and tus uploads nothing has written to since the given times. */
export async function sweepStaleUploads(
  storage: BlobStore,
  dataDir: string | undefined,
  before: { temps: Date; tus: Date },
): Promise<{ temps: number; tus: number }> {
  const temps = await storage.listStaleTemps(before.temps);
  for (const key of temps) await storage.discard(key);
  const tus = dataDir ? await sweepTus(tusDirectory(dataDir), before.tus) : 0;
  return { temps: temps.length, tus };
}

/**
 * Run once at start by the only process, or by the primary before it forks: what is older than
 * the longest upload was left by a crash or a stop, even when other servers share the storage.
 */
export async function sweepStaleUploadsAtStart(config: Config, now = new Date()) {
  const storage = await createBlobStore(config.storage);
  try {
    const before = new Date(now.getTime() - LONGEST_UPLOAD_MS);
    return await sweepStaleUploads(storage, config.dataDir, { temps: before, tus: before });
  } finally {
    await storage.close();
  }
}
