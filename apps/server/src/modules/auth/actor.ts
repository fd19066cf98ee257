import type { PermissionName } from '@brandvault/contract';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../../db/schema.js';

export type UserRow = Selectable<UsersTable>;

/** The signed-in caller of a request, resolved once from the bearer token. */
export interface Actor {
  user: UserRow;
  tokenId: number;
  emulatorId: number | null;
  roles: string[];
  permissions: Set<string>;
}

export const hasPermission = (a: Actor | null, p: PermissionName) => !!a && a.permissions.has(p);
export const hasRole = (a: Actor | null, r: string) => !!a && a.roles.includes(r);
export const isAdmin = (a: Actor | null) => hasRole(a, 'admin');
