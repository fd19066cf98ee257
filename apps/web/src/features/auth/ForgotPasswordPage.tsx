import { useState } from 'react';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PersonField } from '../../ui/PersonField';
import { Link } from 'react-router';
import { EmailBody } from '@brandvault/contract';
import { refreshXsrfCookie } from '../../api/csrf';
import { applyFieldErrors, validateWith } from '../../lib/forms';
import { AuthHeading } from '../../ui/AuthHeading';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useForgotPassword } from './api';
import { usePageTitle } from '../../ui/usePageTitle';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.forgot.title'));
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validate: (values) => validateWith(EmailBody, values),
  });

  const submit = form.onSubmit(async (values) => {
    // Spec §7: this call is preceded by a fresh csrf-cookie request.
    await refreshXsrfCookie().catch(() => undefined);
    forgot.mutate(values, {
      onSuccess: () => setSentTo(values.email.trim()),
      onError: (error) => applyFieldErrors(form, error),
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <AuthHeading title={t('auth.forgot.title')} description={t('auth.forgot.subtitle')} />
      {sentTo ? (
        <Alert
          color="teal"
          variant="light"
          icon={<IconMailForward size={18} />}
          title={t('auth.forgot.sentTitle')}
          role="status"
          mb="md"
        >
          {t('auth.forgot.sent', { email: sentTo })}
        </Alert>
      ) : (
        <ErrorAlert error={forgot.error} />
      )}
      <Stack gap="md">
        <PersonField field="email" input={form.getInputProps('email')} />
        <Button type="submit" fullWidth loading={forgot.isPending}>
          {t('auth.forgot.submit')}
        </Button>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          {t('auth.backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}
