import type { Readable } from 'node:stream';
import type { BlobStore, StagedBlob } from '../../storage/index.js';
import { BlobTooLargeError } from '../../storage/index.js';

/**
 * The files of one multipart request, staged (hashed, at temp keys) while its body streams in.
 * Routes act on them only once the body has ended well, so a body refused half-way (more files
 * than the limit, a file too large, malformed or cut off) has written no asset and no version;
 * `discardAll` then leaves no temp blob either.
 */
export class RequestStaging {
  private readonly keys: string[] = [];

  constructor(
    private readonly storage: BlobStore,
    private readonly maxBytes: number,
  ) {}

  /** The staged file, or FILE_TOO_LARGE (nothing kept); any other stream error is thrown. */
  async stage(stream: Readable & { truncated?: boolean }): Promise<StagedBlob | 'FILE_TOO_LARGE'> {
    let staged: StagedBlob;
    try {
      staged = await this.storage.stage(stream, { maxBytes: this.maxBytes });
    } catch (err) {
      stream.resume();
      if (err instanceof BlobTooLargeError) return 'FILE_TOO_LARGE';
      throw err;
    }
    if (stream.truncated) {
      await this.storage.discard(staged.tempKey);
      return 'FILE_TOO_LARGE';
    }
    this.keys.push(staged.tempKey);
    return staged;
  }

  /** Drops what was staged and not committed (a committed temp key is gone, and discard is idempotent). */
  async discardAll(): Promise<void> {
    for (const key of this.keys.splice(0)) {
      // What a failed discard leaves, the storage clean-up job removes later.
      await this.storage.discard(key).catch(() => undefined);
    }
  }
}
