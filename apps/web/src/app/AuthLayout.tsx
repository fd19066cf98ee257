import { Suspense } from 'react';
import { Box, Center, Group, Paper, Stack, Text } from '@mantine/core';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../ui/Logo';
import { ScreenSkeleton } from '../ui/ScreenSkeleton';
import { LanguageSwitch } from '../features/account/LanguageSwitch';
import { useOrgInfo } from '../features/setup/api';
import classes from './AuthLayout.module.css';

/** Signed-out screens: one centred card with the logo on a quiet background. */
export function AuthLayout() {
  const { t } = useTranslation();
  const org = useOrgInfo().data?.name;
  return (
    <Box className={classes.background}>
      <Center component="main" mih="100vh" p="md">
        <Stack w="100%" maw={440} gap="lg">
          <Stack gap={4} align="center">
            <Logo size="lg" />
            {org && (
              <Text size="sm" c="dimmed" ta="center" data-testid="org-name">
                {org}
              </Text>
            )}
          </Stack>
          <Paper withBorder shadow="sm" p={32} radius="lg">
            <Suspense fallback={<ScreenSkeleton compact />}>
              <Outlet />
            </Suspense>
          </Paper>
          <Group justify="space-between" px={4}>
            <Text size="xs" c="dimmed">
              {t('auth.tagline')}
            </Text>
            <LanguageSwitch />
          </Group>
        </Stack>
      </Center>
    </Box>
  );
}
