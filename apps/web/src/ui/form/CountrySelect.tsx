import { Select } from '@mantine/core';
import type { ComboboxItem, OptionsFilter } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useMemo } from 'react';
import { COUNTRY_CODES } from '@brandvault/contract';
import type { Lang } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../i18n';

const namers = new Map<Lang, Intl.DisplayNames>();
function countryName(code: string, lang: Lang): string {
  let n = namers.get(lang);
  if (!n) namers.set(lang, (n = new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' })));
  try {
    return n.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Lower case without accents, so "espana" finds "España". */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The country code a stored value stands for: a code itself, or a country's English or Spanish
 * name typed before the field was a list ("Spain", "españa"); null when it names no country.
 */
export function countryCodeOf(value: string | null | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  if ((COUNTRY_CODES as readonly string[]).includes(v.toUpperCase())) return v.toUpperCase();
  const f = fold(v);
  return COUNTRY_CODES.find((c) => fold(countryName(c, 'en')) === f || fold(countryName(c, 'es')) === f) ?? null;
}

/** The value a form starts with: the country's code when the stored text names one, else the text. */
export const initialCountry = (stored: string | null | undefined) => countryCodeOf(stored) ?? stored ?? '';

/**
 * A person's country, picked from the ISO list by its name in the reader's language; typing its
 * name in English or Spanish finds it either way. The code is what is kept.
 */
export function CountrySelect({ input }: { input: GetInputPropsReturnType }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const value = typeof input.value === 'string' ? input.value : '';
  const { data, words } = useMemo(() => {
    const items: ComboboxItem[] = COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code, lang) })).sort(
      (a, b) => a.label.localeCompare(b.label, lang),
    );
    // A value typed before the list existed stays shown until it is changed.
    if (value && !(COUNTRY_CODES as readonly string[]).includes(value)) items.unshift({ value, label: value });
    const words = new Map(
      items.map((i) => [i.value, fold(`${i.label} ${countryName(i.value, lang === 'es' ? 'en' : 'es')} ${i.value}`)]),
    );
    return { data: items, words };
  }, [lang, value]);
  const filter: OptionsFilter = ({ options, search }) => {
    const s = fold(search.trim());
    if (!s) return options;
    return (options as ComboboxItem[]).filter((o) => words.get(o.value)?.includes(s));
  };
  return (
    <Select
      label={t('fields.country')}
      name="country"
      autoComplete="country-name"
      searchable
      clearable
      data={data}
      filter={filter}
      limit={300}
      nothingFoundMessage={t('fields.noCountry')}
      {...input}
      value={value || null}
      onChange={(v) => input.onChange(v ?? '')}
    />
  );
}
