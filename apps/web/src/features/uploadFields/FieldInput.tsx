import { MultiSelect, NumberInput, Select, Switch, TextInput, Textarea } from '@mantine/core';
import type { FieldValue, MetadataField, VocabularyOption } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';

/**
 * A minimal brand field input with the props of the metadata feature's `FieldInput` (not on main
 * yet when this was written); swap the import for that one once it lands.
 */
export interface FieldInputProps {
  field: MetadataField;
  value: FieldValue | undefined;
  onChange: (value: FieldValue) => void;
  options?: readonly VocabularyOption[];
  error?: string | undefined;
}

export function FieldInput({ field, value, onChange, options = [], error }: FieldInputProps) {
  const { i18n } = useTranslation();
  const es = i18n.language === 'es';
  const common = {
    label: es ? field.label_es : field.label_en,
    description: (es ? field.help_es : field.help_en) || undefined,
    required: field.required,
    withAsterisk: field.required,
    error,
  };
  const str = typeof value === 'string' ? value : '';
  const data = options
    .filter((o) => !o.retired)
    .map((o) => ({ value: String(o.id), label: `${'· '.repeat(o.depth)}${es ? o.label_es : o.label_en}` }));
  switch (field.type) {
    case 'long_text':
      return (
        <Textarea {...common} autosize minRows={2} value={str} onChange={(e) => onChange(e.currentTarget.value)} />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : ''}
          onChange={(v) => onChange(typeof v === 'number' ? v : null)}
        />
      );
    case 'date':
      return (
        <TextInput {...common} type="date" value={str} onChange={(e) => onChange(e.currentTarget.value || null)} />
      );
    case 'boolean':
      return (
        <Switch
          label={common.label}
          description={common.description}
          error={error}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      );
    case 'select':
    case 'tree':
      return (
        <Select
          {...common}
          searchable
          clearable
          data={data}
          value={typeof value === 'number' ? String(value) : null}
          onChange={(v) => onChange(v ? Number(v) : null)}
        />
      );
    case 'multi_select':
      return (
        <MultiSelect
          {...common}
          searchable
          clearable
          data={data}
          value={Array.isArray(value) ? value.map(String) : []}
          onChange={(v) => onChange(v.map(Number))}
        />
      );
    default:
      return <TextInput {...common} value={str} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}
