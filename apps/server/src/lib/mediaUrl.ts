import type { Clock } from './clock.js';
import { signPath } from './signedUrl.js';

export const MEDIA_PREFIX = '/api/media/';

/** A signed URL for a stored picture or derivative, or null when there is none. */
export type MediaUrl = (key: string | null | undefined) => string | null;

export const mediaUrlFactory =
  (appKey: string, clock: Clock): MediaUrl =>
  (key) =>
    key ? signPath(appKey, `${MEDIA_PREFIX}${key}`, clock.now()) : null;
