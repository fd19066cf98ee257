import { Group, SegmentedControl, Select } from '@mantine/core';
import { STATS_PERIODS } from '@brandvault/contract';
import type { BrandSummary } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';

interface Props {
  brands: BrandSummary[];
  brandId: number | undefined;
  days: number;
  onChange: (next: { brandId?: number | undefined; days?: number }) => void;
}

/** Which brands (all the caller's, or one) and which period the figures cover. */
export function DashboardFilters({ brands, brandId, days, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <Select
        label={t('dashboard.brand')}
        data={[
          { value: 'all', label: t('dashboard.allBrands') },
          ...brands.map((b) => ({ value: String(b.id), label: b.name })),
        ]}
        value={brandId ? String(brandId) : 'all'}
        onChange={(v) => onChange({ brandId: v && v !== 'all' ? Number(v) : undefined })}
        w={220}
        searchable={brands.length > 8}
        comboboxProps={{ withinPortal: true }}
      />
      <div>
        <SegmentedControl
          aria-label={t('dashboard.period')}
          value={String(days)}
          onChange={(v) => onChange({ days: Number(v) })}
          data={STATS_PERIODS.map((d) => ({ value: String(d), label: t('dashboard.days', { n: formatNumber(d) }) }))}
        />
      </div>
    </Group>
  );
}
