import { LOGIN_LOCK_MINUTES } from '@brandvault/contract';
import type { Lang } from '@brandvault/contract';
import { AppError } from '../../http/errors.js';
import { isStorageFull } from '../../storage/errors.js';
import { iso } from '../../lib/clock.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { checkPassword } from '../../lib/passwords.js';
import { mails } from '../../mail/templates.js';
import type { Deps } from '../../deps/deps.js';
import type { FolderForUser } from '../folders/folders.repo.js';
import type { Actor, UserRow } from '../../access/principal.js';
import { canSignIn } from './auth.policy.js';
import { loginGuard } from './loginGuard.js';
import { sessionView } from './session.js';
import { tourService } from './tour.service.js';
import { apiKeyHash } from '../apiKeys/apiKeys.secret.js';
import { keyGrants, keyRefused } from '../apiKeys/apiKeys.access.js';
import { twoFactorLogin } from './twoFactorLogin.js';
import type { AnyContext, RequestContext } from '../../lib/requestContext.js';

const asLang = (v: string): Lang => (v === 'es' ? 'es' : 'en');
const TOUCH_EVERY_MS = 5 * 60 * 1000;

/** Sessions: bearer tokens to actors, sign-in and sign-out; the account's own life is modules/account. */
export function authService(deps: Deps) {
  const { repos, clock, config, limiter } = deps;
  const now = () => iso(clock.now());
  const guard = loginGuard({ throttles: repos.loginThrottles, limiter, clock });
  const resetPage = `${config.appUrl}/password/forgot`;

  /** Idle too long, or issued too long ago: the token signs nobody in any more. */
  const expired = (row: { last_used_at: string | null; token_created_at: string; emulator_id: number | null }) => {
    const at = clock.now().getTime();
    const lastUse = Date.parse(row.last_used_at ?? row.token_created_at);
    const age = at - Date.parse(row.token_created_at);
    // An emulated session is short-lived by design: an admin acting as someone must not linger.
    if (row.emulator_id !== null && age > config.emulationMs) return true;
    return at - lastUse > config.tokenIdleMs || age > config.tokenMaxMs;
  };

  async function grantsFromDb(userId: number) {
    const [roles, permissions] = await Promise.all([
      repos.roles.rolesByUser([userId]),
      repos.roles.effectivePermissions(userId),
    ]);
    return { roles: roles.get(userId) ?? [], permissions: new Set(permissions) };
  }

  async function actorFor(user: UserRow, tokenId: number, emulatorId: number | null): Promise<Actor> {
    return { kind: 'user', user, tokenId, emulatorId, ...(await grantsFromDb(user.id)) };
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

  /**
   * An API key's actor: its owner with the owner's roles, and the key's scopes within the owner's
   * permissions as they are now. Unknown, malformed, revoked and expired keys and inactive owners
   * are all null, so every refusal answers the same 401.
   */
  async function actorFromKey(hash: string): Promise<Actor | null> {
    const row = await repos.apiKeys.actorByKey(hash);
    if (!row || !canSignIn(row)) return null;
    const at = clock.now();
    if (keyRefused(row, iso(at))) return null;
    const {
      key_id,
      key_scopes,
      key_expires_at: _e,
      key_revoked_at: _r,
      key_last_used_at,
      grant_generation,
      ...user
    } = row;
    if (!key_last_used_at || at.getTime() - Date.parse(key_last_used_at) > TOUCH_EVERY_MS) {
      await repos.apiKeys.touch(key_id, iso(at)).catch((err: unknown) => {
        if (!isStorageFull(err)) throw err;
        deps.log.warn({ err }, 'storage full: last use of an API key not recorded');
      });
    }
    const owner = await grantsOf(user.id, grant_generation);
    return {
      kind: 'user',
      user,
      tokenId: 0,
      emulatorId: null,
      apiKeyId: key_id,
      ...keyGrants(key_scopes, owner),
    };
  }
  /** The session of a user whose sign-in is complete: a new token, the sign-in recorded. */
  async function issue(ctx: AnyContext, user: UserRow) {
    const token = randomToken();
    const at = clock.now().getTime();
    // Each sign-in also clears the user's dead tokens, so they never pile up.
    await repos.auth.deleteExpiredTokens(
      user.id,
      iso(new Date(at - config.tokenIdleMs)),
      iso(new Date(at - config.tokenMaxMs)),
    );
    const tokenId = await deps.change(ctx, async (u) => {
      const at = now();
      const id = await u.repos.auth.insertToken(user.id, sha256(token), at);
      await u.repos.users.signedIn(user.id, at);
      await u.audit({ event: 'auth.login', userId: user.id });
      return id;
    });
    const actor = await actorFor(user, tokenId, null);
    return { token, ...(await sessionView(repos, deps, actor, now())) };
  }
  const secondFactor = twoFactorLogin(deps, issue);

  return {
    /**
     * Resolves `Authorization: Bearer …` to an actor, or null for a missing or revoked token. With
     * `folderId` (a folder route), the folder comes in the same statement (`Actor.folder`).
     */
    async actorFromHeader(header: string | undefined, folderId?: number): Promise<Actor | null> {
      const m = header?.match(/^Bearer\s+([A-Za-z0-9_-]{20,200})$/);
      if (!m?.[1]) return null;
      // A key (its shape and checksum: sessions are shorter) is never looked up as a session.
      const keyHash = apiKeyHash(m[1]);
      if (keyHash) return actorFromKey(keyHash);
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
        // Last use is best-effort: a full disk must not stop people reading what is there.
        await repos.auth.touchToken(token_id, now()).catch((err: unknown) => {
          if (!isStorageFull(err)) throw err;
          deps.log.warn({ err }, 'storage full: last use of a sign-in not recorded');
        });
      }
      const { roles, permissions } = await grantsOf(user.id, grant_generation);
      return {
        kind: 'user',
        user,
        tokenId: token_id,
        emulatorId: emulator_id,
        roles,
        permissions,
        ...(folderId === undefined ? {} : { folder: { id: folderId, row: folder } }),
      };
    },

    async login(ctx: AnyContext, email: string, password: string) {
      const { ip } = ctx;
      const { locks } = await guard.admit(email, ip);
      const user = await repos.users.byEmail(email);
      // A refused sign-in changes nothing, yet is recorded: the address tried, never the password.
      const refused = (reason: 'wrong_credentials' | 'account' | 'sso_only') =>
        deps.change(ctx, (u) =>
          u.audit({ event: 'auth.login_failed', userId: user?.id ?? null, info: { email, reason } }),
        );
      if (!(await checkPassword(user?.password_hash, password)) || !user) {
        if (locks && user)
          await deps.change(ctx, (u) =>
            u.mail(mails.loginLocked(asLang(user.lang), user, LOGIN_LOCK_MINUTES, resetPage)),
          );
        await refused('wrong_credentials');
        throw new AppError('WRONG_CREDENTIALS');
      }
      // Only the right password learns that the account cannot sign in.
      if (!canSignIn(user)) {
        await refused('account');
        throw new AppError('ACCOUNT_ERROR');
      }
      // A role made SSO-only signs in through its provider (administrators never: break-glass).
      if (await repos.sso.passwordRefused(user.id)) {
        await refused('sso_only');
        throw new AppError('SSO_REQUIRED');
      }
      await guard.succeeded(email, ip);
      // Two-factor: the password alone opens no session; the code step finishes the sign-in.
      const step = await secondFactor.twoFactorStep(user);
      if (step) return step;
      return issue(ctx, user);
    },

    async logout(ctx: RequestContext) {
      const { actor } = ctx;
      await deps.change(ctx, async (u) => {
        await u.repos.auth.deleteToken(actor.tokenId);
        await u.audit({ event: 'auth.logout' });
      });
      deps.sessionEnded?.(actor.tokenId);
      return { message: 'Logged out' };
    },

    me: (ctx: RequestContext) => sessionView(repos, deps, ctx.actor, now()),

    /** A session for a sign-in complete by other means (an identity provider's own factors). */
    issueSession: issue,
    loginWithCode: secondFactor.loginWithCode,
    loginSetup: secondFactor.loginSetup,
    loginEnable: secondFactor.loginEnable,

    ...tourService(deps),
  };
}
export type AuthService = ReturnType<typeof authService>;

declare module '../../deps/services.js' {
  interface Services {
    auth: ReturnType<typeof authService>;
  }
}
