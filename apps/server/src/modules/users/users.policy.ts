import { ADMIN_ONLY_PERMISSIONS, ADMIN_ROLE, PERMISSIONS } from '@brandvault/contract';
import type { FieldMessageKey, PermissionName } from '@brandvault/contract';
import type { Actor, Principal } from '../../access/principal.js';
import { hasPermission, isAdmin } from '../../access/principal.js';
import { accessKind } from '../access/accessKind.js';

/** What a user holds: roles, direct permissions and assigned brands. */
export interface Grants {
  roles: readonly string[];
  permissions: readonly string[];
  brands: readonly number[];
}

/** A create (no target, nothing before) or an edit of someone's grants, as the policy judges it. */
export interface GrantChange {
  actor: Actor;
  /** The brands the actor is assigned. */
  actorBrands: ReadonlySet<number>;
  /** The user being edited; null when creating one. */
  targetId: number | null;
  before: Grants;
  after: Partial<Grants>;
  /** The permissions each role named in `after.roles` carries. */
  rolePermissions: ReadonlyMap<string, readonly string[]>;
}

const adminOnly = new Set<string>(ADMIN_ONLY_PERMISSIONS);
const added = <T>(after: readonly T[] | undefined, before: readonly T[]) =>
  (after ?? []).filter((x) => !before.includes(x));
const changed = <T>(after: readonly T[] | undefined, before: readonly T[]) =>
  after !== undefined && (added(after, before).length > 0 || added(before, after).length > 0);

/**
 * Who may see and change which user. An administrator may do anything but lock themselves out.
 * Anyone else with user.manage: never touches an administrator, never changes their own roles,
 * permissions or brands, grants only what they hold themselves (never the admin role or an
 * admin-only permission) and only within the brands they belong to.
 */
export const usersPolicy = {
  /** Non-admins see only the users who share one of their brands (and themselves). */
  seesEveryone: (actor: Actor) => isAdmin(actor),

  /** `row`: the user acted on, their roles, and whether their sign-in is locked now. */
  can(principal: Principal, action: UserAction, row: UserPolicyRow) {
    if (principal.kind !== 'user') return false;
    const manage = hasPermission(principal, 'user.manage');
    switch (action) {
      case 'view':
        return hasPermission(principal, 'user.view');
      case 'edit':
      case 'unlock':
        return manage && usersPolicy.manages(principal, row.roles) && (action === 'edit' || row.locked);
      case 'change_status':
        return manage && usersPolicy.changeStatus(principal, row.id, row.roles);
      case 'photo':
        return usersPolicy.setsPhoto(principal, row.id, row.roles);
    }
  },
  abilities: (principal: Principal, row: UserPolicyRow) => ({
    edit: usersPolicy.can(principal, 'edit', row),
    change_status: usersPolicy.can(principal, 'change_status', row),
    unlock: usersPolicy.can(principal, 'unlock', row),
    photo: usersPolicy.can(principal, 'photo', row),
  }),

  /** Whose photo the actor may touch at all before the user is looked up (else 403). */
  reachesPhotoOf: (actor: Actor, targetId: number) => actor.user.id === targetId || hasPermission(actor, 'user.manage'),

  /** Anyone sets their own photo; others' only with user.manage, on users they manage. */
  setsPhoto: (actor: Actor, targetId: number, targetRoles: readonly string[]) =>
    actor.user.id === targetId || (hasPermission(actor, 'user.manage') && usersPolicy.manages(actor, targetRoles)),

  /** Edit, deactivate, approve, unlock: never an administrator, unless one is an administrator. */
  manages: (actor: Actor, targetRoles: readonly string[]) => isAdmin(actor) || !targetRoles.includes(ADMIN_ROLE),

  changeStatus: (actor: Actor, targetId: number, targetRoles: readonly string[]) =>
    actor.user.id !== targetId && usersPolicy.manages(actor, targetRoles),

  dropOwnAdmin: (actor: Actor, targetId: number, newRoles: readonly string[] | undefined) =>
    actor.user.id === targetId && isAdmin(actor) && !!newRoles && !newRoles.includes(ADMIN_ROLE),

  /** The roles and permissions the actor may hand to others (create, edit, approve). */
  grantable(actor: Actor, rolePermissions: ReadonlyMap<string, readonly string[]>) {
    return {
      roles: [...rolePermissions.keys()].filter((r) => usersPolicy.grantsRole(actor, r, rolePermissions)),
      permissions: PERMISSIONS.filter((p) => usersPolicy.grantsPermission(actor, p)),
    };
  },

  /** May the actor hand this role to someone? Never the admin role, nor one carrying more than they may grant. */
  grantsRole: (actor: Actor, role: string, rolePermissions: ReadonlyMap<string, readonly string[]>) =>
    isAdmin(actor) ||
    (role !== ADMIN_ROLE && (rolePermissions.get(role) ?? []).every((p) => usersPolicy.grantsPermission(actor, p))),

  /** May the actor hand this permission to someone? */
  grantsPermission: (actor: Actor, p: string) =>
    isAdmin(actor) || (!adminOnly.has(p) && actor.permissions.has(p as PermissionName)),

  /** The fields of a change the actor may not make, each with the reason's message key. */
  refusedGrants(c: GrantChange): Record<string, FieldMessageKey> {
    if (isAdmin(c.actor)) return {};
    const refused: Record<string, FieldMessageKey> = {};
    const fields = ['roles', 'permissions', 'brands'] as const;
    if (c.targetId === c.actor.user.id) {
      for (const f of fields) if (changed<string | number>(c.after[f], c.before[f])) refused[f] = 'own';
      return refused;
    }
    const roleGrants = (role: string) => usersPolicy.grantsRole(c.actor, role, c.rolePermissions);
    if (!added(c.after.roles, c.before.roles).every(roleGrants)) refused.roles = 'grant';
    if (!added(c.after.permissions, c.before.permissions).every((p) => usersPolicy.grantsPermission(c.actor, p)))
      refused.permissions = 'grant';
    const touched = [
      ...added(c.after.brands, c.before.brands),
      ...(c.after.brands ? added(c.before.brands, c.after.brands) : []),
    ];
    if (!touched.every((b) => c.actorBrands.has(b))) refused.brands = 'grant';
    // Someone the actor creates must share a brand with them, or they could never see it again.
    if (c.targetId === null && !(c.after.brands ?? []).some((b) => c.actorBrands.has(b))) refused.brands ??= 'required';
    return refused;
  },
};

export type UserAction = 'view' | 'edit' | 'change_status' | 'unlock' | 'photo';
export interface UserPolicyRow {
  id: number;
  roles: readonly string[];
  locked: boolean;
}

/** Users by id for requireAccess: seeing them (another brand's user is as absent as an unknown id). */
export const userAccess = accessKind(
  'users',
  (p, _action: 'view', r) => usersPolicy.seesEveryone(p) || !!r.shares_brand,
);
