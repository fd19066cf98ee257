import type { AssetStats } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatNumber } from '../../i18n/format';
import { CardEmpty, DashboardCard } from './DashboardCard';
import { RankList } from './RankList';

type State = { isPending: boolean; error: unknown; refetch: () => unknown };

/** With every brand shown: each brand's assets and storage, largest first; one opens its figures. */
export function BrandsBreakdown({
  stats,
  state,
  onPick,
}: {
  stats: AssetStats | undefined;
  state: State;
  onPick: (brandId: number) => void;
}) {
  const { t } = useTranslation();
  const brands = [...(stats?.brands ?? [])].sort((a, b) => b.bytes - a.bytes || b.assets - a.assets);
  return (
    <DashboardCard title={t('dashboard.brands.title')} state={state} height={220} testId="dashboard-brands">
      {brands.length === 0 ? (
        <CardEmpty>{t('dashboard.brands.empty')}</CardEmpty>
      ) : (
        <RankList
          label={t('dashboard.brands.title')}
          items={brands.slice(0, 10).map((b) => ({
            key: b.id,
            label: b.name,
            detail: t('dashboard.brands.detail', { assets: formatNumber(b.assets) }),
            value: b.bytes,
            shown: formatBytes(b.bytes),
            onOpen: () => onPick(b.id),
          }))}
        />
      )}
    </DashboardCard>
  );
}
