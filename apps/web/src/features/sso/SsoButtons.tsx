import { Alert, Button, Divider, Stack } from '@mantine/core';
import { IconAlertCircle, IconKey } from '@tabler/icons-react';
import { SSO_ERRORS } from '@brandvault/contract';
import type { SsoError } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { startUrl, usePublicProviders } from './signInApi';

/**
 * The sign-in page's single sign-on: one button per provider ("Sign in with …"), and why the last
 * attempt was refused when the server sent the browser back with `sso_error`.
 */
export function SsoButtons() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const providers = usePublicProviders();
  const next = params.get('next');
  const error = params.get('sso_error');
  const reason = SSO_ERRORS.includes(error as SsoError) ? (error as SsoError) : null;
  const list = providers.data?.data ?? [];
  if (!list.length && !reason) return null;
  return (
    <Stack gap="sm" mb="md">
      {reason && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title={t('sso.error.title')}
          icon={<IconAlertCircle size={18} />}
        >
          {t(`sso.error.${reason}`)}
        </Alert>
      )}
      {list.map((p) => (
        <Button
          key={p.id}
          component="a"
          href={startUrl(p.id, next)}
          variant="default"
          fullWidth
          leftSection={<IconKey size={16} />}
        >
          {t('sso.signInWith', { label: p.label })}
        </Button>
      ))}
      {list.length > 0 && <Divider label={t('sso.or')} labelPosition="center" />}
    </Stack>
  );
}
