import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBrandFields } from './api';
import { FieldsForm } from './FieldsForm';
import type { Values } from './rules';

/** A sync source's default brand field values: set on every asset the source creates. */
export function SourceFieldsSection({
  brandId,
  value,
  onChange,
  error,
}: {
  brandId: number | undefined;
  value: Values;
  onChange: (v: Values) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const { fields, optionsOf, isError } = useBrandFields(brandId ?? null);
  if (!brandId || !fields.length) return null;
  return (
    <Stack gap="xs" data-testid="source-fields">
      <div>
        <Text size="sm" fw={500}>
          {t('uploadFields.title')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('uploadFields.syncHint')}
        </Text>
      </div>
      {isError && (
        <Text size="xs" c="red">
          {t('uploadFields.error')}
        </Text>
      )}
      <FieldsForm fields={fields} optionsOf={optionsOf} values={value} onChange={onChange} />
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
