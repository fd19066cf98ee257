import { hmac, safeEqual } from './crypto.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Signed links for things an <img> or <a download> must fetch without a bearer header
 * (thumbnails, previews, originals). The expiry is rounded up to a step (a day by default) so a
 * link stays the same for that long and the browser can cache what it points to.
 */
export function signPath(appKey: string, path: string, now: Date, ttlMs = DAY_MS, stepMs = DAY_MS): string {
  const exp = linkExpiry(now, ttlMs, stepMs);
  const sep = path.includes('?') ? '&' : '?';
  return `${path}${sep}exp=${exp}&sig=${hmac(appKey, `${path}|${exp}`)}`;
}

/** When a link signed now expires: at least `ttlMs` ahead, rounded up to a multiple of `stepMs`. */
export const linkExpiry = (now: Date, ttlMs = DAY_MS, stepMs = DAY_MS) =>
  Math.ceil((now.getTime() + ttlMs) / stepMs) * stepMs;

/** Checks a signature made by signPath for `path` (without the exp/sig parameters). */
export function verifySignedPath(appKey: string, path: string, exp: unknown, sig: unknown, now: Date): boolean {
  if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d+$/.test(exp)) return false;
  if (Number(exp) < now.getTime()) return false;
  return safeEqual(sig, hmac(appKey, `${path}|${exp}`));
}

/**
 * The user a link signed for `pathFor(user)` was issued to (its `u` parameter), or null when the
 * query holds no valid, unexpired link: for links that carry a user whose rights are checked again
 * at every fetch (downloads, face crops).
 */
export function signedLinkUser(
  appKey: string,
  pathFor: (userId: number) => string,
  query: unknown,
  now: Date,
): number | null {
  const q = (query ?? {}) as Record<string, unknown>;
  const u = typeof q.u === 'number' ? String(q.u) : q.u;
  if (typeof u !== 'string' || !/^[1-9]\d{0,15}$/.test(u)) return null;
  const userId = Number(u);
  return verifySignedPath(appKey, pathFor(userId), q.exp, q.sig, now) ? userId : null;
}
