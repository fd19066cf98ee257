import { Card, Radio, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { HOME_VIEWS } from '@brandvault/contract';
import type { HomeView, SessionUser } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../lib/notify';
import { notifyUpdateError, useUpdateProfile } from './api';

/** Where choosing a brand leads: the brand home (/brand) or the gallery (/brand2); kept per user. */
export function DefaultHomeCard({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  // The choice shows at once (the mutation's own state arrives a tick later, after the click's
  // render) and stays once saved; a failed save puts the stored one back.
  const [chosen, setChosen] = useState<HomeView | null>(null);
  const value = chosen ?? user.user_settings.home;
  return (
    <Card component="section" aria-labelledby="profile-home">
      <Title order={2} fz="md" id="profile-home">
        {t('profile.homeTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('profile.homeSubtitle')}
      </Text>
      <Radio.Group
        name="default_home"
        aria-labelledby="profile-home"
        value={value}
        onChange={(v) => {
          if (v === value || !(HOME_VIEWS as readonly string[]).includes(v)) return;
          setChosen(v as HomeView);
          update.mutate(
            { default_home: v as HomeView },
            {
              onSuccess: () => notifySuccess(t('profile.homeSavedTitle'), t(`profile.homeSaved.${v}`)),
              onError: (err) => {
                setChosen(null);
                notifyUpdateError(err);
              },
            },
          );
        }}
      >
        <Stack gap="xs">
          {HOME_VIEWS.map((h) => (
            <Radio
              key={h}
              value={h}
              disabled={update.isPending}
              label={t(`profile.home.${h}`)}
              description={t(`profile.homeHint.${h}`)}
            />
          ))}
        </Stack>
      </Radio.Group>
    </Card>
  );
}
