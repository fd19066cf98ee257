import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PersonField } from '../../ui/PersonField';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isReturnPath, isShareReturnPath } from '../../lib/guards';
import { accountPaths } from '@brandvault/contract';
import { applyFieldErrors } from '../../lib/fieldErrors';
import { laterCheck } from '../../lib/laterCheck';
import { notifyWelcome } from '../../lib/notify';
import i18n from '../../i18n';
import { adoptSessionLang } from '../../lib/sessionLang';
import { call } from '../../api/client';
import { useSession } from '../../state/session';
import { markFreshSignIn } from '../../state/landing';
import { AuthHeading } from '../../ui/AuthHeading';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { sessionKeys, useLogin } from './api';
import { PasswordField } from '../../ui/PasswordField';
import { usePageTitle } from '../../ui/usePageTitle';
import { Suspense, lazy, useCallback, useState } from 'react';
import type { LoginTwoFactorStep } from '@brandvault/contract';
import type { SignedIn } from '../twoFactor/LoginCodeStep';
import { SsoButtons } from '../sso/SsoButtons';
import { ScreenSkeleton } from '../../ui/ScreenSkeleton';

// Only accounts with two-factor see these steps (the enrolment with its recovery codes is the
// larger): they download after the right password, not with the sign-in form.
const LoginCodeStep = lazy(() => import('../twoFactor/LoginCodeStep').then((m) => ({ default: m.LoginCodeStep })));
const LoginSetupStep = lazy(() => import('../twoFactor/LoginSetupStep').then((m) => ({ default: m.LoginSetupStep })));
// Only a share link's way here shows its brand, and only then are its code and the brands' table fetched.
const LoginBrandFace = lazy(() => import('./LoginBrandFace').then((m) => ({ default: m.LoginBrandFace })));
const loginCheck = laterCheck(() => import('./loginCheck').then((m) => m.checkLogin));

export default function LoginPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.login.title'));
  const navigate = useNavigate();
  const next = useSearchParams()[0].get('next');
  const qc = useQueryClient();
  const login = useLogin();
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: (values) => loginCheck.validate(values),
    onValuesChange: () => loginCheck.fetch(),
  });

  // After a right password, an account with two-factor answers a step instead of a session.
  const [step, setStep] = useState<LoginTwoFactorStep | null>(null);
  const [stepError, setStepError] = useState<unknown>(null);
  const restart = useCallback(() => {
    setStep(null);
    setStepError(null);
    form.setFieldValue('password', '');
  }, [form]);

  const complete = (answer: SignedIn) => {
    useSession.getState().signIn(answer);
    qc.setQueryData(sessionKeys.me(), {
      session_user: answer.session_user,
      permissions: answer.permissions,
      emulator: answer.emulator,
      favorites_id: answer.favorites_id,
    });
    // The component's `t` still speaks the old language; the greeting uses the session's.
    const lng = adoptSessionLang(answer.session_user.lang, (lang) =>
      call(accountPaths.updateProfile, { body: { lang } }).then((me) => {
        useSession.getState().setMe(me);
        qc.setQueryData(sessionKeys.me(), me);
      }),
    );
    notifyWelcome(
      i18n.t('auth.login.welcomeTitle', { lng }),
      i18n.t('auth.login.welcome', {
        lng,
        first_name: answer.session_user.first_name,
        last_name: answer.session_user.last_name,
      }),
    );
    if (isReturnPath(next)) void navigate(next, { replace: true });
    else {
      markFreshSignIn();
      void navigate('/brand/choose', { replace: true });
    }
  };

  const submit = form.onSubmit((values) => {
    const { setLoading } = useSession.getState();
    setLoading(true);
    login.mutate(values, {
      onSuccess: (answer) => {
        if ('two_factor' in answer) setStep(answer);
        else complete(answer);
      },
      onError: (error) => applyFieldErrors(form, error),
      onSettled: () => setLoading(false),
    });
  });

  if (step) {
    const Step = step.two_factor === 'code' ? LoginCodeStep : LoginSetupStep;
    return (
      <>
        <AuthHeading
          title={step.two_factor === 'code' ? t('twoFactor.loginTitle') : t('twoFactor.forcedTitle')}
          description={t('auth.login.subtitle')}
        />
        <ErrorAlert error={stepError} />
        <Suspense fallback={<ScreenSkeleton compact />}>
          <Step challenge={step.challenge} onSignedIn={complete} onRestart={restart} onError={setStepError} />
        </Suspense>
      </>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      {isShareReturnPath(next) && (
        <Suspense fallback={null}>
          <LoginBrandFace next={next} />
        </Suspense>
      )}
      <AuthHeading title={t('auth.login.title')} description={t('auth.login.subtitle')} />
      <ErrorAlert error={login.error} />
      <SsoButtons />
      <Stack gap="md">
        <PersonField field="email" input={form.getInputProps('email')} />
        <PasswordField
          label={t('fields.password')}
          name="password"
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor component={Link} to="/password/forgot" size="sm">
            {t('auth.login.forgot')}
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={login.isPending}>
          {t('auth.login.submit')}
        </Button>
        <Text size="sm" ta="center" c="dimmed">
          {t('auth.login.noAccount')}{' '}
          <Anchor component={Link} to="/register" size="sm">
            {t('auth.login.register')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
