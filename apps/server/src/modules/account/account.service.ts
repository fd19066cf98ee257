import { DEFAULT_SIGNUP_ROLE, RESET_TOKEN_MINUTES } from '@brandvault/contract';
import type { Lang } from '@brandvault/contract';
import type { z } from 'zod';
import type {
  RegisterBody,
  ResetPasswordBody,
  UpdatePasswordBody,
  UpdateProfileBody,
  VerifyEmailBody,
} from '@brandvault/contract';
import { AppError, found, invalid, isUniqueViolation } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { checkPassword, hashPassword } from '../../lib/passwords.js';
import { mails } from '../../mail/templates.js';
import { newUserRow, personOf } from '../users/userRow.js';
import { changesOf, userTarget } from '../audit/audit.trail.js';
import type { Deps } from '../../deps/deps.js';
import type { UserRow } from '../../access/principal.js';
import { checkVerification, verificationLink } from '../auth/links.js';
import { refuseCommonPassword } from '../users/passwordRules.js';
import { sessionView } from '../auth/session.js';
import { loginGuard } from '../auth/loginGuard.js';
import type { AnyContext, RequestContext } from '../../lib/requestContext.js';

/** What a profile edit records before and after. */
const PROFILE_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'lang',
  'company',
  'country',
  'phone',
  'position',
  'default_home',
] as const;

const asLang = (v: string): Lang => (v === 'es' ? 'es' : 'en');

/**
 * The account's own life: register, verify, reset and change the password, edit the profile.
 * Every change is audited in its transaction, and its mail is queued in the same one.
 */
export function accountService(deps: Deps) {
  const { repos, clock, config, appKey } = deps;
  // The same guard sign-in uses (its state is in the database): a reset lifts the address's lock.
  const guard = loginGuard({ throttles: repos.loginThrottles, limiter: deps.limiter, clock });
  const now = () => iso(clock.now());

  async function registrationTaken(ctx: AnyContext, owner: UserRow) {
    await deps.change(ctx, (u) =>
      u.mail(mails.registrationAttempt(asLang(owner.lang), owner, `${config.appUrl}/login`)),
    );
    return { message: 'Registered' };
  }

  /** A reset that is unused, in time and for this address, with its user; otherwise RESET_FAILED. */
  async function usableReset(body: { token: string; email: string }) {
    const reset = await repos.auth.resetByHash(sha256(body.token));
    const user = reset ? await repos.users.byId(reset.user_id) : undefined;
    const fresh = reset && !reset.used_at && Date.parse(reset.expires_at) > clock.now().getTime();
    if (!reset || !user || !fresh || user.email !== body.email) throw new AppError('RESET_FAILED');
    return { reset, user };
  }

  const verification = (user: UserRow) =>
    mails.verifyEmail(asLang(user.lang), user, verificationLink(config.appUrl, appKey, user, clock.now()));

  return {
    /**
     * Answers the same whether the address is new or taken, so sign-up tells nobody who has an
     * account: a taken address gets a message saying someone tried, and nothing else changes.
     */
    async register(ctx: AnyContext, body: z.output<typeof RegisterBody>) {
      const { lang } = ctx;
      refuseCommonPassword(body.password);
      const at = now();
      const passwordHash = await hashPassword(body.password);
      const existing = await repos.users.byEmail(body.email);
      if (existing) return registrationTaken(ctx, existing);
      const id = await deps
        .change(ctx, async (u) => {
          const userId = await u.repos.users.insert(
            newUserRow({ ...personOf(body), password_hash: passwordHash, at, lang: body.lang ?? lang }),
          );
          await u.repos.roles.setUserRoles(userId, [DEFAULT_SIGNUP_ROLE]);
          await u.audit({ event: 'auth.register', userId, info: { email: body.email } });
          const user = (await u.repos.users.byId(userId))!;
          await u.mail(verification(user));
          const pending = `${config.appUrl}/users?status=PENDING`;
          for (const admin of await u.repos.roles.activeUsersWithRole('admin'))
            await u.mail(mails.registrationNotice(asLang(admin.lang), admin, user, pending));
          return userId;
        })
        .catch((err: unknown) => {
          // Two sign-ups with one address at once: the second is told as if it came later.
          if (isUniqueViolation(err)) return null;
          throw err;
        });
      if (id === null) return registrationTaken(ctx, found(await repos.users.byEmail(body.email)));
      return { message: 'Registered' };
    },

    async verifyEmail(ctx: AnyContext, v: z.output<typeof VerifyEmailBody>) {
      const user = await repos.users.byId(v.id);
      const result = checkVerification(appKey, v, user?.email, clock.now());
      if (result === 'invalid' || !user) throw new AppError('INVALID_VERIFICATION');
      if (result === 'expired') throw new AppError('VERIFICATION_EXPIRED');
      if (!user.verified_at)
        await deps.change(ctx, async (u) => {
          await u.repos.users.update(user.id, { verified_at: now(), updated_at: now() });
          await u.audit({ event: 'auth.verify', userId: user.id });
        });
      return { message: 'Verified' };
    },

    /** Signed in: to oneself. Anonymous: to the address given, silently when it is unknown. */
    async resendVerification(ctx: AnyContext, email: string | undefined) {
      const { actor } = ctx;
      const user = actor ? actor.user : email ? await repos.users.byEmail(email) : undefined;
      if (!actor && !email) throw invalid({ email: 'required' });
      if (user && !user.verified_at) await deps.change(ctx, (u) => u.mail(verification(user)));
      return { message: 'Verification link sent' };
    },

    /** The same answer for any well-formed address: whether it has an account is nobody's business. */
    async forgotPassword(ctx: AnyContext, email: string) {
      const user = await repos.users.byEmail(email);
      if (!user) return { message: 'Reset link sent' };
      const token = randomToken();
      const expires = new Date(clock.now().getTime() + RESET_TOKEN_MINUTES * 60 * 1000);
      const url = `${config.appUrl}/password/reset?${new URLSearchParams({ token, email: user.email }).toString()}`;
      await deps.change(ctx, async (u) => {
        await u.repos.auth.insertReset(user.id, sha256(token), now(), iso(expires));
        await u.mail(mails.resetPassword(asLang(user.lang), user, url));
      });
      return { message: 'Reset link sent' };
    },

    /** The same test as the reset itself, consuming nothing: the page shows its form only if it passes. */
    async checkReset(body: { token: string; email: string }) {
      await usableReset(body);
      return { message: 'Reset link valid' };
    },

    async resetPassword(ctx: AnyContext, body: z.output<typeof ResetPasswordBody>) {
      refuseCommonPassword(body.password);
      const { reset, user } = await usableReset(body);
      const passwordHash = await hashPassword(body.password);
      await deps.change(ctx, async (u) => {
        if (!(await u.repos.auth.consumeReset(reset.id, now()))) throw new AppError('RESET_FAILED');
        // The link came by mail: whoever uses it holds the mailbox (an invitation's first password).
        const verified = user.verified_at ? {} : { verified_at: now() };
        await u.repos.users.update(user.id, { password_hash: passwordHash, updated_at: now(), ...verified });
        await u.repos.auth.deleteUserTokens(user.id);
        await u.audit({ event: 'auth.password_reset', userId: user.id });
      });
      // Whoever proves the mailbox is theirs is not kept out by a lock meant for a guesser.
      await guard.lift(user.email);
      return { message: 'Password changed' };
    },

    async updateProfile(ctx: RequestContext, body: z.output<typeof UpdateProfileBody>) {
      const { actor } = ctx;
      const u = actor.user;
      const { menu_settings, current_password, ...fields } = body;
      const emailChanged = body.email !== undefined && body.email !== u.email;
      if (emailChanged) {
        if (!current_password) throw invalid({ current_password: 'required' });
        if (!(await checkPassword(u.password_hash, current_password)))
          throw new AppError('WRONG_CURRENT_PASSWORD', { fieldKeys: { current_password: 'invalid' } });
        if (await repos.users.emailTaken(body.email!, u.id)) throw invalid({ email: 'taken' });
      }
      await deps.change(ctx, async (unit) => {
        await unit.repos.users.update(u.id, {
          ...fields,
          ...(menu_settings ? { menu_settings: JSON.stringify(menu_settings) } : {}),
          ...(emailChanged ? { verified_at: null } : {}),
          updated_at: now(),
        });
        const changes = changesOf(u, fields, PROFILE_FIELDS);
        if (menu_settings) changes.menu_settings = { before: null, after: menu_settings };
        await unit.audit({ event: 'auth.profile_update', target: userTarget(u), changes });
        if (emailChanged) {
          const changed = (await unit.repos.users.byId(u.id))!;
          await unit.mail(verification(changed));
          // To the old address too: whoever lost the mailbox learns it moved.
          await unit.mail(mails.emailChanged(asLang(changed.lang), changed, u.email));
        }
      });
      const user = found(await repos.users.byId(u.id));
      return sessionView(repos, deps, { ...actor, user }, now());
    },

    async updatePassword(ctx: RequestContext, body: z.output<typeof UpdatePasswordBody>) {
      const { actor } = ctx;
      refuseCommonPassword(body.password);
      if (!(await checkPassword(actor.user.password_hash, body.current_password))) {
        throw new AppError('WRONG_CURRENT_PASSWORD', { fieldKeys: { current_password: 'invalid' } });
      }
      const passwordHash = await hashPassword(body.password);
      await deps.change(ctx, async (u) => {
        await u.repos.users.update(actor.user.id, { password_hash: passwordHash, updated_at: now() });
        // Other sessions end; this one stays.
        await u.repos.auth.deleteUserTokens(actor.user.id, actor.tokenId);
        await u.audit({ event: 'auth.password_change' });
      });
      return { message: 'Password updated' };
    },
  };
}
export type AccountService = ReturnType<typeof accountService>;
