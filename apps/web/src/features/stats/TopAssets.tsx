import type { AssetStats } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../../lib/notify';
import { formatNumber } from '../../i18n/format';
import { useSession } from '../../state/session';
import { CardEmpty, DashboardCard } from './DashboardCard';
import { RankList } from './RankList';

type State = { isPending: boolean; error: unknown; refetch: () => unknown };

/** The most downloaded assets of the period; each opens in its brand (selected first if need be). */
export function TopAssets({
  stats,
  state,
  showBrand,
}: {
  stats: AssetStats | undefined;
  state: State;
  showBrand: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const brands = useSession((s) => s.sessionUser?.brands ?? []);
  const open = (assetId: number, brandId: number) => {
    const s = useSession.getState();
    if (s.selectedBrand?.id !== brandId) {
      const brand = brands.find((b) => b.id === brandId);
      if (!brand) return;
      s.selectBrand(brand);
      notifySuccess(t('brands.changedTitle'), t('brands.changed', { name: brand.name }), 'assets');
    }
    void navigate(`/brand/asset/${assetId}`);
  };
  const top = stats?.downloads.top ?? [];
  const brandName = (id: number) => stats?.brands.find((b) => b.id === id)?.name;
  return (
    <DashboardCard title={t('dashboard.top.title')} state={state} height={220} testId="dashboard-top">
      {top.length === 0 ? (
        <CardEmpty>{t('dashboard.top.empty')}</CardEmpty>
      ) : (
        <RankList
          label={t('dashboard.top.title')}
          items={top.map((a) => ({
            key: a.id,
            label: a.name,
            detail: showBrand ? brandName(a.brand_id) : undefined,
            value: a.count,
            shown: formatNumber(a.count),
            onOpen: brands.some((b) => b.id === a.brand_id) ? () => open(a.id, a.brand_id) : undefined,
          }))}
        />
      )}
    </DashboardCard>
  );
}
