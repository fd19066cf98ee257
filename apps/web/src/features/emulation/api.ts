import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import type { LoginResponse } from '@brandvault/contract';
import { call } from '../../api/client';
import { applyLang } from '../../i18n';
import { useSession } from '../../state/session';
import { sessionKeys } from '../auth/api';

/**
 * Takes a session answer as the app's own: the new token and user, nothing cached from the
 * previous one (another user's lists must not show), and that user's language.
 */
function adopt(qc: ReturnType<typeof useQueryClient>, answer: LoginResponse) {
  useSession.getState().signIn(answer);
  qc.clear();
  qc.setQueryData(sessionKeys.me(), {
    session_user: answer.session_user,
    permissions: answer.permissions,
    emulator: answer.emulator,
    favorites_id: answer.favorites_id,
  });
  applyLang(answer.session_user.lang);
}

/** Starts acting as user `id` (an administrator's action on the users table). */
export function useStartEmulation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(routes.userSwitch, { params: { id } }),
    onSuccess: (answer) => adopt(qc, answer),
  });
}

/**
 * Finishing (spec §4): end the switch with `admin_id`, reload the user, restore their language
 * (stored locally too), then the caller goes to the users list; the emulator status clears with
 * the administrator's own answer, which is not emulating.
 */
export function useFinishEmulation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (adminId: number) => call(routes.userSwitchEnd, { params: { id: adminId } }),
    onSuccess: (answer) => adopt(qc, answer),
  });
}
