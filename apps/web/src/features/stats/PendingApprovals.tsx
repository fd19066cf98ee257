import { Button, Group, Text, ThemeIcon } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { UserStats } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';
import { DashboardCard } from './DashboardCard';

type State = { isPending: boolean; error: unknown; refetch: () => unknown };

/** Registrations waiting for an administrator, with the way to the users list filtered to them. */
export function PendingApprovals({ stats, state }: { stats: UserStats | undefined; state: State }) {
  const { t } = useTranslation();
  const n = stats?.pending_approval ?? 0;
  return (
    <DashboardCard
      title={t('dashboard.pending.title')}
      state={state}
      height={100}
      testId="dashboard-pending"
      fill={false}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" color={n > 0 ? 'orange' : 'gray'} size={36} radius="md">
            <IconUserCheck size={20} />
          </ThemeIcon>
          <div>
            <Text fz={24} fw={600} lh={1.2}>
              {formatNumber(n)}
            </Text>
            <Text size="xs" c="dimmed">
              {n > 0 ? t('dashboard.pending.waiting') : t('dashboard.pending.none')}
            </Text>
          </div>
        </Group>
        {n > 0 && (
          <Button component={Link} to="/users?status=PENDING" variant="light" size="xs">
            {t('dashboard.pending.review')}
          </Button>
        )}
      </Group>
    </DashboardCard>
  );
}
