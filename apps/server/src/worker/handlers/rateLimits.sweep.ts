import { RateLimiter } from '../../http/rateLimit.js';
import { jobSchemas } from '../../jobs/payloads.js';
import { defineHandler } from '../../jobs/types.js';

/** A run of failed sign-ins this old says nothing any more (loginGuard forgets it after an hour). */
const THROTTLE_KEPT_MS = 2 * 60 * 60_000;

/** Drops ended rate-limit windows and old sign-in throttles; failed logins would otherwise leave rows for ever. */
export const rateLimitsSweep = defineHandler({
  schema: jobSchemas['rateLimits.sweep'],
  async run(_payload, { db, repos, clock }) {
    await new RateLimiter(db, clock).sweep();
    await repos.loginThrottles.sweep(clock.now().getTime() - THROTTLE_KEPT_MS);
  },
});
