import type { ReactNode } from 'react';
import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconCloudUpload, IconDatabase, IconDownload, IconPhoto } from '@tabler/icons-react';
import type { AssetStats } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatNumber } from '../../i18n/format';

function Figure({ icon, label, value, note }: { icon: ReactNode; label: string; value?: string; note?: string }) {
  return (
    <Card padding="md">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {/* A phone's half-width card keeps its room for the figure. */}
        <ThemeIcon variant="light" size={36} radius="md" visibleFrom="xs">
          {icon}
        </ThemeIcon>
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} truncate="end">
            {label}
          </Text>
          {value === undefined ? (
            <Skeleton height={26} width={90} mt={4} aria-label={label} />
          ) : (
            <Text fz={24} fw={600} lh={1.25}>
              {value}
            </Text>
          )}
          {note && (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {note}
            </Text>
          )}
        </div>
      </Group>
    </Card>
  );
}

/** The four figures at the top: assets, storage, uploads and downloads of the period. */
export function SummaryCards({ stats, days }: { stats: AssetStats | undefined; days: number }) {
  const { t } = useTranslation();
  const s = stats;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" data-testid="dashboard-summary">
      <Figure
        icon={<IconPhoto size={20} />}
        label={t('dashboard.cards.assets')}
        value={s && formatNumber(s.total)}
        note={s && t('dashboard.cards.brands', { n: formatNumber(s.brands.length) })}
      />
      <Figure
        icon={<IconDatabase size={20} />}
        label={t('dashboard.cards.storage')}
        value={s && formatBytes(s.bytes)}
        note={s && t('dashboard.cards.types', { n: formatNumber(Object.keys(s.by_type).length) })}
      />
      <Figure
        icon={<IconCloudUpload size={20} />}
        label={t('dashboard.cards.uploads')}
        value={s && formatNumber(s.uploads.total)}
        note={s && t('dashboard.cards.inDays', { n: formatNumber(days) })}
      />
      <Figure
        icon={<IconDownload size={20} />}
        label={t('dashboard.cards.downloads')}
        value={s && formatNumber(s.downloads.total)}
        note={s && t('dashboard.cards.viaLinks', { n: formatNumber(s.downloads.via_links) })}
      />
    </SimpleGrid>
  );
}
