import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from './PasswordField';

/** A new password and its confirmation, as registration, reset and the profile ask for them. */
export function NewPasswordFields({
  label,
  password,
  confirmation,
}: {
  label: string;
  password: GetInputPropsReturnType;
  confirmation: GetInputPropsReturnType;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={label}
        name="password"
        autoComplete="new-password"
        required
        description={t('auth.passwordHint')}
        {...password}
      />
      <PasswordField
        label={t('fields.password_confirmation')}
        name="password_confirmation"
        autoComplete="new-password"
        required
        {...confirmation}
      />
    </>
  );
}
