import type { Readable } from 'node:stream';
import type { ByteRange } from './keys.js';

export type { ByteRange } from './keys.js';

export interface BlobStat {
  size: number;
  modifiedAt: Date;
}

export interface BlobEntry extends BlobStat {
  key: string;
}

/** A complete, hashed blob at a temporary key, waiting for commit (or discard). */
export interface StagedBlob {
  tempKey: string;
  size: number;
  /** Lower-case hex SHA-256 of the bytes, computed while they streamed in. */
  sha256: string;
}

export interface ObjectLock {
  mode: 'GOVERNANCE' | 'COMPLIANCE';
  until: Date;
}

export interface StageOptions {
  /** Fail with BlobTooLargeError as soon as the source passes this many bytes. */
  maxBytes?: number;
  /** Stored with the object on S3 (kept through commit); ignored on local disk. */
  contentType?: string;
}

/**
 * Where blob bytes live. Keys come from newBlobKey (or extend one with `/suffix`); anything else
 * is rejected with InvalidBlobKeyError. The upload order that keeps the database honest is:
 * stage → (check hash, insert row in a transaction) → commit → db commit; a crash between the
 * last two leaves a final blob with no row, which a sweep over `list()` can find.
 */
export interface BlobStore {
  readonly kind: 'local' | 's3';
  /**
   * Streams `source` into a new temporary key while hashing it. If the source errors or passes
   * maxBytes, rejects with that error (BlobTooLargeError for the limit) and leaves no temp blob.
   */
  stage(source: Readable, opts?: StageOptions): Promise<StagedBlob>;
  /**
   * Stages a complete local file (a finished resumable upload), taking it over: on local disk it
   * is hashed and renamed, not copied; elsewhere it is streamed up and then removed.
   */
  adoptFile(path: string, opts?: StageOptions & { sha256?: string | undefined }): Promise<StagedBlob>;
  /** Moves a staged blob to its final key: a rename on disk, CopyObject + DeleteObject on S3. */
  commit(tempKey: string, key: string): Promise<void>;
  /** Drops a staged blob that will not be committed (duplicate, rejected, stale). Idempotent. */
  discard(tempKey: string): Promise<void>;
  /**
   * Writes a derivative straight to its key, replacing what was there (readers never see half).
   * `lock` (S3 only, on a bucket with object lock enabled) keeps the object from being deleted or
   * overwritten until that date; a local file is only made read-only.
   */
  put(key: string, body: Buffer | Readable, contentType?: string, lock?: ObjectLock): Promise<void>;
  /**
   * The bytes of a blob, or of `range` (end inclusive, clamped to the last byte). BlobNotFoundError
   * when missing, BlobRangeError when `start` is past the end (always, for an empty blob).
   */
  get(key: string, range?: ByteRange): Promise<Readable>;
  stat(key: string): Promise<BlobStat | null>;
  /** Idempotent. */
  delete(key: string): Promise<void>;
  /** Deletes every blob whose key starts with `prefix` (`kind/…/`; see assertValidPrefix). */
  deletePrefix(prefix: string): Promise<void>;
  /** Final blobs under `prefix`, in no particular order (for reconciliation sweeps). */
  list(prefix: string): AsyncIterable<BlobEntry>;
  /** Temp keys last written before `olderThan`: interrupted or abandoned stages, for discard(). */
  listStaleTemps(olderThan: Date): Promise<string[]>;
  /** A filesystem path when the driver has one (sharp/ffmpeg read it directly), else null. */
  localPath(key: string): string | null;
  /** Releases connections (S3 client sockets); the store is unusable afterwards. */
  close(): Promise<void>;
}
