import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountPaths } from '@brandvault/contract';
import type { Lang, MeResponse, RouteBody } from '@brandvault/contract';
import { call } from '../../api/client';
import { notifyError, notifyInfo, notifySuccess } from '../../lib/notify';
import i18n, { applyLang, ensureLang } from '../../i18n';
import { markLangChosen } from '../../state/lang';
import { useSession } from '../../state/session';
import { sessionKeys } from '../auth/api';

/** Spec §7: the user is reloaded from the update's answer, which has the shape of `me`. */
function useApplyMe() {
  const qc = useQueryClient();
  return (answer: MeResponse) => {
    useSession.getState().setMe(answer);
    qc.setQueryData(sessionKeys.me(), answer);
  };
}

export function useUpdateProfile() {
  const applyMe = useApplyMe();
  return useMutation({
    mutationFn: (body: RouteBody<'updateProfile'>) => call(accountPaths.updateProfile, { body }),
    onSuccess: applyMe,
  });
}

export function useUpdatePassword() {
  return useMutation({
    mutationFn: (body: RouteBody<'updatePassword'>) => call(accountPaths.updatePassword, { body }),
  });
}

/**
 * Language switch from the navbar or the profile: signed-in users save it on their account
 * first (spec §7), then the UI follows and the choice is kept under `lang`.
 */
export function useChangeLanguage() {
  const applyMe = useApplyMe();
  const mutation = useMutation({
    mutationFn: (lang: Lang) => call(accountPaths.updateProfile, { body: { lang } }),
  });
  const change = async (lang: Lang) => {
    const { isLoggedIn, setLoading } = useSession.getState();
    if (isLoggedIn) {
      setLoading(true);
      try {
        const answer = await mutation.mutateAsync(lang);
        applyMe(answer);
        applyLang(answer.session_user.lang);
      } catch (error) {
        notifyError(error, 'language');
        return;
      } finally {
        setLoading(false);
      }
    } else {
      applyLang(lang);
      markLangChosen(lang);
    }
    // Said in the new language: Spanish read for the first time is still on its way here.
    await ensureLang(lang).catch(() => undefined);
    const said = i18n.getFixedT(lang);
    notifySuccess(
      said('language.changedTitle'),
      said('language.changed', { language: said(`languages.${lang}`) }),
      'language',
    );
  };
  return { change, isPending: mutation.isPending };
}

/** Spec §8: a 429 on user update is an informational notice, not an error. */
export function notifyUpdateError(error: unknown) {
  if (error && typeof error === 'object' && 'code' in error && error.code === 'USER_UPDATE_TOO_MANY') {
    const message = error instanceof Error ? error.message : '';
    notifyInfo(i18n.t('profile.tooManyTitle'), message || i18n.t('profile.tooMany'), 'language');
    return;
  }
  notifyError(error);
}
