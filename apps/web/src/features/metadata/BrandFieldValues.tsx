import { Text } from '@mantine/core';
import type { AssetView } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { useAssetFieldValues } from './api';
import { FieldValuesList } from './FieldValuesList';
import { isEmptyValue } from './labels';
import { useBrandFields } from './useBrandFields';

/** The viewer's brand field values under the file's facts; nothing while none is held. */
export function BrandFieldValues({ asset }: { asset: Pick<AssetView, 'id' | 'brand_id'> }) {
  const { t } = useTranslation();
  const saved = useAssetFieldValues(asset.id);
  const brand = useBrandFields(asset.brand_id);
  const values = saved.data?.values ?? {};
  if (brand.isLoading || !brand.fields.some((f) => !isEmptyValue(values[f.key]))) return null;
  return (
    <div data-testid="viewer-brand-fields">
      <Text component="h3" fz="xs" fw={600} tt="uppercase" c="dimmed" mt="md" mb={4}>
        {t('metadata.values.title')}
      </Text>
      <FieldValuesList fields={brand.fields} values={values} options={brand.options} />
    </div>
  );
}
