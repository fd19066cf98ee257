import { Alert, Button, Card, Checkbox, Stack, Text, Title } from '@mantine/core';
import { FACES_NOTICE } from '@brandvault/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../i18n';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useFacesSwitch } from './api';

/** Faces are off: an admin turns them on after reading and accepting the personal-data notice. */
export function FacesSwitchCard({ brandId, available }: { brandId: number; available: boolean }) {
  const { t } = useTranslation();
  const [ack, setAck] = useState(false);
  const turn = useFacesSwitch(brandId);
  if (!available)
    return (
      <Alert color="gray" title={t('people.offTitle')}>
        {t('people.unavailable')}
      </Alert>
    );
  return (
    <Card withBorder component="section" aria-labelledby="faces-switch">
      <Stack gap="sm">
        <Title order={2} fz="md" id="faces-switch">
          {t('people.enableTitle')}
        </Title>
        <Alert color="yellow" variant="light" title={t('people.noticeTitle')}>
          {FACES_NOTICE[currentLang()]}
        </Alert>
        <Checkbox checked={ack} onChange={(e) => setAck(e.currentTarget.checked)} label={t('people.acknowledge')} />
        <Button
          disabled={!ack}
          loading={turn.isPending}
          style={{ alignSelf: 'flex-start' }}
          onClick={() =>
            turn.mutate(
              { enabled: true, acknowledged: true },
              {
                onSuccess: () => notifySuccess(t('people.title'), t('people.enabled')),
                onError: (e) => notifyError(e),
              },
            )
          }
        >
          {t('people.enable')}
        </Button>
        <Text size="xs" c="dimmed">
          {t('people.enableHint')}
        </Text>
      </Stack>
    </Card>
  );
}
