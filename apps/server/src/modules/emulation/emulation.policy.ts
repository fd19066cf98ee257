import { ADMIN_ROLE } from '@brandvault/contract';
import type { Actor, UserRow } from '../../access/principal.js';
import { isAdmin } from '../../access/principal.js';
import { canSignIn } from '../auth/auth.policy.js';

/**
 * Emulation never nests and never targets the emulator, another administrator or someone who
 * may not sign in; only the administrator who started it ends it.
 */
export const emulationPolicy = {
  /** May the actor start emulating anyone at all? */
  start: (actor: Actor) => isAdmin(actor) && actor.emulatorId === null,
  /** May the actor act as this user (`roles`: the user's)? */
  target: (actor: Actor, user: UserRow, roles: readonly string[]) =>
    user.id !== actor.user.id && !roles.includes(ADMIN_ROLE) && canSignIn(user),
  /** May the actor end the emulation started by `adminId` (the session's emulator)? */
  end: (actor: Actor, adminId: number) => actor.emulatorId !== null && actor.emulatorId === adminId,
};
