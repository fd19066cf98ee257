import { Suspense, lazy } from 'react';
import { TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

// The country list (Mantine's Select with its popover, about 40 kB) loads only with a form that asks for it.
const CountrySelect = lazy(() => import('./form/CountrySelect').then((m) => ({ default: m.CountrySelect })));

/** How each person field is typed and auto-filled; the label comes from `fields.<name>`. */
const FIELDS = {
  first_name: { autoComplete: 'given-name', required: true },
  last_name: { autoComplete: 'family-name', required: true },
  email: { type: 'email', autoComplete: 'email', required: true },
  company: { autoComplete: 'organization' },
  position: { autoComplete: 'organization-title' },
  country: { autoComplete: 'country-name' },
  phone: { type: 'tel', autoComplete: 'tel' },
} as const satisfies Record<string, { type?: string; autoComplete: string; required?: boolean }>;
export type PersonFieldName = keyof typeof FIELDS;

/** One field of a person (sign-in, sign-up, profile), the same everywhere it appears. */
export function PersonField({ field, input }: { field: PersonFieldName; input: GetInputPropsReturnType }) {
  const { t } = useTranslation();
  const spec: { type?: string; autoComplete: string; required?: boolean } = FIELDS[field];
  // A country is picked from a list, never typed free (issue 44 §4).
  if (field === 'country')
    return (
      <Suspense fallback={<TextInput label={t('fields.country')} disabled />}>
        <CountrySelect input={input} />
      </Suspense>
    );
  return (
    <TextInput
      label={t(`fields.${field}`)}
      name={field}
      type={spec.type}
      autoComplete={spec.autoComplete}
      required={spec.required}
      {...input}
    />
  );
}
