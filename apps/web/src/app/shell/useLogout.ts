import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLogoutCall } from '../../features/auth/api';
import { useSession } from '../../state/session';
import { confirm } from '../../ui/confirm/confirmStore';
import { notifySuccess } from '../../lib/notify';

/** Confirm, revoke the token, clear everything, say so, and go to login (spec §2, §4). */
export function useLogout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logoutCall = useLogoutCall();

  return async () => {
    const ok = await confirm({
      title: t('logout.confirmTitle'),
      message: t('logout.confirmMessage'),
      confirmLabel: t('logout.confirm'),
      cancelLabel: t('common.cancel'),
    });
    if (!ok) return;
    const { setLoading } = useSession.getState();
    setLoading(true);
    try {
      await logoutCall.mutateAsync();
    } catch {
      // The token is dropped locally either way; a failed revoke must not trap the user inside.
    } finally {
      useSession.getState().reset();
    }
    notifySuccess(t('logout.doneTitle'), t('logout.done'));
    void navigate('/login', { replace: true });
  };
}
