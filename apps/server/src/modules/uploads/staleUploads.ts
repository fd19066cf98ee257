import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../config/config.js';
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
/**
 * At start, a temp (a multipart upload, a zip, a template) or half a tus upload (a part without
 * its description or the reverse) nothing has written to for this long was left by a process that
 * died: a live one writes as bytes arrive and commits within seconds of the last.
 */
export const DEAD_TEMP_MS = 15 * 60_000;

/** Where tus keeps its parts (`<id>`) and their descriptions (`<id>.json`). */
export const tusDirectory = (dataDir: string) => join(dataDir, 'tus');

const mtimeOf = async (path: string) => (await stat(path).catch(() => null))?.mtimeMs;

/**
 * tus uploads whose files were last written before `before` (or, with `lone`, uploads with one
 * of their two files missing last written before that): both files of each are removed.
 */
async function sweepTus(dir: string, before: Date, lone?: Date): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const ids = new Set(names.map((n) => n.replace(/\.json$/, '')));
  let removed = 0;
  for (const id of ids) {
    const times = [await mtimeOf(join(dir, id)), await mtimeOf(join(dir, `${id}.json`))];
    const cutoff = lone && times.includes(undefined) ? Math.max(lone.getTime(), before.getTime()) : before.getTime();
    // The data file's time moves with every PATCH, so an upload still being written is never taken.
    if (times.some((t) => t !== undefined && t >= cutoff)) continue;
    await rm(join(dir, id), { force: true });
    await rm(join(dir, `${id}.json`), { force: true });
    removed++;
  }
  return removed;
}

/**
 * tus uploads kept in an S3 bucket (`tus/<id>.info`, `tus/<id>/<offset>`, see s3TusStore.ts)
 * whose objects were all last written before `before`.
 */
async function sweepBucketTus(storage: BlobStore, before: Date): Promise<number> {
  const newest = new Map<string, number>();
  const keys = new Map<string, string[]>();
  for await (const o of storage.list('tus/')) {
    const id = o.key.slice(4).split(/[./]/)[0]!;
    newest.set(id, Math.max(newest.get(id) ?? 0, o.modifiedAt.getTime()));
    keys.set(id, [...(keys.get(id) ?? []), o.key]);
  }
  let removed = 0;
  for (const [id, at] of newest) {
    if (at >= before.getTime()) continue;
    for (const key of keys.get(id)!) await storage.delete(key);
    removed++;
  }
  return removed;
}

/** Removes staged temps and tus uploads nothing has written to since the given times. */
export async function sweepStaleUploads(
  storage: BlobStore,
  dataDir: string | undefined,
  before: { temps: Date; tus: Date; loneTus?: Date },
): Promise<{ temps: number; tus: number }> {
  const temps = await storage.listStaleTemps(before.temps);
  for (const key of temps) await storage.discard(key);
  let tus = dataDir ? await sweepTus(tusDirectory(dataDir), before.tus, before.loneTus) : 0;
  if (storage.kind === 's3') tus += await sweepBucketTus(storage, before.tus);
  return { temps: temps.length, tus };
}

/**
 * Run once at start by the only process, or by the primary before it forks: temps and halves of
 * tus uploads nothing has written to lately, and whole tus uploads older than the longest upload
 * (a paused one may be resumed until then), were left by a crash or a stop, even when other
 * servers share the storage. A disk reserve half-written when its process died goes too.
 */
export async function sweepStaleUploadsAtStart(config: Config, now = new Date()) {
  const storage = await createBlobStore(config.storage);
  try {
    const dead = new Date(now.getTime() - DEAD_TEMP_MS);
    const expired = new Date(now.getTime() - LONGEST_UPLOAD_MS);
    for (const name of await readdir(config.dataDir).catch(() => [] as string[]))
      if (/^\.disk-reserve\..+\.tmp$/.test(name)) await rm(join(config.dataDir, name), { force: true });
    return await sweepStaleUploads(storage, config.dataDir, { temps: dead, tus: expired, loneTus: dead });
  } finally {
    await storage.close();
  }
}
