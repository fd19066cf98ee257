import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import type { BlobStore } from '../../storage/index.js';

/** One directory for every temporary copy of this process, made on first use (not one per file). */
let staging: Promise<string> | null = null;
const stagingDir = () =>
  (staging ??= mkdtemp(join(tmpdir(), 'bv-blob-')).catch((err: unknown) => {
    staging = null;
    throw err;
  }));

/**
 * Runs `fn` with a filesystem path to a stored blob: the blob itself on local disk, a temporary
 * copy (removed afterwards) on S3, since sharp, ffmpeg and file-type read files.
 */
export async function withLocalFile<T>(storage: BlobStore, key: string, fn: (path: string) => Promise<T>): Promise<T> {
  const direct = storage.localPath(key);
  if (direct) return fn(direct);
  const path = join(await stagingDir(), randomUUID());
  try {
    await pipeline(await storage.get(key), createWriteStream(path, { flags: 'wx' }));
    return await fn(path);
  } catch (err) {
    // The directory removed under us (a clean-up of the temp dir): made again on the next file.
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') staging = null;
    throw err;
  } finally {
    await rm(path, { force: true });
  }
}
