import {
  SHARE_UNLOCK_TRIES,
  SHARE_VIEW_COUNT_MINUTES,
  SHARE_VIEWS_PER_ADDRESS,
  SHARE_VIEWS_PER_LINK,
} from '@brandvault/contract';
import { AppError } from '../../http/errors.js';
import type { RateLimiter } from '../../http/rateLimit.js';
import { hmac } from '../../lib/crypto.js';
import type { AnyContext } from '../../lib/requestContext.js';

const tooMany = (retryAfterSeconds: number) =>
  new AppError('SHARE_LINK_TOO_MANY', { headers: { 'retry-after': String(retryAfterSeconds) } });

/**
 * Limits on what anyone holding a link can do without signing in: opening it (per address and per
 * link, so neither one scraper nor a crowd of them can hammer it) and wrong passwords (per link
 * and per address, so a guesser cannot spread tries over addresses or over links). Share and
 * guidelines links (`scope`) count apart.
 */
export function shareLinkLimits(limiter: RateLimiter, appKey: string, scope: 'share' | 'guideline') {
  return {
    async view(ctx: AnyContext, linkId: number) {
      const hits = [
        [await limiter.hit(`${scope}-view:ip:${ctx.ip}`, 60, SHARE_VIEWS_PER_ADDRESS), SHARE_VIEWS_PER_ADDRESS],
        [await limiter.hit(`${scope}-view:link:${linkId}`, 60, SHARE_VIEWS_PER_LINK), SHARE_VIEWS_PER_LINK],
      ] as const;
      for (const [hit, max] of hits) if (hit.count > max) throw tooMany(hit.retryAfterSeconds);
    },

    /** Refuses an unlock while the link or the address is out of tries. */
    async beforeUnlock(ctx: AnyContext, linkId: number) {
      for (const key of unlockKeys(scope, ctx, linkId)) {
        const seen = await limiter.peek(key);
        if (seen.count >= SHARE_UNLOCK_TRIES) throw tooMany(seen.retryAfterSeconds);
      }
    },
    async wrongPassword(ctx: AnyContext, linkId: number) {
      for (const key of unlockKeys(scope, ctx, linkId)) await limiter.hit(key, 60);
    },

    /**
     * Whether this open is the visitor's first of the link in SHARE_VIEW_COUNT_MINUTES: a visitor is
     * the signed-in user, else the address and browser (kept only as a keyed hash, for that window).
     */
    async firstView(ctx: AnyContext, linkId: number) {
      const who = ctx.actor
        ? `u${ctx.actor.user.id}`
        : hmac(appKey, `${scope}-visitor\n${ctx.ip}\n${ctx.userAgent ?? ''}`);
      const hit = await limiter.hit(`${scope}-seen:${linkId}:${who}`, SHARE_VIEW_COUNT_MINUTES * 60);
      return hit.count === 1;
    },
  };
}

const unlockKeys = (scope: string, ctx: AnyContext, linkId: number) => [
  `${scope}-unlock:link:${linkId}`,
  `${scope}-unlock:ip:${ctx.ip}`,
];
