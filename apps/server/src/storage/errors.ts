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

/** No room left to write: refused before writing (the disk reserve is in use) or ENOSPC on the way. */
export class StorageFullError extends Error {
  readonly code = 'STORAGE_FULL';
  constructor() {
    super('The storage is full');
    this.name = 'StorageFullError';
  }
}

// ENOSPC/EDQUOT from the filesystem, SQLITE_FULL from SQLite, 53100 (disk_full) from PostgreSQL.
const FULL_CODES = new Set(['STORAGE_FULL', 'ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']);

/** Whether an error (or what it wraps) says the disk or database has no room left. */
export function isStorageFull(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if (FULL_CODES.has(String((e as { code?: unknown }).code))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
