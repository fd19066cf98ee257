import { notifications } from '@mantine/notifications';
import { ERROR_CATALOGUE } from '@brandvault/contract';
import { ApiError } from '../../../api/errors';
import { notifyError, toastBase } from '../../../lib/notify';
import { currentLang } from '../../../i18n';

/** Spec §8: the 429 "Too Many Attempts" notice of a user create or update is informational, 4500 ms. */
export const RATE_NOTICE_MS = 4500;

/**
 * What a refused create or edit shows: the informational notice on 429 (its text fixed by the
 * spec in each language, whatever the server's wording), field errors in place, or a toast.
 */
export function showSaveError(e: unknown, setFields: (fields: Record<string, string>) => void) {
  if (e instanceof ApiError && e.status === 429) {
    const { title, message } = ERROR_CATALOGUE[currentLang()].USER_UPDATE_TOO_MANY;
    notifications.show({
      title,
      message,
      color: 'blue',
      autoClose: RATE_NOTICE_MS,
      ...toastBase(),
    });
  } else if (e instanceof ApiError && e.fields) setFields(e.fields);
  else notifyError(e);
}
