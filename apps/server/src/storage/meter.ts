import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { BlobTooLargeError } from './errors.js';

export interface Metered {
  /** The same bytes as the source; errors (the source's, or BlobTooLargeError) surface here. */
  stream: Readable;
  /** Size and SHA-256 (hex) of what went through; only meaningful once `stream` has ended. */
  result(): { size: number; sha256: string };
}

/**
 * Hashes and counts bytes as they pass, and fails as soon as `maxBytes` is crossed, so an
 * oversized upload is cut off at the limit rather than after it has all been written.
 * Pull-based (an async generator), so it holds at most one chunk: backpressure is preserved.
 */
export function meter(source: Readable, maxBytes?: number): Metered {
  const hash = createHash('sha256');
  let size = 0;
  let digest: string | undefined;
  async function* pass() {
    // Leaving this loop early (error or destroy) destroys the source too: the upload is released.
    for await (const chunk of source as AsyncIterable<Buffer | string>) {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buf.length;
      if (maxBytes !== undefined && size > maxBytes) throw new BlobTooLargeError(maxBytes);
      hash.update(buf);
      yield buf;
    }
    digest = hash.digest('hex');
  }
  return {
    stream: Readable.from(pass(), { objectMode: false }),
    result() {
      if (digest === undefined) throw new Error('meter: stream has not ended');
      return { size, sha256: digest };
    },
  };
}
