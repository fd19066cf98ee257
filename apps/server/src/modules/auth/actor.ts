import type { PermissionName } from '@brandvault/contract';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../../db/schema.js';
import type { FolderForUser } from '../folders/folders.repo.js';

export type UserRow = Selectable<UsersTable>;

/** The signed-in caller of a request, resolved once from the bearer token. */
export interface Actor {
  /** Principals are told apart by kind: a share link will be the second (view and download only). */
  kind: 'user';
  user: UserRow;
  tokenId: number;
  emulatorId: number | null;
  roles: string[];
  permissions: Set<string>;
  /**
   * On a folder route, the folder it names, read in the statement that read the token (one round
   * trip instead of two); the folders service uses it instead of reading the folder again.
   */
  folder?: { id: number; row: FolderForUser | undefined };
}

export const hasPermission = (a: Actor | null, p: PermissionName) => !!a && a.permissions.has(p);
export const hasRole = (a: Actor | null, r: string) => !!a && a.roles.includes(r);
export const isAdmin = (a: Actor | null) => hasRole(a, 'admin');

/** Whoever a request acts as. Today a signed-in user; a share link joins this union. */
export type Principal = Actor;
