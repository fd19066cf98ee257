import { DEFAULT_SIGNUP_ROLE, LOGIN_LOCK_MINUTES, RESET_TOKEN_MINUTES } from '@brandvault/contract';
import type { Lang } from '@brandvault/contract';
import type { z } from 'zod';
import type {
  RegisterBody,
  ResetPasswordBody,
  UpdatePasswordBody,
  UpdateProfileBody,
  VerifyEmailBody,
} from '@brandvault/contract';
import { AppError, invalid, isUniqueViolation } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { checkPassword, hashPassword } from '../../lib/passwords.js';
import { mails } from '../../mail/templates.js';
import { makeRepos } from '../../repos.js';
import { newUserRow } from '../users/userRow.js';
import type { Deps } from '../../services.js';
import type { FolderForUser } from '../folders/folders.repo.js';
import type { Actor, UserRow } from './actor.js';
import { canSignIn } from './auth.policy.js';
import { checkVerification, verificationLink } from './links.js';
import { loginGuard } from './loginGuard.js';
import { refuseCommonPassword } from './passwordRules.js';
import { sessionView } from './session.js';

const asLang = (v: string): Lang => (v === 'es' ? 'es' : 'en');
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export function authService(deps: Deps) {
  const { repos, clock, config, mailer, limiter, appKey, handle } = deps;
  const now = () => iso(clock.now());
  const guard = loginGuard({ throttles: repos.loginThrottles, limiter, clock });
  const resetPage = `${config.appUrl}/password/forgot`;

  /** Idle too long, or issued too long ago: the token signs nobody in any more. */
  const expired = (row: { last_used_at: string | null; token_created_at: string }) => {
    const at = clock.now().getTime();
    const lastUse = Date.parse(row.last_used_at ?? row.token_created_at);
    return at - lastUse > config.tokenIdleMs || at - Date.parse(row.token_created_at) > config.tokenMaxMs;
  };

  async function grantsFromDb(userId: number) {
    const [roles, permissions] = await Promise.all([
      repos.roles.rolesByUser([userId]),
      repos.roles.effectivePermissions(userId),
    ]);
    return { roles: roles.get(userId) ?? [], permissions: new Set(permissions) };
  }

  async function actorFor(user: UserRow, tokenId: number, emulatorId: number | null): Promise<Actor> {
    return { user, tokenId, emulatorId, ...(await grantsFromDb(user.id)) };
  }

  /**
   * Roles and permissions per user, kept under the grant generation read with the token in the
   * same statement: any change to grants moves it, so a kept set is never older than that read.
   */
  const grants = new Map<number, { generation: number; roles: string[]; permissions: Set<string> }>();
  async function grantsOf(userId: number, generation: number) {
    const kept = grants.get(userId);
    if (kept?.generation === generation) return kept;
    const fresh = { generation, ...(await grantsFromDb(userId)) };
    if (grants.size >= 10_000) grants.clear();
    grants.set(userId, fresh);
    return fresh;
  }

  async function registrationTaken(owner: UserRow) {
    await mailer.send(mails.registrationAttempt(asLang(owner.lang), owner, `${config.appUrl}/login`));
    return { message: 'Registered' };
  }

  async function sendVerification(user: UserRow) {
    const url = verificationLink(config.appUrl, appKey, user, clock.now());
    await mailer.send(mails.verifyEmail(asLang(user.lang), user, url));
  }

  return {
    /**
     * Resolves `Authorization: Bearer …` to an actor, or null for a missing or revoked token. With
     * `folderId` (a folder route), the folder comes in the same statement (`Actor.folder`).
     */
    async actorFromHeader(header: string | undefined, folderId?: number): Promise<Actor | null> {
      const m = header?.match(/^Bearer\s+([A-Za-z0-9_-]{20,200})$/);
      if (!m?.[1]) return null;
      const hash = sha256(m[1]);
      const row =
        folderId === undefined
          ? await repos.auth.actorByToken(hash)
          : await repos.auth.actorByTokenWithFolder(hash, folderId);
      if (!row || !canSignIn(row)) return null;
      if (expired(row)) {
        await repos.auth.deleteToken(row.token_id);
        return null;
      }
      const { token_id, emulator_id, last_used_at, grant_generation, token_created_at: _, ...rest } = row;
      const { folder, ...user } = rest as typeof rest & { folder?: FolderForUser };
      if (!last_used_at || clock.now().getTime() - Date.parse(last_used_at) > TOUCH_EVERY_MS) {
        await repos.auth.touchToken(token_id, now());
      }
      const { roles, permissions } = await grantsOf(user.id, grant_generation);
      return {
        user,
        tokenId: token_id,
        emulatorId: emulator_id,
        roles,
        permissions,
        ...(folderId === undefined ? {} : { folder: { id: folderId, row: folder } }),
      };
    },

    async login(email: string, password: string, ip: string) {
      const { locks } = await guard.admit(email, ip);
      const user = await repos.users.byEmail(email);
      if (!(await checkPassword(user?.password_hash, password)) || !user) {
        if (locks && user) await mailer.send(mails.loginLocked(asLang(user.lang), user, LOGIN_LOCK_MINUTES, resetPage));
        throw new AppError('WRONG_CREDENTIALS');
      }
      // Only the right password learns that the account cannot sign in.
      if (!canSignIn(user)) throw new AppError('ACCOUNT_ERROR');
      await guard.succeeded(email, ip);
      const token = randomToken();
      const at = clock.now().getTime();
      // Each sign-in also clears the user's dead tokens, so they never pile up.
      await repos.auth.deleteExpiredTokens(
        user.id,
        iso(new Date(at - config.tokenIdleMs)),
        iso(new Date(at - config.tokenMaxMs)),
      );
      const tokenId = await repos.auth.insertToken(user.id, sha256(token), now());
      const actor = await actorFor(user, tokenId, null);
      return { token, ...(await sessionView(repos, deps.media, actor)) };
    },

    async logout(actor: Actor) {
      await repos.auth.deleteToken(actor.tokenId);
      return { message: 'Logged out' };
    },

    me: (actor: Actor) => sessionView(repos, deps.media, actor),

    /**
     * Answers the same whether the address is new or taken, so sign-up tells nobody who has an
     * account: a taken address gets a message saying someone tried, and nothing else changes.
     */
    async register(body: z.output<typeof RegisterBody>, lang: Lang) {
      refuseCommonPassword(body.password);
      const at = now();
      const passwordHash = await hashPassword(body.password);
      const existing = await repos.users.byEmail(body.email);
      if (existing) return registrationTaken(existing);
      const id = await handle.db
        .transaction()
        .execute(async (trx) => {
          const tx = makeRepos(trx);
          const userId = await tx.users.insert(
            newUserRow({
              first_name: body.first_name,
              last_name: body.last_name,
              email: body.email,
              password_hash: passwordHash,
              at,
              lang: body.lang ?? lang,
              company: body.company,
              country: body.country,
              phone: body.phone,
              position: body.position,
            }),
          );
          await tx.roles.setUserRoles(userId, [DEFAULT_SIGNUP_ROLE]);
          return userId;
        })
        .catch((err: unknown) => {
          // Two sign-ups with one address at once: the second is told as if it came later.
          if (isUniqueViolation(err)) return null;
          throw err;
        });
      if (id === null) return registrationTaken((await repos.users.byEmail(body.email))!);
      const user = (await repos.users.byId(id))!;
      await sendVerification(user);
      const admins = await repos.roles.activeUsersWithRole('admin');
      for (const admin of admins) {
        await mailer.send(
          mails.registrationNotice(asLang(admin.lang), admin, user, `${config.appUrl}/users?status=PENDING`),
        );
      }
      return { message: 'Registered' };
    },

    async verifyEmail(v: z.output<typeof VerifyEmailBody>) {
      const user = await repos.users.byId(v.id);
      const result = checkVerification(appKey, v, user?.email, clock.now());
      if (result === 'invalid' || !user) throw new AppError('INVALID_VERIFICATION');
      if (result === 'expired') throw new AppError('VERIFICATION_EXPIRED');
      if (!user.verified_at) await repos.users.update(user.id, { verified_at: now(), updated_at: now() });
      return { message: 'Verified' };
    },

    /** Signed in: to oneself. Anonymous: to the address given, silently when it is unknown. */
    async resendVerification(actor: Actor | null, email: string | undefined) {
      const user = actor ? actor.user : email ? await repos.users.byEmail(email) : undefined;
      if (!actor && !email) throw invalid({ email: 'required' });
      if (user && !user.verified_at) await sendVerification(user);
      return { message: 'Verification link sent' };
    },

    /** The same answer for any well-formed address: whether it has an account is nobody's business. */
    async forgotPassword(email: string) {
      const user = await repos.users.byEmail(email);
      if (!user) return { message: 'Reset link sent' };
      const token = randomToken();
      const expires = new Date(clock.now().getTime() + RESET_TOKEN_MINUTES * 60 * 1000);
      await repos.auth.insertReset(user.id, sha256(token), now(), iso(expires));
      const url = `${config.appUrl}/password/reset?${new URLSearchParams({ token, email: user.email }).toString()}`;
      await mailer.send(mails.resetPassword(asLang(user.lang), user, url));
      return { message: 'Reset link sent' };
    },

    async resetPassword(body: z.output<typeof ResetPasswordBody>) {
      refuseCommonPassword(body.password);
      const reset = await repos.auth.resetByHash(sha256(body.token));
      const user = reset ? await repos.users.byId(reset.user_id) : undefined;
      const fresh = reset && !reset.used_at && Date.parse(reset.expires_at) > clock.now().getTime();
      if (!reset || !user || !fresh || user.email !== body.email) throw new AppError('RESET_FAILED');
      if (!(await repos.auth.consumeReset(reset.id, now()))) throw new AppError('RESET_FAILED');
      await repos.users.update(user.id, { password_hash: await hashPassword(body.password), updated_at: now() });
      await repos.auth.deleteUserTokens(user.id);
      // Whoever proves the mailbox is theirs is not kept out by a lock meant for a guesser.
      await guard.lift(user.email);
      return { message: 'Password changed' };
    },

    async updateProfile(actor: Actor, body: z.output<typeof UpdateProfileBody>) {
      const u = actor.user;
      const { menu_settings, current_password, ...fields } = body;
      const emailChanged = body.email !== undefined && body.email !== u.email;
      if (emailChanged) {
        if (!current_password) throw invalid({ current_password: 'required' });
        if (!(await checkPassword(u.password_hash, current_password)))
          throw new AppError('WRONG_CURRENT_PASSWORD', { fieldKeys: { current_password: 'invalid' } });
        if (await repos.users.emailTaken(body.email!, u.id)) throw invalid({ email: 'taken' });
      }
      await repos.users.update(u.id, {
        ...fields,
        ...(menu_settings ? { menu_settings: JSON.stringify(menu_settings) } : {}),
        ...(emailChanged ? { verified_at: null } : {}),
        updated_at: now(),
      });
      const user = (await repos.users.byId(u.id))!;
      if (emailChanged) {
        await sendVerification(user);
        await mailer.send(mails.emailChanged(asLang(user.lang), user, u.email));
      }
      return sessionView(repos, deps.media, { ...actor, user });
    },

    async updatePassword(actor: Actor, body: z.output<typeof UpdatePasswordBody>) {
      refuseCommonPassword(body.password);
      if (!(await checkPassword(actor.user.password_hash, body.current_password))) {
        throw new AppError('WRONG_CURRENT_PASSWORD', { fieldKeys: { current_password: 'invalid' } });
      }
      await repos.users.update(actor.user.id, { password_hash: await hashPassword(body.password), updated_at: now() });
      // Other sessions end; this one stays.
      await repos.auth.deleteUserTokens(actor.user.id, actor.tokenId);
      return { message: 'Password updated' };
    },
  };
}
export type AuthService = ReturnType<typeof authService>;
