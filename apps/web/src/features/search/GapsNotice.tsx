import { Alert, Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';
import { useMetadataGaps } from './api';
import { labelOf } from './FieldFilters';

/**
 * For those who manage metadata: "3 assets miss Campaign", per required field with gaps, each
 * a link to the search that finds them (the field's `missing` filter).
 */
export function GapsNotice({
  brandId,
  enabled,
  onShow,
}: {
  brandId: number;
  enabled: boolean;
  onShow: (fieldKey: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const gaps = useMetadataGaps(brandId, enabled);
  const open = (gaps.data?.items ?? []).filter((g) => g.missing > 0);
  if (!enabled || !open.length) return null;
  return (
    <Alert color="yellow" variant="light" p="xs" data-testid="metadata-gaps">
      <Group gap="md">
        {open.map((g) => (
          <Anchor key={g.field_id} component="button" type="button" size="sm" onClick={() => onShow(g.key)}>
            {t('fieldSearch.gap', {
              count: g.missing,
              formatted: formatNumber(g.missing),
              label: labelOf(g, i18n.language),
            })}
          </Anchor>
        ))}
      </Group>
    </Alert>
  );
}
