import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import i18n from '../../i18n';
import { notifyInfo } from '../../lib/notify';
import { useSession } from '../../state/session';
import { reviewKeys } from '../reviews/api';
import { downloadKeys } from '../downloads/api';
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
 * on sign-out. Each message updates the bell's count and the list in the cache; a mention and a
 * ready download also show a toast. A refused token ends it and asks for the count through the
 * ordinary client, whose 401 handling signs the user out.
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
        // A decision on one's upload, or a new upload to review: the review lists and badge follow.
        if (n.kind.startsWith('review_')) void qc.invalidateQueries({ queryKey: reviewKeys.all });
        if (n.kind === 'mention' || n.kind === 'notify')
          notifyInfo(i18n.t('notifications.toastTitle'), notificationSentence(i18n.t, n));
        // The user asked for it and may be waiting: say so wherever they are (spec §9: 8500 ms).
        if (n.kind === 'download') {
          void qc.invalidateQueries({ queryKey: downloadKeys.all });
          notifyInfo(i18n.t('notifications.downloadToastTitle'), notificationSentence(i18n.t, n), 'downloads');
        }
      },
      onUnauthorized: () => void qc.invalidateQueries({ queryKey: notificationKeys.unread() }),
    });
    return () => stream.close();
  }, [token, qc]);
}
