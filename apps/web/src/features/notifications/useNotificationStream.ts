import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import i18n from '../../i18n';
import { notifyInfo } from '../../app/notify';
import { useSession } from '../../state/session';
import { applyNotificationEvent, notificationKeys } from './api';
import { notificationSentence } from './labels';
import { openNotificationStream } from './stream';

/**
 * Whether the shell opens the live stream. Off under test so screens rendered with the real
 * shell do not start a long request; a test that wants the stream turns it on.
 */
export const notificationStreamSwitch = { enabled: import.meta.env.MODE !== 'test' };

/**
 * The tab's one notification stream, for the shell to mount once: open while signed in, closed
 * on sign-out. Each message updates the bell's count and the list in the cache; a mention also
 * shows a toast. A refused token ends it and asks for the count through the ordinary client, whose
 * 401 handling signs the user out.
 */
export function useNotificationStream() {
  const token = useSession((s) => (s.isLoggedIn ? s.token : null));
  const qc = useQueryClient();
  useEffect(() => {
    if (!token || !notificationStreamSwitch.enabled) return;
    const stream = openNotificationStream({
      token: () => useSession.getState().token,
      onEvent: (event) => {
        applyNotificationEvent(qc, event);
        const n = event.notification;
        if (n.kind === 'mention' || n.kind === 'notify')
          notifyInfo(i18n.t('notifications.toastTitle'), notificationSentence(i18n.t, n));
      },
      onUnauthorized: () => void qc.invalidateQueries({ queryKey: notificationKeys.unread() }),
    });
    return () => stream.close();
  }, [token, qc]);
}
