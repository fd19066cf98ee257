import { useEffect, useRef } from 'react';
import { Alert, Button, Divider, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ResendVerificationBody } from '@brandvault/contract';
import { EmptyBlock } from '../../ui/EmptyBlock';
import { applyFieldErrors, validateWith } from '../../lib/forms';
import { useSession } from '../../state/session';
import { AuthHeading } from '../../ui/AuthHeading';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useResendVerification, useVerifyEmail } from './api';
import { usePageTitle } from '../../ui/usePageTitle';

/** The signed link from the e-mail: /email/verify?id=&hash=&expires=&signature= */
function readLink(params: URLSearchParams) {
  const id = params.get('id');
  const hash = params.get('hash');
  const expires = params.get('expires');
  const signature = params.get('signature');
  if (!id || !hash || !expires || !signature) return null;
  return { id, hash, expires, signature };
}

export default function VerifyEmailPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.verify.title'));
  const [params] = useSearchParams();
  const link = readLink(params);
  const verify = useVerifyEmail();
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const sent = useRef<string | null>(null);
  const key = link ? `${link.id}:${link.signature}` : null;

  useEffect(() => {
    // One POST per link, even when React mounts the effect twice in development.
    if (!link || !key || sent.current === key) return;
    sent.current = key;
    verify.mutate(link);
  }, [key, link, verify]);

  if (link && (verify.isPending || verify.isIdle)) {
    return (
      <Stack gap="sm" aria-busy="true">
        <AuthHeading title={t('auth.verify.checking')} />
        <Skeleton height={14} />
        <Skeleton height={14} width="70%" />
      </Stack>
    );
  }

  if (link && verify.isSuccess) {
    return (
      <EmptyBlock
        framed={false}
        icon={<IconCircleCheck size={30} stroke={1.6} />}
        title={t('auth.verify.doneTitle')}
        description={t('auth.verify.done')}
        action={
          <Button component={Link} to={isLoggedIn ? '/users/me' : '/login'}>
            {isLoggedIn ? t('auth.verify.toProfile') : t('auth.backToLogin')}
          </Button>
        }
      />
    );
  }

  return (
    <Stack gap="md">
      <AuthHeading title={t('auth.verify.title')} description={link ? undefined : t('auth.verify.subtitle')} />
      {link && <ErrorAlert error={verify.error} />}
      <Divider label={t('auth.verify.resendTitle')} labelPosition="left" />
      <ResendForm signedIn={isLoggedIn} />
      {!isLoggedIn && (
        <Button component={Link} to="/login" variant="subtle" size="xs">
          {t('auth.backToLogin')}
        </Button>
      )}
    </Stack>
  );
}

function ResendForm({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const resend = useResendVerification();
  const form = useForm({
    initialValues: { email: '' },
    validate: (values) => (signedIn ? {} : validateWith(ResendVerificationBody, values)),
  });

  const submit = form.onSubmit((values) => {
    resend.mutate(signedIn ? {} : { email: values.email }, {
      onError: (error) => applyFieldErrors(form, error),
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {resend.isSuccess ? (
          <Alert color="teal" variant="light" icon={<IconMailForward size={18} />} role="status">
            {t('auth.verify.resent')}
          </Alert>
        ) : (
          <ErrorAlert error={resend.error} />
        )}
        {signedIn ? (
          <Text size="sm" c="dimmed">
            {t('auth.verify.resendSignedIn')}
          </Text>
        ) : (
          <TextInput
            label={t('fields.email')}
            type="email"
            name="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
        )}
        <Button type="submit" variant="light" loading={resend.isPending} leftSection={<IconMailForward size={16} />}>
          {t('auth.verify.resend')}
        </Button>
      </Stack>
    </form>
  );
}
