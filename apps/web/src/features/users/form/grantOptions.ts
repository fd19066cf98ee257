import { PERMISSIONS, ROLES } from '@brandvault/contract';
import type { AdminUser, PermissionName, UserGrantable } from '@brandvault/contract';

export interface Choice {
  value: string;
  label: string;
  /** Held already and not the caller's to change: shown, kept, not removable. */
  disabled: boolean;
}

export interface GrantOptions {
  roles: Choice[];
  brands: Choice[];
  /** The permissions shown in the picker: what the caller may grant and what the user holds. */
  permissions: PermissionName[];
  /** Values the form keeps whatever the inputs do (a backspace in a select included). */
  locked: { roles: string[]; brands: string[]; permissions: PermissionName[] };
}

/**
 * The choices the create and edit form offers: what the server says the caller may grant, and
 * the brands the caller belongs to (an administrator, every brand). What the user already holds
 * beyond that stays, locked; so does everything when the whole set is not the caller's to change
 * (a non-administrator's own account).
 */
export function grantOptions(input: {
  grantable: UserGrantable;
  myBrands: { id: number; name: string }[];
  user?: AdminUser;
  lockAll?: boolean;
  /** Roles the user keeps whatever the caller may grant (an administrator's own admin role). */
  keepRoles?: readonly string[];
  roleLabel: (role: string) => string;
}): GrantOptions {
  const { grantable, user, lockAll = false, keepRoles = [] } = input;
  const heldRoles = user?.roles.map((r) => r.name) ?? [];
  const heldPermissions = (user?.permissions.map((p) => p.name) ?? []) as PermissionName[];
  const heldBrands = user?.brands ?? [];
  const mine = new Set(input.myBrands.map((b) => b.id));
  const grants = {
    role: (r: string) =>
      !lockAll && !(keepRoles.includes(r) && heldRoles.includes(r)) && (grantable.roles as string[]).includes(r),
    permission: (p: PermissionName) => !lockAll && grantable.permissions.includes(p),
    brand: (id: number) => !lockAll && mine.has(id),
  };

  // Seeded roles first, then those made on the roles screen, as the server lists them.
  const roleNames = [...new Set([...ROLES, ...grantable.roles, ...heldRoles])].filter(
    (r) => grants.role(r) || heldRoles.includes(r),
  );
  const brands = [...input.myBrands, ...heldBrands.filter((b) => !mine.has(b.id))];
  return {
    roles: roleNames.map((r) => ({ value: r, label: input.roleLabel(r), disabled: !grants.role(r) })),
    brands: brands.map((b) => ({ value: String(b.id), label: b.name, disabled: !grants.brand(b.id) })),
    permissions: PERMISSIONS.filter((p) => grants.permission(p) || heldPermissions.includes(p)),
    locked: {
      roles: heldRoles.filter((r) => !grants.role(r)),
      brands: heldBrands.filter((b) => !grants.brand(b.id)).map((b) => String(b.id)),
      permissions: heldPermissions.filter((p) => !grants.permission(p)),
    },
  };
}

/** `next` with every locked value kept, in the order first seen. */
export const keepLocked = <T extends string>(next: T[], locked: readonly T[]) => [
  ...locked.filter((v) => !next.includes(v)),
  ...next,
];
