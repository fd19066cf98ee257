import { redirect } from 'react-router';
import { useSession } from '../state/session';

/** Spec §2: anonymous visitors of a login-required route lose any saved state and go to login. */
export function requireAuth() {
  const s = useSession.getState();
  if (!s.isLoggedIn || !s.token) {
    s.reset();
    throw redirect('/login');
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

/** brand.home and brand.home2 need a selected brand on top of a session. */
export function requireBrand() {
  requireAuth();
  if (!useSession.getState().selectedBrand) throw redirect('/brand/choose');
  return null;
}
