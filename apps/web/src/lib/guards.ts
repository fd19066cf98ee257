import { useEffect, useRef } from 'react';
import { data, redirect, useRevalidator } from 'react-router';
import type { PermissionName, RoleName } from '@brandvault/contract';
import { hasPermission, hasRole } from '../state/access';
import { useSession } from '../state/session';
import type { SessionData } from '../state/session';

/** What a guard throws for a signed-in user who may not open a screen; `GuardError` shows it. */
export const FORBIDDEN = 403;

/**
 * A shared collection's page: the address people are sent to by mail before they have an account,
 * and the only one whose brand the sign-in page may ask the server about (an asset's or a folder's
 * id would let anyone learn which brand holds a file).
 */
export const isShareReturnPath = (path: string | null | undefined): path is string =>
  !!path && /^\/collections\/shared\/\d+\/using\/[A-Za-z0-9_-]+$/.test(path);

// The app's own asset and folder addresses (router: brand/asset/:id, brand and brand2 with a
// folder, and a shortcut's asset in it); anchored, so no outside or `//` address gets through.
const OWN_LINK = /^\/(brand\/asset\/\d+|brand2?\?folder=\d+(&view=\d+)?)$/;

/**
 * Where sign-in may lead back to: a shared collection's page, or an asset or folder of the app
 * (links in mail and chats), never an outside address.
 */
export const isReturnPath = (path: string | null | undefined): path is string =>
  isShareReturnPath(path) || (!!path && OWN_LINK.test(path));

/** The address a signed-out visitor asked for, when sign-in may lead back to it. */
function returnPathOf(request: Request): string | null {
  const url = new URL(request.url);
  const full = url.pathname + url.search;
  if (isReturnPath(full)) return full;
  return isReturnPath(url.pathname) ? url.pathname : null;
}

/** Spec §2: anonymous visitors of a login-required route lose any saved state and go to login. */
export function requireAuth(args?: { request: Request }) {
  const s = useSession.getState();
  if (!s.isLoggedIn || !s.token) {
    s.reset();
    const path = args ? returnPathOf(args.request) : null;
    throw redirect(path ? `/login?next=${encodeURIComponent(path)}` : '/login');
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
