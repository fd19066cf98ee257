import { Anchor, Button, Center, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconClockX, IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '../../ui/NewPasswordFields';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ResetPasswordBody } from '@brandvault/contract';
import { refreshXsrfCookie } from '../../api/csrf';
import { ApiError } from '../../api/errors';
import { EmptyBlock } from '../../ui/EmptyBlock';
import { applyFieldErrors, validateWith } from '../../lib/forms';
import { notifySuccess } from '../../lib/notify';
import { AuthHeading } from '../../ui/AuthHeading';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useResetLinkCheck, useResetPassword } from './api';
import { usePageTitle } from '../../ui/usePageTitle';

/** Opened from the e-mailed link: /password/reset?token=...&email=... */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.reset.title'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const reset = useResetPassword();
  const check = useResetLinkCheck(token, email);
  const form = useForm({
    initialValues: { password: '', password_confirmation: '' },
    validate: (values) => validateWith(ResetPasswordBody, { token, email, ...values }),
  });

  if (!token || !email) {
    return (
      <EmptyBlock
        framed={false}
        icon={<IconLinkOff size={28} stroke={1.6} />}
        title={t('auth.reset.badLinkTitle')}
        description={t('auth.reset.badLink')}
        action={
          <Button component={Link} to="/password/forgot" variant="light">
            {t('auth.reset.requestNew')}
          </Button>
        }
      />
    );
  }

  if (check.isPending) {
    return (
      <Center py="xl" role="status">
        <Stack align="center" gap="sm">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            {t('auth.reset.checking')}
          </Text>
        </Stack>
      </Center>
    );
  }

  // Only a refused link stops here; a network fault or a busy server leaves the form to try.
  if (check.error instanceof ApiError && check.error.code === 'RESET_FAILED') {
    return (
      <EmptyBlock
        framed={false}
        icon={<IconClockX size={28} stroke={1.6} />}
        title={t('auth.reset.expiredTitle')}
        description={t('auth.reset.expired')}
        action={
          <Button component={Link} to="/password/forgot" variant="light">
            {t('auth.reset.requestNew')}
          </Button>
        }
      />
    );
  }

  const submit = form.onSubmit(async (values) => {
    await refreshXsrfCookie().catch(() => undefined);
    reset.mutate(
      { token, email, ...values },
      {
        onSuccess: () => {
          notifySuccess(t('auth.reset.doneTitle'), t('auth.reset.done'));
          void navigate('/login', { replace: true });
        },
        onError: (error) => applyFieldErrors(form, error),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <AuthHeading title={t('auth.reset.title')} description={t('auth.reset.subtitle')} />
      <ErrorAlert error={reset.error} />
      <Stack gap="md">
        <TextInput
          label={t('fields.email')}
          name="email"
          value={email}
          readOnly
          autoComplete="username"
          variant="filled"
        />
        <NewPasswordFields
          label={t('fields.new_password')}
          password={form.getInputProps('password')}
          confirmation={form.getInputProps('password_confirmation')}
        />
        <Button type="submit" fullWidth loading={reset.isPending}>
          {t('auth.reset.submit')}
        </Button>
        <Anchor component={Link} to="/password/forgot" size="sm" ta="center">
          {t('auth.reset.requestNew')}
        </Anchor>
      </Stack>
    </form>
  );
}
