import { ADMIN_ONLY_PERMISSIONS, ADMIN_ROLE } from '@brandvault/contract';
import type { Actor } from '../../access/principal.js';
import { isAdmin } from '../../access/principal.js';

const ADMIN_ONLY = new Set<string>(ADMIN_ONLY_PERMISSIONS);

/**
 * Roles are managed with roles.manage (checked at the route). Nobody grants or withdraws what
 * they do not hold; only administrators touch the admin-only set; the admin role is locked.
 */
export const rolesPolicy = {
  /** May the actor change a role's permissions from `before` to `after`? */
  grants(actor: Actor, before: readonly string[], after: readonly string[]) {
    const was = new Set(before);
    const changed = [...after.filter((p) => !was.has(p)), ...before.filter((p) => !after.includes(p))];
    return !changed.some((p) => !actor.permissions.has(p) || (!isAdmin(actor) && ADMIN_ONLY.has(p)));
  },
  /** The admin role keeps its name and every permission, and is never deleted. */
  locked: (role: { name: string }) => role.name === ADMIN_ROLE,
};
