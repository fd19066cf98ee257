import { useEffect, useRef } from 'react';
import { data, redirect, useRevalidator } from 'react-router';
import type { PermissionName, RoleName } from '@brandvault/contract';
import { hasPermission, hasRole } from '../state/access';
import { useSession } from '../state/session';
import type { SessionData } from '../state/session';

/** What a guard throws for a signed-in user who may not open a screen; `GuardError` shows it. */
export const FORBIDDEN = 403;

/**
 * Where sign-in may lead back to: only a shared collection's page, the one address people are
 * sent to by mail before they have signed in (never an outside address).
 */
export const isReturnPath = (path: string | null | undefined): path is string =>
  !!path && /^\/collections\/shared\/\d+\/using\/[A-Za-z0-9_-]+$/.test(path);

/** Spec §2: anonymous visitors of a login-required route lose any saved state and go to login. */
export function requireAuth(args?: { request: Request }) {
  const s = useSession.getState();
  if (!s.isLoggedIn || !s.token) {
    s.reset();
    const path = args ? new URL(args.request.url).pathname : '';
    throw redirect(isReturnPath(path) ? `/login?next=${encodeURIComponent(path)}` : '/login');
  }
  return null;
}

/** Logged-out-only routes: a signed-in user goes to the brand chooser; anonymous state is reset. */
export function guestOnly() {
  const s = useSession.getState();
  if (s.isLoggedIn && s.token) throw redirect('/brand/choose');
  s.reset();
  return null;
}

/**
 * A loader for screens that need every one of `permissions` (spec §6, from the `me` answer).
 * Anonymous visitors go to login; a signed-in user without them gets the forbidden screen in the
 * shell (the route needs `errorElement: <GuardError />`).
 */
export function requirePermission(...permissions: PermissionName[]) {
  return function permissionGuard() {
    requireAuth();
    const s = useSession.getState();
    if (!permissions.every((p) => hasPermission(s, p))) throw data({ permissions }, { status: FORBIDDEN });
    return null;
  };
}

/** Like `requirePermission`, for screens whose sections each need one of `permissions`. */
export function requireAnyPermission(...permissions: PermissionName[]) {
  return function anyPermissionGuard() {
    requireAuth();
    const s = useSession.getState();
    if (!permissions.some((p) => hasPermission(s, p))) throw data({ permissions }, { status: FORBIDDEN });
    return null;
  };
}

/** Like `requirePermission`, for screens kept to one of `roles` (spec §6: admin-only audit, extensions). */
export function requireRole(...roles: RoleName[]) {
  return function roleGuard() {
    requireAuth();
    const s = useSession.getState();
    if (!roles.some((r) => hasRole(s, r))) throw data({ roles }, { status: FORBIDDEN });
    return null;
  };
}

const names = (list: { name: string }[]) =>
  list
    .map((x) => x.name)
    .sort()
    .join(',');
const accessKey = (s: SessionData) => `${names(s.permissions)}|${names(s.sessionUser?.roles ?? [])}`;

/**
 * Loaders run on navigation only; when the `me` refresh brings other permissions or roles (an
 * administrator changed them), the guards of the open screen run again.
 */
export function useRevalidateOnAccessChange() {
  const { revalidate } = useRevalidator();
  const access = useSession(accessKey);
  const seen = useRef(access);
  useEffect(() => {
    if (seen.current === access) return;
    seen.current = access;
    void revalidate();
  }, [access, revalidate]);
}
