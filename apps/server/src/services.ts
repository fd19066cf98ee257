import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { DbHandle } from './db/index.js';
import type { RateLimiter } from './http/rateLimit.js';
import type { Clock } from './lib/clock.js';
import type { Mailer } from './mail/mailer.js';
import { authService } from './modules/auth/auth.service.js';
import { brandsService } from './modules/brands/brands.service.js';
import { usersService } from './modules/users/users.service.js';
import type { Repos } from './repos.js';

/** What services may use. Built once per app; tests build the real thing on a temp data dir. */
export interface Deps {
  handle: DbHandle;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  limiter: RateLimiter;
  appKey: string;
  log: FastifyBaseLogger;
  repos: Repos;
}

export function makeServices(deps: Deps) {
  return { auth: authService(deps), users: usersService(deps), brands: brandsService(deps) };
}
export type Services = ReturnType<typeof makeServices>;
