import type { PermissionName, RoleName } from '@brandvault/contract';
import { useSession } from './session';
import type { SessionData } from './session';

type Subject = Pick<SessionData, 'permissions' | 'sessionUser' | 'isLoggedIn'>;

/** Spec §6: with no role or 'all' any signed-in user passes; otherwise one of the user's roles must match. */
export function hasRole(s: Subject, role?: RoleName | 'all'): boolean {
  if (!s.isLoggedIn || !s.sessionUser) return false;
  if (!role || role === 'all') return true;
  return s.sessionUser.roles.some((r) => r.name === role);
}

export function hasPermission(s: Subject, permission: PermissionName): boolean {
  return s.permissions.some((p) => p.name === permission);
}

export function useCan() {
  const permissions = useSession((s) => s.permissions);
  const sessionUser = useSession((s) => s.sessionUser);
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const subject = { permissions, sessionUser, isLoggedIn };
  return {
    permission: (p: PermissionName) => hasPermission(subject, p),
    role: (r?: RoleName | 'all') => hasRole(subject, r),
  };
}
