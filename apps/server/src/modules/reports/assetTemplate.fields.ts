import { OPTION_FIELD_TYPES, TREE_PATH_SEPARATOR } from '@brandvault/contract';
import type { FieldType, FieldValue, Lang } from '@brandvault/contract';
import { AppError } from '../../http/errors.js';
import type { FieldRow } from '../metadata/metadata.repo.js';
import type { OptionRow } from '../metadata/options.repo.js';
import { checkCarried } from '../metadata/values.carried.js';
import { valuesByKey } from '../metadata/values.check.js';
import type { ValueRow } from '../metadata/values.repo.js';
import { RowRefused, joinList, splitList } from './templateSheet.js';
import type { TemplateColumn } from './templateSheet.js';

/** Brand field columns are keyed `field:<key>`; their header ends with `[key]` in both languages. */
export const FIELD_COLUMN = 'field:';
const BRACKET = /\[([^\]]+)\]\s*$/;
/** The field key a header names (`Campaign [campaign]`), else null. */
export const bracketKey = (header: string) => BRACKET.exec(header.trim())?.[1]?.trim().toLowerCase() ?? null;

const YES = new Set(['yes', 'sí', 'si', 'true', '1', 'y', 's']);
const NO = new Set(['no', 'false', '0', 'n']);

/**
 * A brand's fields as template columns (issue 39 §3): a column per field, values as text, option
 * fields as labels in the reader's language (a tree's as paths `Region › Europe › Spain`, a multi
 * select's joined with `; `), read back in either language.
 */
export function fieldCatalog(fields: readonly FieldRow[], options: readonly OptionRow[]) {
  const byId = new Map(options.map((o) => [o.id, o]));
  const pathOf = (o: OptionRow, lang: Lang) =>
    o.path
      .split('/')
      .filter(Boolean)
      .map((id) => byId.get(Number(id)))
      .map((p) => (p ? (lang === 'es' ? p.label_es : p.label_en) : '?'))
      .join(` ${TREE_PATH_SEPARATOR} `);
  const optionText = (f: FieldRow, id: number, lang: Lang) => {
    const o = byId.get(id);
    if (!o) return '';
    return f.type === 'tree' ? pathOf(o, lang) : lang === 'es' ? o.label_es : o.label_en;
  };
  const norm = (s: string) =>
    s
      .split(TREE_PATH_SEPARATOR)
      .map((p) => p.trim().toLowerCase())
      .join(TREE_PATH_SEPARATOR);
  /** Per field, what a cell may say → option id: labels (or paths) in both languages. */
  const lookup = new Map<number, Map<string, number>>();
  for (const f of fields) {
    if (!OPTION_FIELD_TYPES.includes(f.type as FieldType)) continue;
    const m = new Map<string, number>();
    for (const o of options)
      if (o.vocabulary_id === f.vocabulary_id && o.retired_at === null)
        for (const lang of ['en', 'es'] as const) m.set(norm(optionText(f, o.id, lang)), o.id);
    lookup.set(f.id, m);
  }

  const columns: TemplateColumn[] = fields.map((f) => ({
    key: FIELD_COLUMN + f.key,
    en: `${f.label_en} [${f.key}]`,
    es: `${f.label_es} [${f.key}]`,
    width: f.type === 'long_text' ? 40 : 22,
    ...(f.type === 'select' || f.type === 'tree' ? { list: FIELD_COLUMN + f.key } : {}),
    ...(f.type === 'multi_select' ? { multi: true } : {}),
  }));

  /** The lists of the Lists sheet: each select or tree field's options, as the cells show them. */
  const lists = (lang: Lang): Record<string, string[]> =>
    Object.fromEntries(
      fields
        .filter((f) => f.type === 'select' || f.type === 'tree')
        .map((f) => [
          FIELD_COLUMN + f.key,
          options
            .filter((o) => o.vocabulary_id === f.vocabulary_id && o.retired_at === null)
            .map((o) => optionText(f, o.id, lang))
            .sort((a, b) => a.localeCompare(b)),
        ]),
    );

  /** An asset's values as the cells show them, by field key ("" where none). */
  function texts(rows: readonly ValueRow[], lang: Lang): Record<string, string> {
    const values = valuesByKey(fields, rows);
    return Object.fromEntries(fields.map((f) => [f.key, textOf(f, values[f.key] ?? null, lang)]));
  }
  function textOf(f: FieldRow, v: FieldValue, lang: Lang): string {
    if (v === null || (Array.isArray(v) && !v.length)) return '';
    if (Array.isArray(v)) return joinList(v.map((id) => optionText(f, id, lang)));
    if (OPTION_FIELD_TYPES.includes(f.type as FieldType)) return optionText(f, Number(v), lang);
    if (typeof v === 'boolean') return v ? (lang === 'es' ? 'sí' : 'yes') : 'no';
    return String(v);
  }

  /** A cell's text as a field value; throws RowRefused naming the field's label. */
  function parse(f: FieldRow, cell: string): FieldValue {
    const t = cell.trim();
    const named = { field: f.label_en, field_es: f.label_es };
    if (t === '') return null;
    const type = f.type as FieldType;
    if (OPTION_FIELD_TYPES.includes(type)) {
      const parts = type === 'multi_select' ? splitList(t) : [t];
      const ids = parts.map((p) => {
        const id = lookup.get(f.id)?.get(norm(p));
        if (id === undefined) throw new RowRefused('notInList', { ...named, value: p });
        return id;
      });
      return type === 'multi_select' ? [...new Set(ids)].sort((a, b) => a - b) : ids[0]!;
    }
    if (type === 'number') {
      const n = Number(t.replace(/\s/g, ''));
      if (!Number.isFinite(n)) throw new RowRefused('invalid', named);
      return n;
    }
    if (type === 'boolean') {
      const b = t.toLowerCase();
      if (YES.has(b)) return true;
      if (NO.has(b)) return false;
      throw new RowRefused('invalid', named);
    }
    // A date cell Excel turned into a day number reads back as that number.
    if (type === 'date' && /^\d{5}(\.\d+)?$/.test(t))
      return new Date(Date.UTC(1899, 11, 30) + Math.floor(Number(t)) * 86_400_000).toISOString().slice(0, 10);
    return t;
  }

  /**
   * A row's cells as values (only the columns the sheet has), checked with the PUT values rules
   * for this asset; answers the display texts of the values and the values themselves.
   */
  function read(
    cell: (k: string) => string | undefined,
    asset: { id: number; type: string },
    held: readonly ValueRow[],
    lang: Lang,
  ): { texts: Record<string, string>; values: Record<string, FieldValue> } {
    const values: Record<string, FieldValue> = {};
    for (const f of fields) {
      const c = cell(FIELD_COLUMN + f.key);
      if (c !== undefined) values[f.key] = parse(f, c);
    }
    const heldIds = new Map<number, Set<number>>();
    for (const r of held)
      if (r.option_id !== null) heldIds.set(r.field_id, (heldIds.get(r.field_id) ?? new Set()).add(r.option_id));
    try {
      checkCarried(fields, values, byId, { assetId: asset.id, assetType: asset.type, required: false, held: heldIds });
    } catch (err) {
      const bad = err instanceof AppError ? Object.keys(err.opts.fieldKeys ?? {})[0] : undefined;
      const f = bad ? fields.find((x) => `values.${x.key}` === bad) : undefined;
      if (f) throw new RowRefused('invalid', { field: f.label_en, field_es: f.label_es });
      throw err;
    }
    return {
      texts: Object.fromEntries(
        Object.keys(values).map((k) => [
          k,
          textOf(
            fields.find((f) => f.key === k)!,
            values[k]!,
            lang,
          ),
        ]),
      ),
      values,
    };
  }

  return { fields, columns, lists, texts, read };
}
export type FieldCatalog = ReturnType<typeof fieldCatalog>;

/** The headers of a read sheet that name a brand field (`… [key]`) the brand does not have: ignored. */
export function unknownFieldHeaders(fields: readonly FieldRow[], header: readonly string[]): string[] {
  const known = new Set(fields.map((f) => f.key.toLowerCase()));
  return header.filter((h) => {
    const k = bracketKey(h);
    return k !== null && !known.has(k);
  });
}
