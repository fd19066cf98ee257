import type { FieldFilter, Lang, MetadataField, VocabularyOption } from '@brandvault/contract';
import type { TFunction } from 'i18next';
import { formatDate, formatNumber } from '../../i18n/format';
import { fieldLabel, optionLabel, optionPaths } from '../metadata';

/** What a field filter asks for, in words: "missing", "2 chosen", "10 – 500", "yes". */
export function fieldChipText(f: FieldFilter, t: TFunction): string {
  if (f.missing) return t('fieldSearch.missing');
  if (f.any) return t('fieldSearch.chosen', { count: f.any.length });
  if (f.is !== undefined) return t(f.is ? 'fieldSearch.yes' : 'fieldSearch.no');
  const day = (d: string | undefined) => (d ? formatDate(`${d}T00:00:00`) : '…');
  if (f.from !== undefined || f.to !== undefined) return `${day(f.from)} – ${day(f.to)}`;
  const num = (n: number | undefined) => (n === undefined ? '…' : formatNumber(n));
  return `${num(f.min)} – ${num(f.max)}`;
}

export interface FieldChip {
  key: string;
  label: string;
  /** The field's filter once the chip is removed (undefined: no filter on the field). */
  next: FieldFilter | undefined;
}

/**
 * The chips of one field's filter. Chosen options get a chip each, named in the reader's language
 * (a tree option by its whole path, as the inputs show it); until the options are known, or for
 * other conditions, one chip says what the filter asks for.
 */
export function fieldChips(
  key: string,
  filter: FieldFilter,
  field: MetadataField | undefined,
  options: readonly VocabularyOption[] | undefined,
  lang: Lang,
  t: TFunction,
): FieldChip[] {
  const name = field ? fieldLabel(field, lang) : key;
  const whole = [{ key: `mf:${key}`, label: `${name}: ${fieldChipText(filter, t)}`, next: undefined }];
  if (!filter.any || !options) return whole;
  const paths = field?.type === 'tree' ? optionPaths(options, lang) : null;
  const labelOfId = (id: number) => {
    if (paths) return paths.get(id);
    const o = options.find((x) => x.id === id);
    return o && optionLabel(o, lang);
  };
  const labels = filter.any.map(labelOfId);
  if (labels.some((l) => !l)) return whole;
  return filter.any.map((id, i) => ({
    key: `mf:${key}:${id}`,
    label: `${name}: ${labels[i]}`,
    next: { ...filter, any: filter.any!.filter((x) => x !== id) },
  }));
}
