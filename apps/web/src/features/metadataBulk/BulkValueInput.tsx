import { MultiSelect, NumberInput, Select, Textarea, TextInput } from '@mantine/core';
import type { FieldValue, MetadataField, VocabularyOption } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';

/**
 * A value of one field for a bulk edit. Small on purpose: the metadata feature's own field input
 * replaces it once that is in place (same value shapes as PUT /fields).
 */
export function BulkValueInput({
  field,
  options,
  many,
  value,
  onChange,
  label,
}: {
  field: MetadataField;
  options: readonly VocabularyOption[];
  /** Several options at once (adding or removing), whatever the field's type. */
  many: boolean;
  value: FieldValue;
  onChange: (v: FieldValue) => void;
  label: string;
}) {
  const { t, i18n } = useTranslation();
  const es = i18n.language.startsWith('es');
  const data = options
    .filter((o) => !o.retired)
    .map((o) => ({ value: String(o.id), label: `${'— '.repeat(o.depth)}${es ? o.label_es : o.label_en}` }));
  const common = { label, size: 'sm' as const, 'data-testid': 'bulk-value' };
  if (field.vocabulary_id !== null && (many || field.type === 'multi_select'))
    return (
      <MultiSelect
        {...common}
        data={data}
        searchable
        value={Array.isArray(value) ? value.map(String) : []}
        onChange={(v) => onChange(v.map(Number))}
      />
    );
  if (field.vocabulary_id !== null)
    return (
      <Select
        {...common}
        data={data}
        searchable
        value={typeof value === 'number' ? String(value) : null}
        onChange={(v) => onChange(v === null ? null : Number(v))}
      />
    );
  if (field.type === 'number')
    return (
      <NumberInput
        {...common}
        value={typeof value === 'number' ? value : ''}
        onChange={(v) => onChange(typeof v === 'number' ? v : null)}
      />
    );
  if (field.type === 'boolean')
    return (
      <Select
        {...common}
        data={[
          { value: 'true', label: t('metadataBulk.yes') },
          { value: 'false', label: t('metadataBulk.no') },
        ]}
        value={typeof value === 'boolean' ? String(value) : null}
        onChange={(v) => onChange(v === null ? null : v === 'true')}
      />
    );
  if (field.type === 'long_text')
    return (
      <Textarea
        {...common}
        autosize
        minRows={2}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    );
  return (
    <TextInput
      {...common}
      type={field.type === 'date' ? 'date' : field.type === 'url' ? 'url' : 'text'}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
