import { Button, Card, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { NOTIFICATION_MAIL_KINDS } from '@brandvault/contract';
import type { NotificationMailKind } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useNotificationSettings, useSaveNotificationSettings } from './api';

/** The profile's "E-mail notifications" card: one switch per kind, saved as soon as it changes. */
export function EmailSettingsCard() {
  const { t } = useTranslation();
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const current = save.isPending ? save.variables : settings.data;

  const toggle = (kind: NotificationMailKind, on: boolean) => {
    if (!current?.email) return;
    save.mutate(
      { email: { ...current.email, [kind]: on } },
      {
        onSuccess: () => notifySuccess(t('notifications.email.savedTitle'), t('notifications.email.saved')),
        onError: (error) => notifyError(error),
      },
    );
  };

  return (
    <Card component="section" aria-labelledby="profile-email-notifications">
      <Title order={2} fz="md" id="profile-email-notifications">
        {t('notifications.email.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('notifications.email.subtitle')}
      </Text>
      {settings.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
          {NOTIFICATION_MAIL_KINDS.map((k) => (
            <Skeleton key={k} height={20} width="70%" />
          ))}
        </Stack>
      ) : settings.isError || !current?.email ? (
        <Stack align="flex-start" gap="xs">
          <Text size="sm" c="red">
            {t('notifications.email.error')}
          </Text>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconRefresh size={14} />}
            onClick={() => void settings.refetch()}
          >
            {t('common.retry')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="sm">
          {NOTIFICATION_MAIL_KINDS.map((kind) => (
            <Switch
              key={kind}
              label={t(`notifications.email.${kind}`)}
              checked={current.email[kind]}
              disabled={save.isPending}
              onChange={(e) => toggle(kind, e.currentTarget.checked)}
            />
          ))}
        </Stack>
      )}
    </Card>
  );
}
