import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import type { Upload } from '@tus/server';
import { StorageFullError, isStorageFull } from '../../storage/errors.js';
import { forgetDigest, takeDigest, writeAndHash } from './uploadWriter.js';

/**
 * tus parts on local disk, written and hashed (SHA-256) as they arrive on a worker thread (see
 * uploadWriter.ts), so a finished upload needs no second pass over the file. The running hash
 * survives between PATCH requests; after a restart the part already on disk is hashed once when
 * the upload resumes, so the digest is always that of the whole file.
 */
export class HashingFileStore extends FileStore {
  /** Called before an upload is created: throws StorageFullError while the disk is full. */
  roomCheck: (() => Promise<void>) | null = null;

  override async create(file: Upload): Promise<Upload> {
    await this.roomCheck?.();
    try {
      return await super.create(file);
    } catch (err) {
      await this.drop(file.id);
      throw isStorageFull(err) ? new StorageFullError() : err;
    }
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    try {
      return await writeAndHash(readable, id, join(this.directory, id), offset);
    } catch (err) {
      if (!isStorageFull(err)) throw err;
      // A part cut short by a full disk cannot be trusted to resume: nothing of it is kept.
      await this.drop(id);
      throw new StorageFullError();
    }
  }

  override async remove(id: string): Promise<void> {
    await super.remove(id);
    await forgetDigest(id).catch(() => undefined);
  }

  /** Both files of an upload and its running hash, whatever is left of them. */
  private async drop(id: string): Promise<void> {
    await rm(join(this.directory, id), { force: true });
    await rm(join(this.directory, `${id}.json`), { force: true });
    await forgetDigest(id).catch(() => undefined);
  }

  /** The SHA-256 of a complete upload, or null (then the file is hashed when it is adopted). */
  takeDigest(id: string, size: number): Promise<string | null> {
    return takeDigest(id, size).catch(() => null);
  }
}

// The directory is made (and awaited) by createTusStore. FileStore's constructor makes it too,
// unawaited, and throws out of the callback when an app stops (its data dir gone) before it ran.
(HashingFileStore.prototype as unknown as { checkOrCreateDirectory: () => void }).checkOrCreateDirectory = () =>
  undefined;
