import { Stack } from '@mantine/core';
import type { MetadataField, VocabularyOption } from '@brandvault/contract';
import { FieldInput } from '../metadata';
import type { Values } from './rules';

/** The inputs of a brand's fields, in the brand's order. */
export function FieldsForm({
  fields,
  optionsOf,
  values,
  onChange,
  errors = {},
}: {
  fields: readonly MetadataField[];
  optionsOf: (f: MetadataField) => readonly VocabularyOption[];
  values: Values;
  onChange: (v: Values) => void;
  errors?: Record<string, string>;
}) {
  return (
    <Stack gap="xs">
      {fields.map((f) => (
        <FieldInput
          key={f.id}
          field={f}
          value={values[f.key]}
          options={optionsOf(f)}
          error={errors[`values.${f.key}`]}
          onChange={(v) => onChange({ ...values, [f.key]: v })}
        />
      ))}
    </Stack>
  );
}
