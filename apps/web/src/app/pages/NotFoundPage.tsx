import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconMapSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../ui/Logo';
import { useSession } from '../../state/session';
import { usePageTitle } from '../../ui/usePageTitle';

export default function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  return (
    <Center component="main" mih="100vh" bg="gray.0" p="md">
      <Stack align="center" gap="md" maw={440} ta="center">
        <Logo size="lg" />
        <IconMapSearch size={48} stroke={1.4} color="var(--mantine-color-gray-5)" aria-hidden />
        <Text fw={700} fz={48} c="gray.6" lh={1}>
          404
        </Text>
        <Title order={1} fz={22}>
          {t('notFound.title')}
        </Title>
        <Text c="dimmed">{t('notFound.description')}</Text>
        <Button component={Link} to={isLoggedIn ? '/brand/choose' : '/login'}>
          {isLoggedIn ? t('notFound.home') : t('auth.backToLogin')}
        </Button>
      </Stack>
    </Center>
  );
}
