import { Button, Container, Grid, Stack } from '@mantine/core';
import { IconBuildingStore, IconCloudUpload } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { STATS_DEFAULT_DAYS, STATS_PERIODS } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { EmptyBlock } from '../../ui/EmptyBlock';
import { PageError } from '../../ui/PageError';
import { PageHeader } from '../../ui/PageHeader';
import { usePageTitle } from '../../ui/usePageTitle';
import { useCan } from '../../state/access';
import { useSession } from '../../state/session';
import { ActiveUsers } from './ActiveUsers';
import { ActivityChart } from './ActivityChart';
import { useAssetStats, useUserStats } from './api';
import { BrandsBreakdown } from './BrandsBreakdown';
import { DashboardFilters } from './DashboardFilters';
import { FolderSizes } from './FolderSizes';
import { JobsCard } from './JobsCard';
import { MyActivity } from './MyActivity';
import { PendingApprovals } from './PendingApprovals';
import { RightsCard } from './RightsCard';
import { RecentActivity } from './RecentActivity';
import { StorageByType } from './StorageByType';
import { SummaryCards } from './SummaryCards';
import { TopAssets } from './TopAssets';

/**
 * dashboard (§2, dashboard.view): the caller's brands at a glance, all of them or one, over 7, 30
 * or 90 days (both in the URL). Those who see users also get approvals and the most active
 * people; administrators everyone's recent activity and the job queue; anyone their own.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  usePageTitle(t('dashboard.title'));
  const can = useCan();
  const brands = useSession((s) => s.sessionUser?.brands ?? []);
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('brand'));
  const brandId = brands.some((b) => b.id === asked) ? asked : undefined;
  const daysParam = Number(params.get('days'));
  const days = (STATS_PERIODS as readonly number[]).includes(daysParam) ? daysParam : STATS_DEFAULT_DAYS;
  const scope = { brandId, days };
  const seesUsers = can.permission('user.view');
  const assets = useAssetStats(scope);
  const users = useUserStats(scope, seesUsers);
  const stats = assets.data;

  const change = (next: { brandId?: number | undefined; days?: number }) => {
    const p = new URLSearchParams(params);
    if ('brandId' in next) {
      if (next.brandId) p.set('brand', String(next.brandId));
      else p.delete('brand');
    }
    if (next.days !== undefined) {
      if (next.days === STATS_DEFAULT_DAYS) p.delete('days');
      else p.set('days', String(next.days));
    }
    setParams(p, { replace: true });
  };

  const header = (
    <PageHeader
      title={t('dashboard.title')}
      description={t('dashboard.subtitle')}
      actions={
        brands.length > 0 && <DashboardFilters brands={brands} brandId={brandId} days={days} onChange={change} />
      }
    />
  );
  if (brands.length === 0)
    return (
      <Container size="xl" py="xl">
        {header}
        <EmptyBlock
          icon={<IconBuildingStore size={28} stroke={1.6} />}
          title={t('brands.emptyTitle')}
          description={t('brands.empty')}
        />
      </Container>
    );

  const nothingYet = !!stats && stats.total === 0 && stats.uploads.total === 0 && stats.downloads.total === 0;
  // One brand (chosen, or the only one): its largest folders; several: the brands by storage.
  const oneBrand = brandId ?? (brands.length === 1 ? brands[0]!.id : undefined);
  const col = { base: 12, sm: 6, lg: seesUsers ? 4 : 6 };
  return (
    <Container size="xl" py="xl">
      {header}
      <Stack gap="md">
        {assets.error && !stats ? (
          <PageError error={assets.error} onRetry={() => void assets.refetch()} />
        ) : nothingYet ? (
          <EmptyBlock
            icon={<IconCloudUpload size={28} stroke={1.6} />}
            title={t('dashboard.empty.title')}
            description={t('dashboard.empty.description')}
            action={
              can.permission('asset.create') && (
                <Button component={Link} to="/brand/choose" variant="light">
                  {t('dashboard.empty.action')}
                </Button>
              )
            }
          />
        ) : (
          <>
            <SummaryCards stats={stats} days={days} />
            <Grid gap="md">
              <Grid.Col span={{ base: 12, md: 8 }}>
                <ActivityChart stats={stats} state={assets} days={days} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <StorageByType stats={stats} state={assets} />
              </Grid.Col>
              <Grid.Col span={col}>
                <TopAssets stats={stats} state={assets} showBrand={brandId === undefined && brands.length > 1} />
              </Grid.Col>
              {seesUsers && (
                <Grid.Col span={col}>
                  <ActiveUsers stats={users.data} state={users} />
                </Grid.Col>
              )}
              <Grid.Col span={col}>
                {oneBrand !== undefined ? (
                  <FolderSizes brandId={oneBrand} />
                ) : (
                  <BrandsBreakdown stats={stats} state={assets} onPick={(id) => change({ brandId: id })} />
                )}
              </Grid.Col>
            </Grid>
          </>
        )}
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
            <RecentActivity />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
            <MyActivity stats={stats} state={assets} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
            <Stack gap="md">
              <RightsCard stats={stats} state={assets} />
              {seesUsers && <PendingApprovals stats={users.data} state={users} />}
              <JobsCard />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
