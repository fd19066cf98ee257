/** A form's date field as DateField takes it: 'YYYY-MM-DD' or '' for none, with its error. */
export function dateProps<K extends string>(
  form: {
    values: Record<K, unknown>;
    errors: Record<string, unknown>;
    setFieldValue: (key: K, value: string) => void;
  },
  key: K,
) {
  return {
    value: String(form.values[key] ?? ''),
    onChange: (v: string) => form.setFieldValue(key, v),
    error: form.errors[key] as string | undefined,
  };
}
