import { redirect } from 'react-router';
import { useSession } from '../../state/session';
import { startsByItself, useTourStore } from '../tour/tour';
import { homePath } from './homePath';

/**
 * With one brand there is nothing to choose: a session with no brand selected opens it instead of
 * the chooser (throws the redirect), unless the tour is about to start there.
 */
export function skipChooserForOnlyBrand() {
  const s = useSession.getState();
  const brands = s.sessionUser?.brands ?? [];
  if (s.selectedBrand || brands.length !== 1) return;
  if (useTourStore.getState().requested || startsByItself(s)) return;
  s.selectBrand(brands[0]!);
  throw redirect(homePath(s.sessionUser));
}
