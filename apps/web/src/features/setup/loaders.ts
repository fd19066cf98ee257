import { redirect } from 'react-router';
import { routes } from '@brandvault/contract';
import type { SetupState } from '@brandvault/contract';
import { call } from '../../api/client';
import { requireAuth } from '../../lib/guards';
import { hasRole } from '../../state/access';
import { useSession } from '../../state/session';

/** Once seen done, this tab stops asking: a setup done stays done. */
let knownDone = false;
export const forgetSetupDone = () => {
  knownDone = false;
};

export const remember = (state: SetupState) => {
  if (state.done) knownDone = true;
  return state;
};

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
  if (knownDone || !mayRunSetup()) return null;
  const state = await call(routes.setupState).catch(() => null);
  if (state && !remember(state).done) throw redirect('/setup');
  return null;
}

/** The /setup loader: administrators only; once set up, the chooser. */
export async function setupOnly() {
  requireAuth();
  if (!mayRunSetup()) throw redirect('/brand/choose');
  const state = await call(routes.setupState).catch(() => null);
  if (state && remember(state).done) throw redirect('/brand/choose');
  return null;
}
