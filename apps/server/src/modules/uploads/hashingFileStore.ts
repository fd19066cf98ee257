import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { forgetDigest, takeDigest, writeAndHash } from './uploadWriter.js';

/**
 * tus parts on local disk, written and hashed (SHA-256) as they arrive on a worker thread (see
 * uploadWriter.ts), so a finished upload needs no second pass over the file. The running hash
 * survives between PATCH requests; after a restart the part already on disk is hashed once when
 * the upload resumes, so the digest is always that of the whole file.
 */
export class HashingFileStore extends FileStore {
  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    return writeAndHash(readable, id, join(this.directory, id), offset);
  }

  override async remove(id: string): Promise<void> {
    await super.remove(id);
    await forgetDigest(id).catch(() => undefined);
  }

  /** The SHA-256 of a complete upload, or null (then the file is hashed when it is adopted). */
  takeDigest(id: string, size: number): Promise<string | null> {
    return takeDigest(id, size).catch(() => null);
  }
}
