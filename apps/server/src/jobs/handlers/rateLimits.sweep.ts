import { z } from 'zod';
import { RateLimiter } from '../../http/rateLimit.js';
import { loginThrottleRepo } from '../../modules/auth/loginThrottle.repo.js';
import { defineHandler } from '../types.js';

/** A run of failed sign-ins this old says nothing any more (loginGuard forgets it after an hour). */
const THROTTLE_KEPT_MS = 2 * 60 * 60_000;

/** Drops ended rate-limit windows and old sign-in throttles; failed logins would otherwise leave rows for ever. */
export const rateLimitsSweep = defineHandler({
  schema: z.object({}),
  async run(_payload, { db, clock }) {
    await new RateLimiter(db, clock).sweep();
    await loginThrottleRepo(db).sweep(clock.now().getTime() - THROTTLE_KEPT_MS);
  },
});
