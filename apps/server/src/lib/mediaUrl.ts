import type { Clock } from './clock.js';
import { linkExpiry, signPath } from './signedUrl.js';

export const MEDIA_PREFIX = '/api/media/';

/**
 * A signed URL for a stored picture or derivative, or null when there is none. `brandId` names
 * the brand of an asset's derivative, for links that depend on it (guests' watermarked previews).
 */
export type MediaUrl = (key: string | null | undefined, brandId?: number) => string | null;

/** Links kept per process; a list of 50 cards signs 100 of them. */
const KEPT_LINKS = 20_000;

/**
 * A link is the same all day (its expiry is rounded to a day), so each is signed once a day and
 * then reused: signing was a tenth of a busy list request's time.
 */
export function mediaUrlFactory(appKey: string, clock: Clock): MediaUrl {
  const kept = new Map<string, { exp: number; url: string }>();
  return (key) => {
    if (!key) return null;
    const now = clock.now();
    const exp = linkExpiry(now);
    const hit = kept.get(key);
    if (hit?.exp === exp) return hit.url;
    const url = signPath(appKey, `${MEDIA_PREFIX}${key}`, now);
    if (kept.size >= KEPT_LINKS) kept.delete(kept.keys().next().value!);
    kept.set(key, { exp, url });
    return url;
  };
}
