import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { LocalBlobStore } from '../../storage/index.js';
import type { BlobStore } from '../../storage/index.js';

/**
 * One pass for a zip (issue 43 §5): on local disk the job writes the archive where the file route
 * can follow it while it grows, so the owner who waits receives each byte as it is written, and
 * the same file, renamed when whole, stays for the e-mailed link. Elsewhere (S3) the job streams
 * into storage as before and the owner fetches the ready file.
 */

/** The growing archive of download `id`; a key of its own, so a reader never takes it for the file. */
export const buildingKey = (id: number) => `downloads/${id}/building`;

/** Reads a growing file in pieces of this size (as the store's own reads). */
const CHUNK = 1024 * 1024;
/** How often a reader at the end of what is written looks again. */
const POLL_MS = 5;
/** A follower that saw no new byte for this long gives up (a worker that died; the job retries). */
export const LIVE_STALL_MS = 5 * 60_000;

/** Paths of a build on local disk, or null where the store keeps no files (S3). */
export function livePaths(storage: BlobStore, id: number, key: string) {
  const building = storage.localPath(buildingKey(id));
  const done = storage.localPath(key);
  return building && done ? { building, done } : null;
}

/**
 * Writes `body` at `paths.building`, then renames it to `paths.done` once whole: the rename keeps
 * the inode, so a reader following the growing file reads on to the end. A failed write removes
 * the growing file (a follower then sees it gone and cuts its answer). A retry starts a new file.
 */
export async function writeGrowing(storage: BlobStore, paths: { building: string; done: string }, body: Readable) {
  // As the store's own writes: refused while the disk is full (LocalBlobStore.roomCheck).
  if (storage instanceof LocalBlobStore) await storage.roomCheck?.();
  await mkdir(dirname(paths.building), { recursive: true });
  await rm(paths.building, { force: true });
  try {
    await pipeline(body, createWriteStream(paths.building, { flags: 'wx' }));
    await rename(paths.building, paths.done);
  } catch (err) {
    await rm(paths.building, { force: true });
    throw err;
  }
}

const inode = async (path: string) => (await stat(path).catch(() => null))?.ino ?? null;

export interface FollowOptions {
  /** The download as its row says now: the archive counts as whole only once it is `ready`. */
  state: () => Promise<'preparing' | 'ready' | 'failed' | 'gone'>;
  /** Called once the archive is known whole, before its last bytes go out (counts the download). */
  onComplete?: () => Promise<void>;
  stallMs?: number;
  signal?: AbortSignal;
}

/**
 * The archive as it is built: waits for the job to start writing, reads what is written, waits
 * for more, and ends only once the file was renamed whole and the download is ready. When the
 * build fails, is restarted or stalls, the stream errors, so the answer is cut (chunked, with no
 * length): a client never holds a cut archive it could take as complete.
 */
export function followBuild(paths: { building: string; done: string }, opts: FollowOptions): Readable {
  const stallMs = opts.stallMs ?? LIVE_STALL_MS;
  const wait = () => new Promise((r) => setTimeout(r, POLL_MS));

  async function* bytes() {
    let fh: FileHandle | null = null;
    let since = Date.now();
    const stalled = () => {
      if (Date.now() - since > stallMs) throw new Error('the zip being built made no progress');
    };
    try {
      // The job may still be queued: wait for its file (or for it to be whole already).
      while (!fh) {
        opts.signal?.throwIfAborted();
        for (const path of [paths.building, paths.done]) {
          fh = await open(path, 'r').catch(() => null);
          if (fh) break;
        }
        if (fh) break;
        if ((await opts.state()) === 'failed') throw new Error('the zip could not be built');
        stalled();
        await new Promise((r) => setTimeout(r, 50));
      }
      const ino = (await fh.stat()).ino;
      let pos = 0;
      let whole = false;
      let lastLook = 0;
      let buf = Buffer.allocUnsafe(CHUNK);
      for (;;) {
        opts.signal?.throwIfAborted();
        const { bytesRead } = await fh.read(buf, 0, CHUNK, pos);
        if (bytesRead > 0) {
          pos += bytesRead;
          since = Date.now();
          yield buf.subarray(0, bytesRead);
          // The piece sent is the socket's now: the next read needs a buffer of its own.
          buf = Buffer.allocUnsafe(CHUNK);
          continue;
        }
        if (whole) return;
        if ((await inode(paths.done)) === ino) {
          // Renamed whole: no byte will be added. Send the rest only once the row says ready.
          const state = await opts.state();
          if (state === 'ready') {
            await opts.onComplete?.();
            whole = true;
            continue;
          }
          if (state !== 'preparing') throw new Error('the zip could not be built');
        } else if ((await inode(paths.building)) !== ino && (await inode(paths.done)) !== ino) {
          // Looked at `done` again: the rename may fall between the two looks above.
          throw new Error('the zip being built was abandoned');
        } else if (Date.now() - lastLook > 1000) {
          // A job that failed for good may leave its file behind: ask the row now and then.
          lastLook = Date.now();
          if ((await opts.state()) === 'failed') throw new Error('the zip could not be built');
        }
        stalled();
        await wait();
      }
    } finally {
      await fh?.close();
    }
  }
  return Readable.from(bytes(), { objectMode: false, highWaterMark: CHUNK });
}
