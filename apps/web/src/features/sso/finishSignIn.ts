import { useQueryClient } from '@tanstack/react-query';
import { accountRoutes } from '@brandvault/contract';
import type { LoginResponse } from '@brandvault/contract';
import { useNavigate } from 'react-router';
import i18n from '../../i18n';
import { adoptSessionLang } from '../../lib/sessionLang';
import { call } from '../../api/client';
import { isReturnPath } from '../../lib/guards';
import { notifyWelcome } from '../../lib/notify';
import { useSession } from '../../state/session';
import { markFreshSignIn } from '../../state/landing';

/** The session a single sign-on ended with, kept as the password sign-in keeps it, then onwards. */
export function useFinishSignIn() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return (answer: LoginResponse, next: string | null) => {
    useSession.getState().signIn(answer);
    // The key of features/auth's me query (importing it would make a circle: auth shows these buttons).
    qc.setQueryData(['session', 'me'], {
      session_user: answer.session_user,
      permissions: answer.permissions,
      emulator: answer.emulator,
      favorites_id: answer.favorites_id,
    });
    const lng = adoptSessionLang(answer.session_user.lang, (lang) =>
      call(accountRoutes.updateProfile, { body: { lang } }).then((me) => {
        useSession.getState().setMe(me);
        qc.setQueryData(['session', 'me'], me);
      }),
    );
    notifyWelcome(
      i18n.t('auth.login.welcomeTitle', { lng }),
      i18n.t('auth.login.welcome', {
        lng,
        first_name: answer.session_user.first_name,
        last_name: answer.session_user.last_name,
      }),
    );
    if (isReturnPath(next)) void navigate(next, { replace: true });
    else {
      markFreshSignIn();
      void navigate('/brand/choose', { replace: true });
    }
  };
}

/** The one-time code the server put in the address's fragment (never sent to any server by the browser). */
export const codeFromHash = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('code') ?? '';

/** Takes the code out of the address bar, so it is neither kept in history nor shared by copying. */
export function forgetHash() {
  if (window.location.hash)
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
}
