import { useEffect, useRef, useState } from 'react';
import { Anchor, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { usePageTitle } from '../../ui/usePageTitle';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { codeFromHash, forgetHash, useFinishSignIn } from './finishSignIn';
import { completeSignIn, linkConfirm } from './api';

/**
 * Where the server sends the browser after a single sign-on (`/sso/done`) or an e-mailed link
 * proof (`/sso/link/confirm`): the code in the fragment becomes a session, once.
 */
export default function SsoDonePage({ confirm = false }: { confirm?: boolean }) {
  const { t } = useTranslation();
  usePageTitle(t('sso.done.title'));
  const next = useSearchParams()[0].get('next');
  const finish = useFinishSignIn();
  const { hash } = useLocation();
  const [error, setError] = useState<unknown>(null);
  const started = useRef(false);
  useEffect(() => {
    // Strict mode runs effects twice; the code is good once.
    if (started.current) return;
    started.current = true;
    const code = codeFromHash(hash);
    forgetHash();
    (confirm ? linkConfirm(code) : completeSignIn(code)).then((a) => finish(a, next), setError);
  }, [confirm, finish, next, hash]);
  return (
    <Stack align="center" gap="md">
      {error ? (
        <>
          <ErrorAlert error={error} />
          <Anchor component={Link} to="/login">
            {t('sso.backToLogin')}
          </Anchor>
        </>
      ) : (
        <>
          <Loader aria-label={t('sso.done.title')} />
          <Text>{t('sso.done.title')}</Text>
        </>
      )}
    </Stack>
  );
}
