import type { TFunction } from 'i18next';
import { ApiError, errorTexts } from '../../api/errors';
import { currentLang } from '../../i18n';
import { notifyError, notifyInfo } from '../../lib/notify';

/**
 * Shows what went wrong with an option change: a lost race (409 OPTION_CONFLICT) in plain words
 * (the mutation refreshes the list anyway), field messages to `onFields`, anything else as is.
 */
export function optionError(t: TFunction, onFields?: (fields: Record<string, string>) => void) {
  return (error: unknown) => {
    if (error instanceof ApiError && error.code === 'OPTION_CONFLICT') {
      notifyInfo(errorTexts(error, currentLang()).title, t('metadata.options.conflict'));
      return;
    }
    if (onFields && error instanceof ApiError && error.fields && Object.keys(error.fields).length > 0) {
      onFields(error.fields);
      return;
    }
    notifyError(error);
  };
}
