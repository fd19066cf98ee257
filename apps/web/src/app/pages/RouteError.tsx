import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Last resort when a screen throws while rendering, e.g. a chunk that failed to download. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <IconAlertTriangle size={40} stroke={1.5} color="var(--mantine-color-red-6)" aria-hidden />
        <Title order={1} fz={22}>
          {t('errors.pageTitle')}
        </Title>
        <Text c="dimmed">{t('errors.pageDescription')}</Text>
        <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
      </Stack>
    </Center>
  );
}
