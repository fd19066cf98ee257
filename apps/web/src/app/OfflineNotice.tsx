import { Button, Group, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it has a network; true where it cannot tell. */
export function useOnline() {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * A bar at the foot of the window while the browser is offline: what was loaded stays on
 * screen, calls fail with their own messages instead of waiting forever (the query client's
 * network mode), and Retry asks again; coming back online refetches by itself.
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useOnline();
  const qc = useQueryClient();
  if (online) return null;
  return (
    <Group
      role="alert"
      justify="center"
      gap="sm"
      wrap="nowrap"
      px="md"
      py="xs"
      bg="dark.7"
      c="white"
      pos="fixed"
      bottom={0}
      left={0}
      right={0}
      style={{ zIndex: 400 }}
    >
      <IconWifiOff size={18} aria-hidden style={{ flexShrink: 0 }} />
      <Text size="sm">{t('offline.message')}</Text>
      <Button size="compact-sm" variant="white" color="dark" onClick={() => void qc.refetchQueries({ type: 'active' })}>
        {t('offline.retry')}
      </Button>
    </Group>
  );
}
