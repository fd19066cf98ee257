import type { Actor, UserRow } from '../auth/actor.js';
import { isAdmin } from '../auth/actor.js';

/**
 * Rules on one user record beyond the route's permission: nobody locks themselves out, and only
 * an administrator touches another administrator or hands out the admin role.
 */
export const usersPolicy = {
  changeStatus: (actor: Actor, target: UserRow, targetRoles: string[]) =>
    actor.user.id !== target.id && (isAdmin(actor) || !targetRoles.includes('admin')),
  edit: (actor: Actor, targetRoles: string[], newRoles: readonly string[] | undefined) =>
    (isAdmin(actor) || !targetRoles.includes('admin')) && (isAdmin(actor) || !newRoles?.includes('admin')),
  dropOwnAdmin: (actor: Actor, target: UserRow, newRoles: readonly string[] | undefined) =>
    actor.user.id === target.id && isAdmin(actor) && !!newRoles && !newRoles.includes('admin'),
};
