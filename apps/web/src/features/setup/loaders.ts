import { redirect } from 'react-router';
import { requireAuth } from '../../lib/guards';
import { hasRole } from '../../state/access';
import { useSession } from '../../state/session';
import { fetchSetupState, setupKnownDone } from './api';

/** Whether this session should be offered the setup screen: an administrator, acting as themselves. */
function mayRunSetup() {
  const s = useSession.getState();
  return hasRole(s, 'admin') && !s.emulatorStatus.isEmulating;
}

/**
 * The brand chooser's loader: an administrator of an installation not yet set up goes to /setup
 * instead of an empty chooser. Anything unexpected (offline, a refusal) shows the chooser.
 */
export async function setupFirst() {
  requireAuth();
  if (setupKnownDone() || !mayRunSetup()) return null;
  const state = await fetchSetupState().catch(() => null);
  if (state && !state.done) throw redirect('/setup');
  return null;
}

/** The /setup loader: administrators only; once set up, the chooser. */
export async function setupOnly() {
  requireAuth();
  if (!mayRunSetup()) throw redirect('/brand/choose');
  const state = await fetchSetupState().catch(() => null);
  if (state?.done) throw redirect('/brand/choose');
  return null;
}
