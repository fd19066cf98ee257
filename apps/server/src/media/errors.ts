/**
 * Why a derivative could not be made. `permanent` tells the job runner not to retry: the same
 * bytes will fail the same way (a bomb, a corrupt file), while a timeout may pass on a quieter
 * machine. Either way the asset stays usable with its type icon.
 */
export type MediaErrorCode = 'pixel_limit' | 'unreadable' | 'timeout' | 'tool_failed';

export class MediaError extends Error {
  readonly permanent: boolean;
  constructor(
    readonly code: MediaErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MediaError';
    this.permanent = code === 'pixel_limit' || code === 'unreadable';
  }
}
