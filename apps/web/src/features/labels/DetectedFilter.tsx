import { Checkbox, Stack, Text } from '@mantine/core';
import type { LabelKey } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';
import { useBrandLabels } from './api';
import { keyName, labelName } from './labelName';

/**
 * The searcher's "Detected" filter (issue 42 §2): the objects and scenes found in the brand's
 * assets the caller may see, with counts; a label chosen from a link stays listed.
 */
export function DetectedFilter({
  brandId,
  value,
  onChange,
}: {
  brandId: number;
  value: LabelKey[];
  onChange: (next: LabelKey[]) => void;
}) {
  const { t, i18n } = useTranslation();
  const query = useBrandLabels(brandId);
  const items = query.data?.items ?? [];
  const listed = new Set(items.map((i) => i.key));
  if (!items.length && !value.length) return null;
  return (
    <Checkbox.Group
      label={t('labels.filter')}
      value={value}
      onChange={(next) => onChange(next as LabelKey[])}
      data-testid="facet-detected"
    >
      <Stack gap={6} mt={6}>
        {items.map((i) => (
          <Checkbox
            key={i.key}
            size="xs"
            value={i.key}
            label={
              <>
                {labelName(i, i18n.language)}{' '}
                <Text span size="xs" c="dimmed">
                  {formatNumber(i.count)}
                </Text>
              </>
            }
          />
        ))}
        {value
          .filter((k) => !listed.has(k))
          .map((k) => (
            <Checkbox key={k} size="xs" value={k} label={keyName(k, i18n.language)} />
          ))}
      </Stack>
    </Checkbox.Group>
  );
}
