import { notifications } from '@mantine/notifications';
import { LOGIN_TOAST_WIDTH, TOAST_MS } from '@brandvault/contract';
import { errorTexts } from '../api/errors';
import i18n, { currentLang } from '../i18n';

type Kind = keyof typeof TOAST_MS;

/**
 * Spec §2: every operation toast belongs to the 'operations' group, bottom right. Its close button
 * is named in the reader's language (Mantine's has no name of its own).
 */
export const toastBase = () =>
  ({
    'data-group': 'operations',
    withBorder: true,
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
  }) as const;

export function notifySuccess(title: string, message: string, kind: Kind = 'user') {
  notifications.show({ ...toastBase(), title, message, color: 'teal', autoClose: TOAST_MS[kind] });
}

export function notifyInfo(title: string, message: string, kind: Kind = 'user') {
  notifications.show({ ...toastBase(), title, message, color: 'blue', autoClose: TOAST_MS[kind] });
}

export function notifyWarning(title: string, message: string, kind: Kind = 'user') {
  notifications.show({ ...toastBase(), title, message, color: 'orange', autoClose: TOAST_MS[kind] });
}

export function notifyWelcome(title: string, message: string) {
  notifications.show({
    ...toastBase(),
    title,
    message,
    color: 'teal',
    autoClose: TOAST_MS.login,
    w: LOGIN_TOAST_WIDTH,
    maw: '100%',
  });
}

export function notifyError(error: unknown, kind: Kind = 'user') {
  const { title, message } = errorTexts(error, currentLang());
  notifications.show({ ...toastBase(), title, message, color: 'red', autoClose: TOAST_MS[kind] });
}
