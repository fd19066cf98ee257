import { Container, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../state/session';
import { EmailSettingsCard } from '../notifications/EmailSettingsCard';
import { ApiKeysCard } from './ApiKeysCard';
import { DefaultHomeCard } from './DefaultHomeCard';
import { LanguageCard } from './LanguageCard';
import { MenuOrderEditor } from './MenuOrderEditor';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';
import { VerificationBadge, VerificationCard } from './VerificationCard';
import { usePageTitle } from '../../ui/usePageTitle';
import { PhotoField } from '../users/PhotoField';
import { TwoFactorCard } from '../twoFactor/TwoFactorCard';

export default function ProfilePage() {
  const { t } = useTranslation();
  usePageTitle(t('profile.myProfile'));
  const user = useSession((s) => s.sessionUser);
  if (!user) return null;
  const fullName = `${user.first_name} ${user.last_name}`.trim();
  const roles = user.roles.map((r) => t(`roles.${r.name}`, { defaultValue: r.name })).join(', ');

  return (
    <Container size="lg" py="xl">
      <Paper withBorder p="lg" mb="lg">
        {/* Anyone changes their own photo (§2 profile: change photo). */}
        <PhotoField userId={user.id} name={fullName} photoUri={user.photo_uri} canChange>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Title order={1} fz={22}>
                {fullName}
              </Title>
              <VerificationBadge user={user} />
            </Group>
            <Text size="sm" c="dimmed" truncate>
              {user.email}
              {roles && ` · ${roles}`}
            </Text>
          </Stack>
        </PhotoField>
      </Paper>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            {/* Keyed by user so the form picks up values reloaded from the server. */}
            <ProfileForm key={`${user.id}:${user.email}:${user.first_name}:${user.last_name}`} user={user} />
            <PasswordForm />
            <TwoFactorCard />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <VerificationCard user={user} />
            <LanguageCard />
            <DefaultHomeCard user={user} />
            <EmailSettingsCard />
            <ApiKeysCard />
            <MenuOrderEditor key={user.user_settings.menu.map((m) => m.value).join()} user={user} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
