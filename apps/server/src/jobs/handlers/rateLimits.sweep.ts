import { z } from 'zod';
import { RateLimiter } from '../../http/rateLimit.js';
import { defineHandler } from '../types.js';

/** Drops rate-limit windows that have ended; failed logins would otherwise leave rows for ever. */
export const rateLimitsSweep = defineHandler({
  schema: z.object({}),
  async run(_payload, { db, clock }) {
    await new RateLimiter(db, clock).sweep();
  },
});
