import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconShieldOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { confirm } from '../../ui/confirm/confirmStore';
import { useResetUserTwoFactor, useUserTwoFactor } from './api';

/** The user edit screen's two-factor line: whether it is on, and the reset for a lost phone. */
export function UserTwoFactorPanel({ userId, name, canReset }: { userId: number; name: string; canReset: boolean }) {
  const { t } = useTranslation();
  const state = useUserTwoFactor(userId);
  const reset = useResetUserTwoFactor();
  if (!state.data) return null;
  const { enabled, enabled_at } = state.data;

  const run = async () => {
    const ok = await confirm({
      title: t('twoFactor.resetTitle'),
      message: t('twoFactor.resetMessage', { name }),
      confirmLabel: t('twoFactor.reset'),
      cancelLabel: t('common.cancel'),
      danger: true,
    });
    if (!ok) return;
    reset.mutate(userId, {
      onSuccess: () => notifySuccess(t('twoFactor.title'), t('twoFactor.resetDone', { name })),
      onError: (e) => notifyError(e),
    });
  };

  return (
    <Stack gap={4} component="section" aria-label={t('twoFactor.title')}>
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Text fw={600} size="sm">
            {t('twoFactor.title')}
          </Text>
          <Badge color={enabled ? 'teal' : 'gray'} variant="light">
            {enabled ? t('twoFactor.on') : t('twoFactor.off')}
          </Badge>
        </Group>
        {enabled && canReset && (
          <Button
            variant="light"
            color="red"
            size="xs"
            leftSection={<IconShieldOff size={14} />}
            loading={reset.isPending}
            onClick={() => void run()}
          >
            {t('twoFactor.reset')}
          </Button>
        )}
      </Group>
      {enabled && enabled_at && (
        <Text size="xs" c="dimmed">
          {t('twoFactor.onSince', { date: formatDate(enabled_at) })}
        </Text>
      )}
    </Stack>
  );
}
