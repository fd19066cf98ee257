import { useState } from 'react';
import { Alert, Anchor, Button, Divider, Loader, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ApiError } from '../../api/errors';
import { applyFieldErrors } from '../../lib/forms';
import { PasswordField } from '../../ui/PasswordField';
import { usePageTitle } from '../../ui/usePageTitle';
import { AuthHeading } from '../../ui/AuthHeading';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { codeFromHash, useFinishSignIn } from './finishSignIn';
import { useLinkInfo, useLinkMail, useLinkPassword } from './api';

/**
 * A provider's identity whose e-mail is an existing account's: it is never linked silently. The
 * person proves the account with its password, or by a link e-mailed to it.
 */
export default function SsoLinkPage() {
  const { t } = useTranslation();
  usePageTitle(t('sso.link.title'));
  const next = useSearchParams()[0].get('next');
  const { hash } = useLocation();
  const [code] = useState(() => codeFromHash(hash));
  const info = useLinkInfo(code);
  const byPassword = useLinkPassword();
  const byMail = useLinkMail();
  const finish = useFinishSignIn();
  const form = useForm({ initialValues: { password: '' } });

  const submit = form.onSubmit(({ password }) =>
    byPassword.mutate(
      { code, password },
      { onSuccess: (a) => finish(a, next), onError: (e) => applyFieldErrors(form, e) },
    ),
  );

  if (info.isPending && code) return <Loader aria-label={t('sso.link.title')} />;
  if (!info.data)
    return (
      <Stack>
        <AuthHeading title={t('sso.link.title')} />
        <ErrorAlert error={info.error ?? new ApiError(410, 'SSO_LINK_INVALID', '')} />
        <Anchor component={Link} to="/login">
          {t('sso.backToLogin')}
        </Anchor>
      </Stack>
    );
  const { email, provider } = info.data;
  return (
    <form onSubmit={submit} noValidate>
      <AuthHeading title={t('sso.link.title')} description={t('sso.link.body', { provider, email })} />
      <ErrorAlert error={byPassword.error} />
      <Stack gap="md">
        <PasswordField
          label={t('fields.password')}
          name="password"
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Button type="submit" fullWidth loading={byPassword.isPending}>
          {t('sso.link.withPassword', { provider })}
        </Button>
        <Divider label={t('sso.or')} labelPosition="center" />
        {byMail.isSuccess ? (
          <Alert color="green" variant="light" role="status">
            {t('sso.link.mailSent', { email })}
          </Alert>
        ) : (
          <Button variant="default" fullWidth loading={byMail.isPending} onClick={() => byMail.mutate(code)}>
            {t('sso.link.byMail')}
          </Button>
        )}
        <ErrorAlert error={byMail.error} />
        <Text size="sm" c="dimmed" ta="center">
          <Anchor component={Link} to="/login" size="sm">
            {t('sso.link.cancel')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
