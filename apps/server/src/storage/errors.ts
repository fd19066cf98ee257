/**
 * Storage errors carry no HTTP status: the same failure means different things to callers (a
 * missing original behind an existing asset row is a server fault, not a 404). Services map them
 * to AppError codes; `code` lets them do so without instanceof across module copies.
 */
export class BlobTooLargeError extends Error {
  readonly code = 'BLOB_TOO_LARGE';
  constructor(readonly maxBytes: number) {
    super(`Blob exceeds the limit of ${maxBytes} bytes`);
    this.name = 'BlobTooLargeError';
  }
}

export class BlobNotFoundError extends Error {
  readonly code = 'BLOB_NOT_FOUND';
  constructor(readonly key: string) {
    super(`Blob not found: ${key}`);
    this.name = 'BlobNotFoundError';
  }
}

/** The requested byte range does not fit the blob (HTTP 416 territory). */
export class BlobRangeError extends Error {
  readonly code = 'BLOB_RANGE_NOT_SATISFIABLE';
  constructor(
    readonly key: string,
    readonly range: { start: number; end: number },
  ) {
    super(`Range ${range.start}-${range.end} is not satisfiable for ${key}`);
    this.name = 'BlobRangeError';
  }
}

/** A key that is not one the server could have generated: a bug, or an attempt to escape the root. */
export class InvalidBlobKeyError extends Error {
  readonly code = 'BLOB_KEY_INVALID';
  constructor(readonly key: string) {
    super(`Invalid blob key: ${JSON.stringify(key)}`);
    this.name = 'InvalidBlobKeyError';
  }
}
