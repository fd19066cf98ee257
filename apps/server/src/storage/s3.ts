import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { _Object } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { BlobEntry, BlobStat, BlobStore, ObjectLock, StagedBlob, StageOptions } from './blobStore.js';
import { BlobNotFoundError, BlobRangeError } from './errors.js';
import { assertValidKey, assertValidPrefix, assertValidRange, isTempKey, newTempId, tempIdOf } from './keys.js';
import type { ByteRange } from './keys.js';
import { meter } from './meter.js';

const TEMP_PREFIX = 'tmp/';
const MiB = 1024 * 1024;

export interface S3StoreOptions {
  /** For S3-compatible services (MinIO, R2, s3rver…); AWS itself needs none. */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Both or neither; without them the SDK's default chain applies (AWS_* env, profile, role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Defaults to true when an endpoint is given: most S3-compatible services need path style. */
  forcePathStyle?: boolean;
  /** Multipart part size (≥ 5 MiB). Memory per stage is about partSize × (queueSize + 1). */
  partSize?: number;
  /** Parts uploaded in parallel per stage. */
  queueSize?: number;
}

const statusOf = (err: unknown) =>
  (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
const nameOf = (err: unknown) => (err as { name?: string } | null)?.name;
const isNotFound = (err: unknown) => statusOf(err) === 404 || nameOf(err) === 'NoSuchKey' || nameOf(err) === 'NotFound';
const isBadRange = (err: unknown) => statusOf(err) === 416 || nameOf(err) === 'InvalidRange';

/**
 * Whether a ranged GET answered with the range asked for. AWS answers 416 for a range past the
 * end, but not every S3-compatible server does (s3rver answers 206 "bytes 0-0/0" for an empty
 * object), so check the total it reports rather than trust the status.
 */
function rangeFits(
  key: string,
  contentRange: string | undefined,
  contentLength: number | undefined,
  start: number,
): boolean {
  if (!contentRange) {
    // Some servers answer an empty object with a plain 200; any other whole-object answer
    // would hand the caller more bytes than it asked for.
    if (contentLength === 0) return false;
    throw new Error(`S3 endpoint ignored the Range header for ${key}`);
  }
  const total = Number(/\/(\d+)$/.exec(contentRange)?.[1]);
  return Number.isFinite(total) && start < total;
}

/**
 * Blobs as objects `<key>` in one bucket; temp blobs as `tmp/<uuid>`. A failed stage aborts its
 * multipart upload, but a process that dies mid-upload leaves one behind (invisible, still billed):
 * give the bucket a lifecycle rule AbortIncompleteMultipartUpload on `tmp/` (1 day is plenty).
 */
export class S3BlobStore implements BlobStore {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly partSize: number;
  private readonly queueSize: number;

  constructor(opts: S3StoreOptions) {
    this.bucket = opts.bucket;
    // 8 MiB × 2 in flight keeps a 1.5 GB upload to ~200 parts and ~25 MB of buffers.
    this.partSize = Math.max(opts.partSize ?? 8 * MiB, 5 * MiB);
    this.queueSize = Math.max(opts.queueSize ?? 2, 1);
    this.client = new S3Client({
      region: opts.region,
      ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
      forcePathStyle: opts.forcePathStyle ?? !!opts.endpoint,
      ...(opts.accessKeyId && opts.secretAccessKey
        ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } }
        : {}),
      // Since SDK 3.729 every upload carries a CRC32 trailer by default, which many S3-compatible
      // services reject or mangle; we hash the content ourselves, so ask for checksums only
      // where the API requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async stage(source: Readable, opts: StageOptions = {}): Promise<StagedBlob> {
    const tempKey = TEMP_PREFIX + newTempId();
    const metered = meter(source, opts.maxBytes);
    // lib-storage may replace the original error by a failed AbortMultipartUpload's: keep ours.
    let streamError: unknown;
    metered.stream.on('error', (err) => (streamError ??= err));
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: tempKey,
        Body: metered.stream,
        ...(opts.contentType ? { ContentType: opts.contentType } : {}),
      },
      partSize: this.partSize,
      queueSize: this.queueSize,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (err) {
      metered.stream.destroy();
      source.destroy();
      // Nothing should be there (an incomplete multipart upload is not an object), but make sure.
      await this.deleteObject(tempKey).catch(() => undefined);
      throw streamError ?? err;
    }
    return { tempKey, ...metered.result() };
  }

  async adoptFile(path: string, opts: StageOptions & { sha256?: string | undefined } = {}): Promise<StagedBlob> {
    const staged = await this.stage(createReadStream(path), opts);
    await rm(path, { force: true });
    return staged;
  }

  async commit(tempKey: string, key: string): Promise<void> {
    tempIdOf(tempKey, TEMP_PREFIX);
    assertValidKey(key);
    try {
      // A single CopyObject handles up to 5 GB; uploads are capped well below (1.5 GB by default).
      // Beyond that this would need UploadPartCopy.
      await this.client.send(
        new CopyObjectCommand({ Bucket: this.bucket, Key: key, CopySource: `${this.bucket}/${tempKey}` }),
      );
    } catch (err) {
      if (isNotFound(err)) throw new BlobNotFoundError(tempKey);
      throw err;
    }
    // The blob is in place: failing here would make the caller abandon a good blob. A leftover
    // temp is found by listStaleTemps and discarded by the clean-up job.
    await this.deleteObject(tempKey).catch(() => undefined);
  }

  async discard(tempKey: string): Promise<void> {
    tempIdOf(tempKey, TEMP_PREFIX);
    await this.deleteObject(tempKey);
  }

  async put(key: string, body: Buffer | Readable, contentType?: string, lock?: ObjectLock): Promise<void> {
    assertValidKey(key);
    const ct = {
      ...(contentType ? { ContentType: contentType } : {}),
      ...(lock ? { ObjectLockMode: lock.mode, ObjectLockRetainUntilDate: lock.until } : {}),
    };
    if (Buffer.isBuffer(body)) {
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentLength: body.length, ...ct }),
      );
      return;
    }
    // An S3 object appears only when complete, so a stream needs no temp key.
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ...ct },
      partSize: this.partSize,
      queueSize: this.queueSize,
    });
    try {
      await upload.done();
    } catch (err) {
      body.destroy();
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    assertValidKey(key);
    if (range) assertValidRange(key, range);
    let res;
    try {
      res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
    } catch (err) {
      if (isNotFound(err)) throw new BlobNotFoundError(key);
      if (range && isBadRange(err)) throw new BlobRangeError(key, range);
      throw err;
    }
    // In Node the body is an http.IncomingMessage, i.e. a Readable.
    const body = (res.Body as Readable | undefined) ?? Readable.from([]);
    try {
      if (range && !rangeFits(key, res.ContentRange, res.ContentLength, range.start))
        throw new BlobRangeError(key, range);
    } catch (err) {
      body.destroy();
      throw err;
    }
    return body;
  }

  async stat(key: string): Promise<BlobStat | null> {
    assertValidKey(key);
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: res.ContentLength ?? 0, modifiedAt: res.LastModified ?? new Date(0) };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.deleteObject(key);
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertValidPrefix(prefix);
    for await (const page of this.pages(prefix)) {
      const keys = page.flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (keys.length === 0) continue;
      // ListObjectsV2 pages hold at most 1000 keys: exactly what one DeleteObjects accepts.
      const res = await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }),
      );
      const failed = res.Errors?.[0];
      if (failed)
        throw new Error(`S3 delete of ${failed.Key ?? '?'} failed: ${failed.Code ?? ''} ${failed.Message ?? ''}`);
    }
  }

  async *list(prefix: string): AsyncIterable<BlobEntry> {
    assertValidPrefix(prefix);
    for await (const page of this.pages(prefix)) {
      for (const o of page)
        if (o.Key) yield { key: o.Key, size: o.Size ?? 0, modifiedAt: o.LastModified ?? new Date(0) };
    }
  }

  async listStaleTemps(olderThan: Date): Promise<string[]> {
    const stale: string[] = [];
    // An upload still in progress is a multipart upload, not an object: it cannot show up here.
    for await (const page of this.pages(TEMP_PREFIX)) {
      for (const o of page) {
        if (o.Key && isTempKey(o.Key, TEMP_PREFIX) && o.LastModified && o.LastModified < olderThan) stale.push(o.Key);
      }
    }
    return stale;
  }

  localPath(): null {
    return null;
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  private async deleteObject(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  private async *pages(prefix: string): AsyncIterable<_Object[]> {
    let token: string | undefined;
    do {
      const res = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix,
          ...(token ? { ContinuationToken: token } : {}),
        }),
      );
      yield res.Contents ?? [];
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
  }
}
