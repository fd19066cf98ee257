import { TWO_FACTOR_IP_MAX, TWO_FACTOR_MAX_ATTEMPTS, TWO_FACTOR_WINDOW_SECONDS } from '@brandvault/contract';
import { AppError } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import { unseal } from '../../lib/crypto.js';
import { checkPassword } from '../../lib/passwords.js';
import type { Deps } from '../../deps/deps.js';
import { recoveryHash, SECRET_SEAL, stepOf } from './totp.js';

type Row = { user_id: number; secret_enc: string };
export type CodeOutcome = 'ok' | 'wrong' | 'replayed';

/**
 * Checks codes for an account: every try counts against the account and the address first (so a
 * code cannot be guessed in parallel), an accepted code's time step is recorded so it never works
 * twice, and a right code clears the account's count.
 */
export function twoFactorCodes(deps: Pick<Deps, 'repos' | 'limiter' | 'clock' | 'appKey' | 'log'>) {
  const { repos, limiter, clock, appKey } = deps;
  const userKey = (id: number) => `two-factor:${id}`;
  const ipKey = (ip: string) => `two-factor-ip:${ip}`;

  async function admit(userId: number, ip: string) {
    for (const [key, max] of [
      [userKey(userId), TWO_FACTOR_MAX_ATTEMPTS],
      [ipKey(ip), TWO_FACTOR_IP_MAX],
    ] as const) {
      const hit = await limiter.hit(key, TWO_FACTOR_WINDOW_SECONDS);
      if (hit.count > max)
        throw new AppError('LOGIN_TOO_MANY', { headers: { 'retry-after': String(hit.retryAfterSeconds) } });
    }
  }
  async function passed(userId: number, ip: string) {
    await limiter.clear(userKey(userId));
    await limiter.release(ipKey(ip));
  }

  /** The plain secret, or null when the app key it was sealed with is gone (then no code works). */
  function secretOf(row: Row) {
    const secret = unseal(appKey, SECRET_SEAL, row.secret_enc);
    if (secret === null) deps.log.error({ userId: row.user_id }, 'two-factor secret does not open with the app key');
    return secret;
  }

  return {
    secretOf,

    /** Whether `code` is the account's current code and was never accepted before. */
    async check(ip: string, row: Row, code: string): Promise<CodeOutcome> {
      await admit(row.user_id, ip);
      const secret = secretOf(row);
      const step = secret === null ? null : stepOf(secret, code, clock.now());
      if (step === null) return 'wrong';
      if (!(await repos.twoFactor.acceptStep(row.user_id, step))) return 'replayed';
      await passed(row.user_id, ip);
      return 'ok';
    },

    /** The account's password, counted as a try like a code (it stands in for one when turning two-factor off). */
    async checkPassword(ip: string, user: { id: number; password_hash: string | null }, password: string) {
      await admit(user.id, ip);
      if (!(await checkPassword(user.password_hash ?? undefined, password))) return false;
      await passed(user.id, ip);
      return true;
    },

    /** Spends one of the account's recovery codes; false when it is not an unused one. */
    async spendRecovery(ip: string, userId: number, code: string): Promise<boolean> {
      await admit(userId, ip);
      if (!(await repos.twoFactor.spendRecoveryCode(userId, recoveryHash(code), iso(clock.now())))) return false;
      await passed(userId, ip);
      return true;
    },
  };
}
export type TwoFactorCodes = ReturnType<typeof twoFactorCodes>;
