import { SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import type { AssetStats } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../../lib/notify';
import { formatNumber } from '../../i18n/format';
import { useSession } from '../../state/session';
import { DashboardCard } from './DashboardCard';

type State = { isPending: boolean; error: unknown; refetch: () => unknown };
type Which = 'expiring' | 'expired';

/** Where a count leads: the searcher over the brand, filtered by that state. */
export const rightsSearchPath = (which: Which) => `/brand?avail=${which}`;

/**
 * Usage rights (issue 40 §2): how many assets the caller sees are expiring soon or expired. Each
 * count opens the searcher with that filter, in its brand (selected first if need be); over
 * several brands, one row per brand that has any.
 */
export function RightsCard({ stats, state }: { stats: AssetStats | undefined; state: State }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const brands = useSession((s) => s.sessionUser?.brands ?? []);
  const rights = stats?.rights;
  const open = (brandId: number, which: Which) => {
    const s = useSession.getState();
    if (s.selectedBrand?.id !== brandId) {
      const brand = brands.find((b) => b.id === brandId);
      if (!brand) return;
      s.selectBrand(brand);
      notifySuccess(t('brands.changedTitle'), t('brands.changed', { name: brand.name }), 'assets');
    }
    void navigate(rightsSearchPath(which));
  };
  const brandName = (id: number) => stats?.brands.find((b) => b.id === id)?.name ?? '';
  const rows = rights?.by_brand ?? [];
  // One brand (or one with any): its counts open the search directly.
  const single = rows.length === 1 ? rows[0]!.id : stats?.brands.length === 1 ? stats.brands[0]!.id : null;

  const Tile = ({ which, n, brandId }: { which: Which; n: number; brandId: number | null }) => {
    const label = t(`dashboard.rights.${which}`);
    const body = (
      <Stack gap={0}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {label}
        </Text>
        <Text fz={24} fw={600} lh={1.25} c={which === 'expired' && n > 0 ? 'red' : undefined}>
          {formatNumber(n)}
        </Text>
      </Stack>
    );
    if (brandId === null || n === 0) return <div data-testid={`rights-${which}`}>{body}</div>;
    return (
      <UnstyledButton
        data-testid={`rights-${which}`}
        aria-label={t('dashboard.rights.open', { label, count: n, formatted: formatNumber(n) })}
        onClick={() => open(brandId, which)}
      >
        {body}
      </UnstyledButton>
    );
  };

  return (
    <DashboardCard
      title={t('dashboard.rights.title')}
      state={state}
      height={120}
      testId="dashboard-rights"
      fill={false}
    >
      {rights && (
        <Stack gap="sm">
          <SimpleGrid cols={2} spacing="md">
            <Tile which="expiring" n={rights.expiring} brandId={single} />
            <Tile which="expired" n={rights.expired} brandId={single} />
          </SimpleGrid>
          {single === null &&
            rows.map((b) => (
              <SimpleGrid key={b.id} cols={3} spacing="xs" data-testid={`rights-brand-${b.id}`}>
                <Text size="sm" truncate="end">
                  {brandName(b.id)}
                </Text>
                {(['expiring', 'expired'] as const).map((which) =>
                  b[which] > 0 ? (
                    <UnstyledButton
                      key={which}
                      onClick={() => open(b.id, which)}
                      aria-label={t('dashboard.rights.openBrand', {
                        label: t(`dashboard.rights.${which}`),
                        brand: brandName(b.id),
                        formatted: formatNumber(b[which]),
                      })}
                    >
                      <Text size="sm" c={which === 'expired' ? 'red' : undefined} td="underline">
                        {formatNumber(b[which])}
                      </Text>
                    </UnstyledButton>
                  ) : (
                    <Text key={which} size="sm" c="dimmed">
                      0
                    </Text>
                  ),
                )}
              </SimpleGrid>
            ))}
          {rights.expiring === 0 && rights.expired === 0 && (
            <Text size="xs" c="dimmed">
              {t('dashboard.rights.none')}
            </Text>
          )}
        </Stack>
      )}
    </DashboardCard>
  );
}
