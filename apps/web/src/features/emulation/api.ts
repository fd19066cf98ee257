import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import type { LoginResponse } from '@brandvault/contract';
import { useLocation } from 'react-router';
import { call } from '../../api/client';
import { applyLang } from '../../i18n';
import { useSession } from '../../state/session';
import { sessionKeys } from '../auth/api';
import { rememberPlace, takePlace } from './returnPlace';

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

/**
 * Starts acting as user `id` (an administrator's action on the users table); the administrator's
 * brand and page are remembered first, as taking the other session clears them.
 */
export function useStartEmulation() {
  const qc = useQueryClient();
  const { pathname, search } = useLocation();
  return useMutation({
    mutationFn: (id: number) => call(routes.userSwitch, { params: { id } }),
    onSuccess: (answer) => {
      rememberPlace({ brand: useSession.getState().selectedBrand, path: pathname + search });
      adopt(qc, answer);
    },
  });
}

/**
 * Finishing (spec §4): end the switch with `admin_id`, reload the user, restore their language
 * (stored locally too) and the brand they had; the emulator status clears with the administrator's
 * own answer, which is not emulating. Resolves to the page they were on, which the caller opens
 * (the users list when it is not known).
 */
export function useFinishEmulation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (adminId: number) => {
      const answer = await call(routes.userSwitchEnd, { params: { id: adminId } });
      adopt(qc, answer);
      const place = takePlace(answer.session_user);
      if (place.brand) useSession.getState().selectBrand(place.brand);
      return place.path ?? '/users';
    },
  });
}
