import { AreaChart } from './lazyCharts';
import { Box } from '@mantine/core';
import type { AssetStats } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';
import { CardEmpty, DashboardCard } from './DashboardCard';
import { formatDay } from './format';

type State = { isPending: boolean; error: unknown; refetch: () => unknown };

/** Uploads and downloads per day of the period, in one chart. */
export function ActivityChart({ stats, state, days }: { stats: AssetStats | undefined; state: State; days: number }) {
  const { t, i18n } = useTranslation();
  const data = (stats?.uploads.by_day ?? []).map((u, i) => ({
    day: formatDay(u.day, i18n.language),
    uploads: u.count,
    downloads: stats?.downloads.by_day[i]?.count ?? 0,
  }));
  const empty = !!stats && stats.uploads.total === 0 && stats.downloads.total === 0;
  return (
    <DashboardCard
      title={t('dashboard.activity.title', { n: formatNumber(days) })}
      state={state}
      height={290}
      testId="dashboard-activity"
    >
      {empty ? (
        <CardEmpty>{t('dashboard.activity.empty')}</CardEmpty>
      ) : (
        <Box role="figure" aria-label={t('dashboard.activity.title', { n: formatNumber(days) })}>
          <AreaChart
            h={270}
            data={data}
            dataKey="day"
            series={[
              { name: 'uploads', label: t('dashboard.activity.uploads'), color: 'vault.6' },
              { name: 'downloads', label: t('dashboard.activity.downloads'), color: 'teal.6' },
            ]}
            curveType="monotone"
            withDots={false}
            withLegend
            legendProps={{ verticalAlign: 'bottom', height: 40 }}
            valueFormatter={(v) => formatNumber(v)}
            xAxisProps={{ minTickGap: 24 }}
            yAxisProps={{ allowDecimals: false, width: 48 }}
            gridAxis="y"
            tickLine="none"
            fillOpacity={0.25}
          />
        </Box>
      )}
    </DashboardCard>
  );
}
