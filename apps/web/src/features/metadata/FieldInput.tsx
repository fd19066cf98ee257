import { MultiSelect, NumberInput, Select, Switch, TextInput, Textarea } from '@mantine/core';
import type { MantineSize } from '@mantine/core';
import { OPTION_FIELD_TYPES } from '@brandvault/contract';
import type { FieldValue, Lang, MetadataField, VocabularyOption } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../ui/DateField';
import { fieldHelp, fieldLabel, optionLabel, optionPaths } from './labels';

export interface FieldInputProps {
  field: MetadataField;
  value: FieldValue | undefined;
  onChange: (value: FieldValue) => void;
  /** The options of the field's vocabulary in tree order (ignored by fields of other types). */
  options?: readonly VocabularyOption[];
  error?: string | undefined;
  disabled?: boolean;
  /** Overrides the field's own label (the bulk edit dialog calls it "Value"); hides its help. */
  label?: string;
  /** Several options at once, whatever the field's type: adding or removing options in a bulk edit. */
  many?: boolean;
  size?: MantineSize;
}

/** Select data: non-retired options, plus any retired one the value still holds (kept, never offered). */
function choices(field: MetadataField, options: readonly VocabularyOption[], held: number[], lang: Lang) {
  const paths = field.type === 'tree' ? optionPaths(options, lang) : null;
  return options
    .filter((o) => !o.retired || held.includes(o.id))
    .map((o) => ({ value: String(o.id), label: paths?.get(o.id) ?? optionLabel(o, lang) }));
}

const asIds = (v: FieldValue | undefined): number[] => (Array.isArray(v) ? v : typeof v === 'number' ? [v] : []);

/**
 * The input of one brand field, by its type: text, long text, number, date, switch, url, and
 * type-ahead selects over the field's vocabulary (a tree one shows and searches whole paths).
 */
export function FieldInput(props: FieldInputProps) {
  const { field, value, onChange, options = [], error, disabled, label, many, size } = props;
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'es' ? 'es' : 'en';
  // A value for many assets at once (a relabelled input) is never required of each one.
  const required = label === undefined && field.required;
  const common = {
    label: label ?? fieldLabel(field, lang),
    description: label === undefined ? fieldHelp(field, lang) || undefined : undefined,
    required,
    // The theme hides asterisks; brand fields show them, as the form's hint explains.
    withAsterisk: required,
    size,
    error,
    disabled,
    name: `values.${field.key}`,
  };
  const str = typeof value === 'string' ? value : '';
  const type = many && OPTION_FIELD_TYPES.includes(field.type) ? 'multi_select' : field.type;
  switch (type) {
    case 'text':
      return <TextInput {...common} value={str} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'url':
      return (
        <TextInput
          {...common}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={str}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'long_text':
      return (
        <Textarea
          {...common}
          autosize
          minRows={2}
          maxRows={8}
          value={str}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
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
      return <DateField {...common} value={str} onChange={(v) => onChange(v || null)} />;
    case 'boolean':
      return (
        <Switch
          label={common.label}
          description={common.description}
          error={error}
          disabled={disabled}
          size={size}
          name={common.name}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      );
    case 'multi_select':
      return (
        <MultiSelect
          {...common}
          searchable
          clearable
          nothingFoundMessage={t('metadata.input.noMatch')}
          placeholder={disabled ? undefined : t('metadata.input.pick')}
          data={choices(field, options, asIds(value), lang)}
          value={asIds(value).map(String)}
          onChange={(v) => onChange(v.map(Number))}
        />
      );
    case 'select':
    case 'tree':
      return (
        <Select
          {...common}
          searchable
          clearable
          nothingFoundMessage={t('metadata.input.noMatch')}
          placeholder={disabled ? undefined : t('metadata.input.pick')}
          data={choices(field, options, asIds(value), lang)}
          value={typeof value === 'number' ? String(value) : null}
          onChange={(v) => onChange(v === null ? null : Number(v))}
        />
      );
  }
}
