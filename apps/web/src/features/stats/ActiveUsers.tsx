import type { UserStats } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';
import { CardEmpty, DashboardCard } from './DashboardCard';
import { RankList } from './RankList';

type State = { isPending: boolean; error: unknown; refetch: () => unknown };

/** The people who added and downloaded most over the period. */
export function ActiveUsers({ stats, state }: { stats: UserStats | undefined; state: State }) {
  const { t } = useTranslation();
  const people = (stats?.active ?? []).filter((p) => p.uploads + p.downloads > 0);
  return (
    <DashboardCard title={t('dashboard.people.title')} state={state} height={220} testId="dashboard-people">
      {people.length === 0 ? (
        <CardEmpty>{t('dashboard.people.empty')}</CardEmpty>
      ) : (
        <RankList
          label={t('dashboard.people.title')}
          items={people.map((p) => ({
            key: p.id,
            label: p.name || p.email,
            detail: t('dashboard.people.detail', {
              uploads: formatNumber(p.uploads),
              downloads: formatNumber(p.downloads),
            }),
            value: p.uploads + p.downloads,
            shown: formatNumber(p.uploads + p.downloads),
          }))}
        />
      )}
    </DashboardCard>
  );
}
