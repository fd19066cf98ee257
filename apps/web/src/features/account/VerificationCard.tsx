import { Badge, Button, Card, Group, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconMailForward } from '@tabler/icons-react';
import type { SessionUser } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../lib/notify';
import { formatDate } from '../../i18n/format';
import { useResendVerification } from '../auth/api';

export function VerificationBadge({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  return user.verified_at ? (
    <Badge color="teal" variant="light" leftSection={<IconCircleCheck size={12} />}>
      {t('profile.verified')}
    </Badge>
  ) : (
    <Badge color="yellow" variant="light">
      {t('profile.notVerified')}
    </Badge>
  );
}

export function VerificationCard({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const resend = useResendVerification();
  const send = () =>
    resend.mutate(
      {},
      {
        onSuccess: () => notifySuccess(t('profile.resentTitle'), t('auth.verify.resent')),
        onError: (e) => notifyError(e),
      },
    );

  return (
    <Card component="section" aria-labelledby="profile-verification">
      <Group justify="space-between" mb={4}>
        <Title order={2} fz="md" id="profile-verification">
          {t('profile.verificationTitle')}
        </Title>
        <VerificationBadge user={user} />
      </Group>
      <Text size="sm" c="dimmed">
        {user.verified_at
          ? t('profile.verifiedOn', { date: formatDate(user.verified_at) })
          : t('profile.notVerifiedHint', { email: user.email })}
      </Text>
      {!user.verified_at && (
        <Button
          mt="md"
          variant="light"
          leftSection={<IconMailForward size={16} />}
          loading={resend.isPending}
          onClick={send}
          disabled={resend.isSuccess}
        >
          {resend.isSuccess ? t('profile.resentTitle') : t('auth.verify.resend')}
        </Button>
      )}
    </Card>
  );
}
