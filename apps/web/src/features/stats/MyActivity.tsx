import { Box, Group, Stack, Text } from '@mantine/core';
import { Sparkline } from './lazyCharts';
import type { AssetStats } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';
import { DashboardCard } from './DashboardCard';

type State = { isPending: boolean; error: unknown; refetch: () => unknown };

function Line({ label, value, series, color }: { label: string; value: number; series: number[]; color: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <div>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text fz={20} fw={600} lh={1.2}>
          {formatNumber(value)}
        </Text>
      </div>
      {/* A decoration beside the figure it draws: hidden, and nothing in it takes the focus. */}
      <Box aria-hidden inert>
        <Sparkline
          w={120}
          h={36}
          data={series}
          curveType="monotone"
          color={color}
          fillOpacity={0.3}
          strokeWidth={1.5}
        />
      </Box>
    </Group>
  );
}

/** What the caller added and downloaded in these brands over the period. */
export function MyActivity({ stats, state }: { stats: AssetStats | undefined; state: State }) {
  const { t } = useTranslation();
  const days = stats?.mine.by_day ?? [];
  return (
    <DashboardCard title={t('dashboard.mine.title')} state={state} height={120} testId="dashboard-mine">
      <Stack gap="sm">
        <Line
          label={t('dashboard.mine.uploads')}
          value={stats?.mine.uploads ?? 0}
          series={days.map((d) => d.uploads)}
          color="vault.6"
        />
        <Line
          label={t('dashboard.mine.downloads')}
          value={stats?.mine.downloads ?? 0}
          series={days.map((d) => d.downloads)}
          color="teal.6"
        />
      </Stack>
    </DashboardCard>
  );
}
