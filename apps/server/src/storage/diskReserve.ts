import { randomUUID } from 'node:crypto';
import { open, rename, rm, stat, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import { StorageFullError } from './errors.js';

type Log = { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };

/**
 * Keeps room on DATA_DIR's disk for what must go on working when it fills up: sign-ins, audit
 * entries and sessions written to an SQLite database, rate-limit counters. A reserve file of
 * `bytes` holds that room while the disk has space; once free space drops below `bytes` it is
 * deleted (the database gets its room back) and new files (uploads, zips, templates) are refused
 * with StorageFullError until twice that is free again, when the reserve is put back.
 */
export class DiskReserve {
  readonly file: string;
  private low = false;
  private running: Promise<void> | null = null;

  constructor(
    private readonly dir: string,
    private readonly bytes: number,
    private readonly log?: Log,
  ) {
    this.file = join(dir, '.disk-reserve');
  }

  /** Free bytes on the disk, not counting the reserve file. */
  private async free(): Promise<number> {
    const s = await statfs(this.dir);
    return s.bavail * s.bsize;
  }

  /** Looks at the disk now (concurrent callers share one look); cheap enough for every write request. */
  check(): Promise<void> {
    if (this.bytes <= 0) return Promise.resolve();
    this.running ??= this.look().finally(() => (this.running = null));
    return this.running;
  }

  private async look(): Promise<void> {
    const free = await this.free().catch(() => Infinity);
    if (free < this.bytes) {
      if (!this.low) this.log?.warn({ free, dir: this.dir }, 'disk nearly full: reserve released, new files refused');
      this.low = true;
      await rm(this.file, { force: true });
    } else if (free >= 2 * this.bytes && ((await this.hasReserve()) || (await this.putBack()))) {
      if (this.low) this.log?.info({ free, dir: this.dir }, 'disk has room again: reserve restored');
      this.low = false;
    }
  }

  private async hasReserve(): Promise<boolean> {
    return (await stat(this.file).catch(() => null))?.size === this.bytes;
  }

  /** Writes the reserve under a temp name, so a half-written one never counts as the reserve. */
  private async putBack(): Promise<boolean> {
    const tmp = `${this.file}.${randomUUID()}.tmp`;
    const chunk = Buffer.alloc(Math.min(this.bytes, 1024 * 1024));
    try {
      const fh = await open(tmp, 'wx');
      try {
        for (let left = this.bytes; left > 0; left -= chunk.length)
          await fh.write(chunk, 0, Math.min(left, chunk.length));
      } finally {
        await fh.close();
      }
      await rename(tmp, this.file);
      return true;
    } catch {
      await rm(tmp, { force: true });
      return false;
    }
  }

  /** Throws StorageFullError while the disk is below its reserve. */
  async assertRoom(): Promise<void> {
    await this.check();
    if (this.low) throw new StorageFullError();
  }

  /** A write failed for want of space: give the reserve back to the database at once. */
  async released(): Promise<void> {
    if (this.bytes <= 0) return;
    this.low = true;
    await rm(this.file, { force: true });
  }
}
