import { PasswordInput } from '@mantine/core';
import type { PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Mantine's visibility toggle is labelled in English only; this one speaks the user's language. */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  return <PasswordInput visibilityToggleButtonProps={{ 'aria-label': t('common.togglePassword') }} {...props} />;
}
