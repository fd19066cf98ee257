import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { BlobStore } from '../../storage/index.js';

/**
 * Runs `fn` with a filesystem path to a stored blob: the blob itself on local disk, a temporary
 * copy (removed afterwards) on S3, since sharp, ffmpeg and file-type read files.
 */
export async function withLocalFile<T>(storage: BlobStore, key: string, fn: (path: string) => Promise<T>): Promise<T> {
  const direct = storage.localPath(key);
  if (direct) return fn(direct);
  const dir = await mkdtemp(join(tmpdir(), 'bv-blob-'));
  try {
    const path = join(dir, 'blob');
    await pipeline(await storage.get(key), createWriteStream(path));
    return await fn(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
