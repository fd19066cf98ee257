import { Select } from '@mantine/core';
import type { ComboboxItem, OptionsFilter } from '@mantine/core';
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BrandWord } from './api';

/** Lower case without accents, so "minimo" finds "Mínimo". */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * One of the brand's options (the visual language) picked from its list, named in the reader's
 * language and found by either language's name. The English label is what the asset keeps, as
 * the server spells it; a value the list no longer offers stays shown until it is changed.
 */
export function WordSelect({
  label,
  name,
  disabled,
  words,
  value,
  onChange,
  error,
  onFocus,
  onBlur,
}: {
  label: string;
  name: string;
  disabled: boolean;
  words: BrandWord[];
  value?: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  onFocus?: () => void;
  onBlur?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const es = i18n.language.startsWith('es');
  const { data, found } = useMemo(() => {
    const items: ComboboxItem[] = words.map((w) => ({ value: w.en, label: es ? w.es || w.en : w.en }));
    if (value && !words.some((w) => w.en === value)) items.unshift({ value, label: value });
    const found = new Map(
      items.map((i) => {
        const w = words.find((x) => x.en === i.value);
        return [i.value, fold(w ? `${w.en} ${w.es}` : i.label)];
      }),
    );
    return { data: items, found };
  }, [words, value, es]);
  const filter: OptionsFilter = ({ options, search }) => {
    const s = fold(search.trim());
    return s ? (options as ComboboxItem[]).filter((o) => found.get(o.value)?.includes(s)) : options;
  };
  return (
    <Select
      label={label}
      name={name}
      disabled={disabled}
      searchable
      clearable
      data={data}
      filter={filter}
      limit={50}
      nothingFoundMessage={t('assets.noOption')}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      error={error}
      onFocus={onFocus}
      onBlur={onBlur}
    />
  );
}
