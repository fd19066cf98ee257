import type { LoginCodeBody, LoginTwoFactorStep } from '@brandvault/contract';
import type { z } from 'zod';
import { invalid } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import type { AnyContext } from '../../lib/requestContext.js';
import type { Deps } from '../../deps/deps.js';
import type { UserRow } from '../../access/principal.js';
import { readChallenge, signChallenge } from '../twoFactor/challenge.js';
import { twoFactorCodes } from '../twoFactor/codes.js';
import { startEnrolment } from '../twoFactor/enrol.js';
import { newRecoveryCodes } from '../twoFactor/totp.js';
import { canSignIn } from './auth.policy.js';

type Step = LoginTwoFactorStep['two_factor'];
/** Starts the session of a user whose sign-in is complete (auth.service's `login` tail). */
type Issue<S> = (ctx: AnyContext, user: UserRow) => Promise<S>;

/**
 * The sign-in steps after a right password for an account with two-factor (issue 41 §2): a code
 * or a recovery code, or, when a role requires it and it is not on yet, turning it on first. The
 * password step answers a signed challenge instead of a session, so nothing else is reachable
 * until the code is given.
 */
export function twoFactorLogin<S extends object>(deps: Deps, issue: Issue<S>) {
  const { repos, clock, appKey } = deps;
  const codes = twoFactorCodes(deps);
  const now = () => iso(clock.now());

  /** The user the challenge was made for, still able to sign in with the same password. */
  async function userOf(challenge: string, step: Step) {
    const read = readChallenge(appKey, challenge, step, clock.now());
    const user = read && (await repos.users.byId(read.userId));
    if (!read || !user || !canSignIn(user) || !read.fits(user.password_hash))
      throw invalid({ challenge: 'twoFactorChallenge' });
    return user;
  }

  const refused = (ctx: AnyContext, user: UserRow, reason: string) =>
    deps.change(ctx, (u) => u.audit({ event: 'auth.two_factor_failed', userId: user.id, info: { reason } }));

  return {
    /** After a right password: the step the account still needs, as a challenge, or null when none. */
    async twoFactorStep(user: UserRow): Promise<LoginTwoFactorStep | null> {
      const row = await repos.twoFactor.of(user.id);
      const step: Step | null = row?.enabled_at ? 'code' : (await repos.twoFactor.required(user.id)) ? 'setup' : null;
      return step && { two_factor: step, challenge: signChallenge(appKey, user, step, clock.now()) };
    },

    async loginWithCode(ctx: AnyContext, body: z.output<typeof LoginCodeBody>) {
      const user = await userOf(body.challenge, 'code');
      const row = await repos.twoFactor.of(user.id);
      if (!row?.enabled_at) throw invalid({ challenge: 'twoFactorChallenge' });
      if (body.code) {
        const outcome = await codes.check(ctx.ip, row, body.code);
        if (outcome !== 'ok') {
          await refused(ctx, user, outcome);
          throw invalid({ code: 'twoFactorCode' });
        }
      } else if (!(await codes.spendRecovery(ctx.ip, user.id, body.recovery_code ?? ''))) {
        await refused(ctx, user, 'recovery');
        throw invalid({ recovery_code: 'twoFactorRecovery' });
      } else {
        const left = await repos.twoFactor.recoveryLeft(user.id);
        await deps.change(ctx, (u) =>
          u.audit({ event: 'auth.two_factor_recovery_used', userId: user.id, info: { left } }),
        );
      }
      return issue(ctx, user);
    },

    /** A role requires two-factor of this account: its secret and QR code, before any session. */
    async loginSetup(ctx: AnyContext, challenge: string) {
      const user = await userOf(challenge, 'setup');
      return startEnrolment(deps, user);
    },

    async loginEnable(ctx: AnyContext, challenge: string, code: string) {
      const user = await userOf(challenge, 'setup');
      const row = await repos.twoFactor.of(user.id);
      if (!row) throw invalid({ code: 'twoFactorSetupFirst' });
      if (row.enabled_at) throw invalid({ challenge: 'twoFactorChallenge' });
      if ((await codes.check(ctx.ip, row, code)) !== 'ok') throw invalid({ code: 'twoFactorCode' });
      const fresh = newRecoveryCodes();
      await deps.change(ctx, async (u) => {
        await u.repos.twoFactor.enable(user.id, now());
        await u.repos.twoFactor.replaceRecoveryCodes(user.id, fresh.hashes, now());
        await u.audit({ event: 'auth.two_factor_enable', userId: user.id });
      });
      return { ...(await issue(ctx, user)), recovery_codes: fresh.codes };
    },
  };
}
