import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdir, open, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BlobEntry, BlobStat, BlobStore, ObjectLock, StagedBlob, StageOptions } from './blobStore.js';
import { BlobNotFoundError, BlobRangeError, BlobTooLargeError, InvalidBlobKeyError } from './errors.js';
import { assertValidKey, assertValidPrefix, assertValidRange, isTempKey, newTempId, tempIdOf } from './keys.js';
import type { ByteRange } from './keys.js';
import { meter } from './meter.js';

const READ_CHUNK = 1024 * 1024;

/** Temp blobs live inside the root so that commit is a rename on the same filesystem (atomic). */
const TEMP_DIR = '.tmp';
const TEMP_PREFIX = `${TEMP_DIR}/`;

const errno = (err: unknown) => (err as NodeJS.ErrnoException | null)?.code;
const isMissing = (err: unknown) => errno(err) === 'ENOENT' || errno(err) === 'ENOTDIR';

/** Blobs as files under `root/<key>`; temp blobs as `root/.tmp/<uuid>`. */
export class LocalBlobStore implements BlobStore {
  readonly kind = 'local';
  private readonly root: string;
  private readonly tmpDir: string;
  /** Called before a new file is written (stage, put): throws StorageFullError while the disk is full. */
  roomCheck: (() => Promise<void>) | null = null;
  /** The staging directory, made once rather than looked up for every file; made again after a failure. */
  private staging: Promise<unknown> | null = null;

  constructor(root: string) {
    this.root = resolve(root);
    this.tmpDir = join(this.root, TEMP_DIR);
  }

  async stage(source: Readable, opts: StageOptions = {}): Promise<StagedBlob> {
    await this.roomCheck?.();
    await this.stagingDir();
    const id = newTempId();
    const path = join(this.tmpDir, id);
    const metered = meter(source, opts.maxBytes);
    const out = createWriteStream(path, { flags: 'wx' });
    try {
      await pipeline(metered.stream, out);
    } catch (err) {
      if (isMissing(err)) this.staging = null;
      source.destroy();
      // A body that fails before the file is open would have it created after the rm below.
      if (!out.closed) await new Promise<void>((done) => out.once('close', () => done()));
      await rm(path, { force: true });
      throw err;
    }
    return { tempKey: TEMP_PREFIX + id, ...metered.result() };
  }

  async adoptFile(path: string, opts: StageOptions & { sha256?: string | undefined } = {}): Promise<StagedBlob> {
    await this.stagingDir();
    let result: { size: number; sha256: string };
    if (opts.sha256) {
      // Hashed while it was received: only the size is left to check.
      const { size } = await stat(path);
      if (opts.maxBytes !== undefined && size > opts.maxBytes) throw new BlobTooLargeError(opts.maxBytes);
      result = { size, sha256: opts.sha256 };
    } else {
      // Reading to hash is far cheaper than writing a second copy; the rename needs one filesystem.
      const metered = meter(createReadStream(path), opts.maxBytes);
      for await (const _chunk of metered.stream);
      result = metered.result();
    }
    const id = newTempId();
    try {
      await rename(path, join(this.tmpDir, id));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      const staged = await this.stage(createReadStream(path), opts);
      await rm(path, { force: true });
      return staged;
    }
    return { tempKey: TEMP_PREFIX + id, ...result };
  }

  async commit(tempKey: string, key: string): Promise<void> {
    const from = this.tempPath(tempKey);
    try {
      await this.moveInto(from, this.pathOf(key));
    } catch (err) {
      if (isMissing(err)) throw new BlobNotFoundError(tempKey);
      throw err;
    }
  }

  async discard(tempKey: string): Promise<void> {
    await rm(this.tempPath(tempKey), { force: true });
  }

  async put(key: string, body: Buffer | Readable, _contentType?: string, lock?: ObjectLock): Promise<void> {
    const to = this.pathOf(key);
    await this.roomCheck?.();
    await this.stagingDir();
    // Through a temp file, so a reader never sees a half-written thumbnail.
    const tmp = join(this.tmpDir, newTempId());
    try {
      if (Buffer.isBuffer(body)) await writeFile(tmp, body, { flag: 'wx' });
      else await pipeline(body, createWriteStream(tmp, { flags: 'wx' }));
      if (lock) await chmod(tmp, 0o444);
      await this.moveInto(tmp, to);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const path = this.pathOf(key);
    if (range) assertValidRange(key, range);
    let fh: FileHandle;
    try {
      fh = await open(path, 'r');
    } catch (err) {
      if (isMissing(err)) throw new BlobNotFoundError(key);
      throw err;
    }
    try {
      const info = await fh.stat();
      if (!info.isFile()) throw new BlobNotFoundError(key);
      // 1 MiB reads: a quarter of the per-chunk work of the 64 KiB default on large originals.
      if (!range) return fh.createReadStream({ highWaterMark: READ_CHUNK });
      if (range.start >= info.size) throw new BlobRangeError(key, range);
      return fh.createReadStream({
        start: range.start,
        end: Math.min(range.end, info.size - 1),
        highWaterMark: READ_CHUNK,
      });
    } catch (err) {
      await fh.close();
      throw err;
    }
  }

  async stat(key: string): Promise<BlobStat | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size, modifiedAt: info.mtime } : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.pathOf(key));
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    const { dir, partial } = this.splitPrefix(prefix);
    if (partial === '') {
      await rm(dir, { recursive: true, force: true });
      return;
    }
    for (const name of await readdirOrEmpty(dir)) {
      if (name.startsWith(partial)) await rm(join(dir, name), { recursive: true, force: true });
    }
  }

  async *list(prefix: string): AsyncIterable<BlobEntry> {
    const { dir, partial } = this.splitPrefix(prefix);
    const keyDir = prefix.slice(0, prefix.lastIndexOf('/'));
    for (const name of await readdirOrEmpty(dir)) {
      if (name.startsWith(partial)) yield* this.walk(join(dir, name), `${keyDir}/${name}`);
    }
  }

  async listStaleTemps(olderThan: Date): Promise<string[]> {
    const stale: string[] = [];
    for (const name of await readdirOrEmpty(this.tmpDir)) {
      const key = TEMP_PREFIX + name;
      if (!isTempKey(key, TEMP_PREFIX)) continue; // not ours
      try {
        // mtime moves while a stage is still writing, so a slow upload in progress is not "stale".
        if ((await stat(join(this.tmpDir, name))).mtime < olderThan) stale.push(key);
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    }
    return stale;
  }

  private stagingDir() {
    this.staging ??= mkdir(this.tmpDir, { recursive: true }).catch((err: unknown) => {
      this.staging = null;
      throw err;
    });
    return this.staging;
  }

  localPath(key: string): string {
    return this.pathOf(key);
  }

  async close(): Promise<void> {}

  private pathOf(key: string): string {
    assertValidKey(key);
    const path = join(this.root, ...key.split('/'));
    // The key alphabet already forbids escaping; this guards against a future change to it.
    if (!path.startsWith(this.root + sep)) throw new InvalidBlobKeyError(key);
    return path;
  }

  private tempPath(tempKey: string): string {
    return join(this.tmpDir, tempIdOf(tempKey, TEMP_PREFIX));
  }

  private splitPrefix(prefix: string) {
    assertValidPrefix(prefix);
    const slash = prefix.lastIndexOf('/');
    return { dir: this.pathOf(prefix.slice(0, slash)), partial: prefix.slice(slash + 1) };
  }

  /** rename(), retried once if a concurrent deletePrefix removed the target directory meanwhile. */
  private async moveInto(from: string, to: string): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      await mkdir(dirname(to), { recursive: true });
      try {
        await rename(from, to);
        return;
      } catch (err) {
        if (attempt > 0 || !isMissing(err) || !(await exists(from))) throw err;
      }
    }
  }

  private async *walk(path: string, key: string): AsyncIterable<BlobEntry> {
    let info;
    try {
      info = await stat(path);
    } catch (err) {
      if (isMissing(err)) return; // deleted while listing
      throw err;
    }
    if (info.isFile()) {
      yield { key, size: info.size, modifiedAt: info.mtime };
    } else if (info.isDirectory()) {
      for (const name of await readdirOrEmpty(path)) yield* this.walk(join(path, name), `${key}/${name}`);
    }
  }
}

async function readdirOrEmpty(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (err) {
    if (isMissing(err)) return [];
    throw err;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
