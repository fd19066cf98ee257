import { TREE_PATH_SEPARATOR } from '@brandvault/contract';
import type { FieldValue, Lang, MetadataField, VocabularyOption } from '@brandvault/contract';

/** A field's label in the reader's language, the English one when the Spanish is blank. */
export const fieldLabel = (f: Pick<MetadataField, 'label_en' | 'label_es'>, lang: Lang) =>
  (lang === 'es' ? f.label_es : f.label_en) || f.label_en;

export const fieldHelp = (f: Pick<MetadataField, 'help_en' | 'help_es'>, lang: Lang) =>
  (lang === 'es' ? f.help_es : f.help_en) || f.help_en;

export const optionLabel = (o: Pick<VocabularyOption, 'label_en' | 'label_es'>, lang: Lang) =>
  (lang === 'es' ? o.label_es : o.label_en) || o.label_en;

/**
 * Each option's full path (`Region › Europe › Spain`), by id. Options come in tree order, each
 * parent before its children, so one pass suffices.
 */
export function optionPaths(options: readonly VocabularyOption[], lang: Lang): Map<number, string> {
  const paths = new Map<number, string>();
  for (const o of options) {
    const parent = o.parent_id === null ? undefined : paths.get(o.parent_id);
    const own = optionLabel(o, lang);
    paths.set(o.id, parent ? `${parent} ${TREE_PATH_SEPARATOR} ${own}` : own);
  }
  return paths;
}

/** Whether a value counts as empty (nothing to show, nothing to send). */
export const isEmptyValue = (v: FieldValue | undefined) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * A value as plain text for reading: option ids become their labels (tree fields their paths),
 * booleans yes/no, numbers and dates in the reader's format.
 */
export function valueText(
  field: MetadataField,
  value: FieldValue | undefined,
  options: readonly VocabularyOption[],
  lang: Lang,
  words: { yes: string; no: string; formatNumber: (n: number) => string; formatDay: (d: string) => string },
): string {
  if (isEmptyValue(value)) return '';
  const paths = field.type === 'tree' ? optionPaths(options, lang) : null;
  const name = (id: number) => {
    if (paths) return paths.get(id) ?? '';
    const o = options.find((x) => x.id === id);
    return o ? optionLabel(o, lang) : '';
  };
  if (Array.isArray(value)) return value.map(name).filter(Boolean).join(', ');
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'number') return field.type === 'number' ? words.formatNumber(value) : name(value);
  if (field.type === 'date') return words.formatDay(value as string);
  return String(value);
}
