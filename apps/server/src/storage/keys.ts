import { randomUUID } from 'node:crypto';
import { BlobRangeError, InvalidBlobKeyError } from './errors.js';

/**
 * Keys are made by the server, never from a file name, so they can be held to a narrow alphabet:
 * segments of letters, digits, `.`, `_`, `-` that start with a letter or digit. That rules out
 * `..`, hidden names, absolute paths, backslashes and empty segments in one test, on every
 * filesystem and every S3 implementation.
 */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const MAX_KEY_LENGTH = 512;

/** First segment reserved for staged blobs (S3 `tmp/`, local `.tmp/`): no final key may live there. */
export const RESERVED_TOP = 'tmp';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function assertValidKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH)
    throw new InvalidBlobKeyError(String(key));
  const segments = key.split('/');
  if (!segments.every((s) => SEGMENT.test(s)) || segments[0] === RESERVED_TOP) throw new InvalidBlobKeyError(key);
}

/**
 * A prefix for deletePrefix/list: at least one whole segment followed by `/` and then any partial
 * segment, so that neither `''` (everything) nor `t` (which would reach the temp area) can slip in.
 */
export function assertValidPrefix(prefix: string): void {
  const slash = typeof prefix === 'string' ? prefix.lastIndexOf('/') : -1;
  if (slash <= 0) throw new InvalidBlobKeyError(String(prefix));
  assertValidKey(prefix.slice(0, slash));
  const rest = prefix.slice(slash + 1);
  if (rest !== '' && !SEGMENT.test(rest)) throw new InvalidBlobKeyError(prefix);
}

/** `originals/3f/a2/3fa2…-uuid`: random (122 bits), sharded so no directory grows without bound. */
export function newBlobKey(kind: 'originals' | 'derivatives' | (string & {})): string {
  const id = randomUUID();
  const key = `${kind}/${id.slice(0, 2)}/${id.slice(2, 4)}/${id}`;
  assertValidKey(key);
  return key;
}

export const newTempId = () => randomUUID();

export const isTempKey = (key: string, prefix: string) => key.startsWith(prefix) && UUID.test(key.slice(prefix.length));

/** The uuid of a temp key of the given driver prefix, or an error: commit/discard accept nothing else. */
export function tempIdOf(tempKey: string, prefix: string): string {
  if (!isTempKey(tempKey, prefix)) throw new InvalidBlobKeyError(tempKey);
  return tempKey.slice(prefix.length);
}

export interface ByteRange {
  /** First byte, from 0. */
  start: number;
  /** Last byte, inclusive (as in HTTP Range). Clamped to the last byte of the blob. */
  end: number;
}

export function assertValidRange(key: string, range: ByteRange): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start)
    throw new BlobRangeError(key, range);
}
