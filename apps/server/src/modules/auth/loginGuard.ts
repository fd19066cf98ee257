import {
  LOGIN_ACCOUNT_LOCK_AT,
  LOGIN_ACCOUNT_SLOW_FROM,
  LOGIN_IP_MAX,
  LOGIN_IP_WINDOW_SECONDS,
  LOGIN_LOCK_MINUTES,
  LOGIN_MAX_ATTEMPTS,
  RATE_WINDOW_SECONDS,
} from '@brandvault/contract';
import { AppError } from '../../http/errors.js';
import type { RateLimiter } from '../../http/rateLimit.js';
import type { Clock } from '../../lib/clock.js';
import type { LoginThrottleRepo } from './loginThrottle.repo.js';

const LOCK_MS = LOGIN_LOCK_MINUTES * 60_000;
/** A run of failures older than this is forgotten: a typo a day is not an attack. */
const FORGET_AFTER_MS = 60 * 60_000;
/** The longest wait the slow-down asks between two tries of one account. */
const MAX_DELAY_MS = 60_000;

/** The wait before the try after `failures` failures in a row: 0 at first, then 1, 2, 4... s. */
export const delayAfter = (failures: number) =>
  failures < LOGIN_ACCOUNT_SLOW_FROM ? 0 : Math.min(1000 * 2 ** (failures - LOGIN_ACCOUNT_SLOW_FROM), MAX_DELAY_MS);

const tooMany = (code: 'LOGIN_TOO_MANY' | 'ACCOUNT_LOCKED', waitMs: number) =>
  new AppError(code, { headers: { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) } });

/**
 * Every limit on sign-in, counted before the password is checked, so parallel tries cannot slip
 * between a read and an increment: one address across all accounts, one e-mail from one address,
 * and one account from anywhere (the progressive slow-down and the lock).
 */
export function loginGuard(deps: { throttles: LoginThrottleRepo; limiter: RateLimiter; clock: Clock }) {
  const { throttles, limiter, clock } = deps;
  const ipKey = (ip: string) => `login-ip:${ip}`;
  const pairKey = (email: string, ip: string) => `login:${email}:${ip}`;

  return {
    /** Counts this try as a failure until `succeeded` says otherwise; whether it starts a lock. */
    async admit(email: string, ip: string): Promise<{ locks: boolean }> {
      const byIp = await limiter.hit(ipKey(ip), LOGIN_IP_WINDOW_SECONDS);
      if (byIp.count > LOGIN_IP_MAX) throw tooMany('LOGIN_TOO_MANY', byIp.retryAfterSeconds * 1000);
      const pair = await limiter.hit(pairKey(email, ip), RATE_WINDOW_SECONDS);
      if (pair.count > LOGIN_MAX_ATTEMPTS) throw tooMany('LOGIN_TOO_MANY', pair.retryAfterSeconds * 1000);

      const now = clock.now().getTime();
      const seen = await throttles.byEmail(email);
      if (seen?.locked_until && seen.locked_until > now) throw tooMany('ACCOUNT_LOCKED', seen.locked_until - now);
      if (seen && seen.next_at > now) throw tooMany('LOGIN_TOO_MANY', seen.next_at - now);
      const failures = (seen && now - seen.last_at < FORGET_AFTER_MS ? seen.failures : 0) + 1;
      const locks = failures % LOGIN_ACCOUNT_LOCK_AT === 0;
      const claimed = await throttles.claim(seen, {
        email,
        failures,
        last_at: now,
        next_at: now + delayAfter(failures),
        locked_until: locks ? now + LOCK_MS : null,
      });
      // Another try of this account got in between: it is the one that counts.
      if (!claimed) throw tooMany('LOGIN_TOO_MANY', 1000);
      return { locks };
    },

    async succeeded(email: string, ip: string) {
      await throttles.clear(email);
      await limiter.clear(pairKey(email, ip));
      await limiter.release(ipKey(ip));
    },

    /** An administrator's unlock, or a password reset, ends the lock and the run of failures. */
    lift: (email: string) => throttles.clear(email),
  };
}
export type LoginGuard = ReturnType<typeof loginGuard>;
