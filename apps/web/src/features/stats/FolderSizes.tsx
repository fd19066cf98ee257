import { useTranslation } from 'react-i18next';
import { formatBytes, formatNumber } from '../../i18n/format';
import { useFolderStats } from './api';
import { CardEmpty, DashboardCard } from './DashboardCard';
import { RankList } from './RankList';

/** The brand's top-level folders by size, with their assets and all-time downloads. */
export function FolderSizes({ brandId }: { brandId: number }) {
  const { t } = useTranslation();
  const folders = useFolderStats(brandId);
  const items = (folders.data ?? []).slice(0, 8);
  return (
    <DashboardCard title={t('dashboard.folders.title')} state={folders} height={220} testId="dashboard-folders">
      {items.length === 0 ? (
        <CardEmpty>{t('dashboard.folders.empty')}</CardEmpty>
      ) : (
        <RankList
          label={t('dashboard.folders.title')}
          items={items.map((f) => ({
            key: f.id,
            label: f.name,
            detail: t('dashboard.folders.detail', {
              assets: formatNumber(f.assets),
              downloads: formatNumber(f.downloads),
            }),
            value: f.bytes,
            shown: formatBytes(f.bytes),
          }))}
        />
      )}
    </DashboardCard>
  );
}
