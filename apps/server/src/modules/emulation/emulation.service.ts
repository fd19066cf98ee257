import { AppError } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import type { Deps } from '../../deps/deps.js';
import type { RequestContext } from '../../lib/requestContext.js';
import { userTarget } from '../audit/audit.trail.js';
import type { Actor, UserRow } from '../../access/principal.js';
import { canSignIn } from '../auth/auth.policy.js';
import { sessionView } from '../auth/session.js';
import { emulationPolicy } from './emulation.policy.js';

/**
 * Emulation: an administrator's session is swapped for one of the emulated user whose token
 * records the administrator (`access_tokens.emulator_id`), so every audit entry made with it names
 * both; finishing swaps it back. Tokens are replaced rather than kept side by side so that only
 * one session of the pair can act at any time. The time limit is the token check's (auth.service).
 */
export function emulationService(deps: Deps) {
  const { repos, clock } = deps;
  const now = () => iso(clock.now());

  async function actorFor(user: UserRow, tokenId: number, emulatorId: number | null): Promise<Actor> {
    const [roles, permissions] = await Promise.all([
      repos.roles.rolesByUser([user.id]),
      repos.roles.effectivePermissions(user.id),
    ]);
    return {
      kind: 'user',
      user,
      tokenId,
      emulatorId,
      roles: roles.get(user.id) ?? [],
      permissions: new Set(permissions),
    };
  }

  /** Ends the caller's token and opens one for `user`, recording `event` in the same transaction. */
  async function swap(ctx: RequestContext, user: UserRow, emulatorId: number | null, event: 'start' | 'end') {
    const token = randomToken();
    const tokenId = await deps.change(ctx, async (u) => {
      const r = u.repos;
      await r.auth.deleteToken(ctx.actor.tokenId);
      const id = await r.auth.insertToken(user.id, sha256(token), now(), emulatorId);
      const emulated = event === 'start' ? user : ctx.actor.user;
      await u.audit({ event: `user.emulate_${event}`, target: userTarget(emulated) });
      return id;
    });
    const actor = await actorFor(user, tokenId, emulatorId);
    return { token, ...(await sessionView(repos, deps, actor, now())) };
  }

  return {
    /** Only an administrator, not already emulating, acting as an active non-administrator. */
    async start(ctx: RequestContext, id: number) {
      const { actor } = ctx;
      if (!emulationPolicy.start(actor)) throw new AppError('FORBIDDEN');
      if (id === actor.user.id) throw new AppError('FORBIDDEN');
      const target = await repos.users.byId(id);
      if (!target) throw new AppError('NOT_FOUND');
      const targetRoles = (await repos.roles.rolesByUser([id])).get(id) ?? [];
      if (!emulationPolicy.target(actor, target, targetRoles)) throw new AppError('FORBIDDEN');
      return swap(ctx, target, actor.user.id, 'start');
    },

    /** `adminId` is the session's emulator (the spec's `admin_id`); any other caller is refused. */
    async end(ctx: RequestContext, adminId: number) {
      if (!emulationPolicy.end(ctx.actor, adminId)) throw new AppError('FORBIDDEN');
      const admin = await repos.users.byId(adminId);
      // An administrator deactivated meanwhile gets no session back: the web returns to sign-in.
      if (!admin || !canSignIn(admin)) throw new AppError('FORBIDDEN');
      return swap(ctx, admin, null, 'end');
    },
  };
}
export type EmulationService = ReturnType<typeof emulationService>;

declare module '../../deps/services.js' {
  interface Services {
    emulation: ReturnType<typeof emulationService>;
  }
}
