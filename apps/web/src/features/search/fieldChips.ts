import type { FieldFilter } from '@brandvault/contract';
import type { TFunction } from 'i18next';
import { formatDate, formatNumber } from '../../i18n/format';

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
