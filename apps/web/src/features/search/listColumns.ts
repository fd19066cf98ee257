import { useMemo } from 'react';
import { useLocalStorage } from '@mantine/hooks';
import { SEARCH_COLUMNS_MAX } from '@brandvault/contract';
import type { ColumnValue, MetadataField } from '@brandvault/contract';
import { formatDate, formatNumber } from '../../i18n/format';
import { listColumnsKey } from './viewKeys';

/** The list view's brand field columns: the brand's fields, those shown, and a way to toggle one. */
export interface ListColumns {
  available: readonly MetadataField[];
  /** The chosen fields that still exist, in the brand's field order. */
  shown: readonly MetadataField[];
  toggle: (key: string) => void;
  /** Whether this browser keeps a choice for the brand (its fields may not be known yet). */
  chosen: boolean;
}

/** The brand field columns chosen for the brand's list view, kept in this browser. */
export function useListColumns(brandId: number, fields: readonly MetadataField[] | undefined): ListColumns {
  const [keys, setKeys] = useLocalStorage<string[]>({
    key: listColumnsKey(brandId),
    defaultValue: [],
    getInitialValueInEffect: false,
  });
  const available = useMemo(() => fields ?? [], [fields]);
  // A field deleted since it was chosen is dropped: the server would refuse its key.
  const shown = useMemo(
    () => (Array.isArray(keys) ? available.filter((f) => keys.includes(f.key)) : []),
    [available, keys],
  );
  const toggle = (key: string) =>
    setKeys((old) => {
      const now = (Array.isArray(old) ? old : []).filter((k) => available.some((f) => f.key === k));
      if (now.includes(key)) return now.filter((k) => k !== key);
      return now.length < SEARCH_COLUMNS_MAX ? [...now, key] : now;
    });
  return { available, shown, toggle, chosen: Array.isArray(keys) && keys.length > 0 };
}

/**
 * A column's value as the reader's locale writes it; options come from the server already as
 * labels. Empty when the asset holds no value.
 */
export function columnText(
  field: Pick<MetadataField, 'type'>,
  value: ColumnValue | undefined,
  words: { yes: string; no: string },
): string {
  if (value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'number') return formatNumber(value);
  // A bare day is read at noon UTC so no time zone moves it to the day before.
  if (field.type === 'date') return formatDate(`${value}T12:00:00Z`);
  return value;
}
