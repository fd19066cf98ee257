import { Box, Group, Stack, Table, Text } from '@mantine/core';
import { DonutChart } from './lazyCharts';
import type { AssetStats } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatNumber } from '../../i18n/format';
import { CardEmpty, DashboardCard } from './DashboardCard';

type State = { isPending: boolean; error: unknown; refetch: () => unknown };

const COLORS: Record<string, string> = {
  image: 'vault.6',
  video: 'grape.6',
  document: 'teal.6',
  audio: 'orange.6',
  other: 'gray.5',
};

/** The assets of each type: a ring of their bytes, and a table of counts and sizes. */
export function StorageByType({ stats, state }: { stats: AssetStats | undefined; state: State }) {
  const { t } = useTranslation();
  const types = Object.keys(stats?.by_type ?? {})
    .filter((type) => (stats!.by_type[type] ?? 0) > 0)
    .sort((a, b) => (stats!.bytes_by_type[b] ?? 0) - (stats!.bytes_by_type[a] ?? 0));
  const label = (type: string) => t(`assets.types.${type}`, { defaultValue: type });
  return (
    <DashboardCard title={t('dashboard.types.title')} state={state} height={260} testId="dashboard-types">
      {stats && types.length === 0 ? (
        <CardEmpty>{t('dashboard.types.empty')}</CardEmpty>
      ) : (
        <Stack gap="sm" align="center">
          <Box role="figure" aria-label={t('dashboard.types.title')}>
            <DonutChart
              size={150}
              thickness={22}
              data={types.map((type) => ({
                name: label(type),
                value: stats!.bytes_by_type[type] ?? 0,
                color: COLORS[type] ?? 'gray.5',
              }))}
              valueFormatter={(v) => formatBytes(v)}
              tooltipDataSource="segment"
              chartLabel={stats ? formatBytes(stats.bytes) : ''}
            />
          </Box>
          <Table verticalSpacing={4} fz="sm" w="100%">
            <Table.Tbody>
              {types.map((type) => (
                <Table.Tr key={type}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <span
                        aria-hidden
                        style={{
                          width: 10,
                          height: 10,
                          borderRadius: 2,
                          background: `var(--mantine-color-${(COLORS[type] ?? 'gray.5').replace('.', '-')})`,
                        }}
                      />
                      <Text size="sm">{label(type)}</Text>
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">{formatNumber(stats!.by_type[type] ?? 0)}</Table.Td>
                  <Table.Td ta="right" c="dimmed">
                    {formatBytes(stats!.bytes_by_type[type] ?? 0)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </DashboardCard>
  );
}
