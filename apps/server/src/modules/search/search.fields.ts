import { OPTION_FIELD_TYPES } from '@brandvault/contract';
import type { FieldFilter, FieldMessageKey, FieldType } from '@brandvault/contract';
import { AppError } from '../../http/errors.js';
import type { FieldRow } from '../metadata/metadata.repo.js';
import type { FieldCond } from './search.types.js';

/** The filter keys each field type takes (besides `missing`, which any takes alone). */
const SHAPES: Record<string, readonly (keyof FieldFilter)[]> = {
  number: ['min', 'max'],
  date: ['from', 'to'],
  boolean: ['is'],
  select: ['any'],
  multi_select: ['any'],
  tree: ['any'],
};

/** The fields a search body's `fields` and `sort.field` name, checked against their types. */
export interface Resolved {
  conds: FieldCond[];
  sortField?: FieldRow;
}

/**
 * The body's field conditions and sort field as conditions on the brand's `fields`, or a 422
 * naming each wrong one by its label: unknown keys, shapes that do not fit the field's type,
 * reversed ranges, sorts by fields that are not numbers or dates. Tree nodes are widened to
 * their descendants by `descendants`.
 */
export async function resolveFields(
  fields: readonly FieldRow[],
  filters: Record<string, FieldFilter> | undefined,
  sortKey: string | undefined,
  descendants: (ids: number[]) => Promise<number[]>,
): Promise<Resolved> {
  const fieldKeys: Record<string, FieldMessageKey> = {};
  const vars: Record<string, Record<string, string>> = {};
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const conds: FieldCond[] = [];
  const fail = (path: string, key: FieldMessageKey, f?: FieldRow) => {
    fieldKeys[path] = key;
    if (f) vars[path] = { label_en: f.label_en, label_es: f.label_es };
  };
  for (const [key, filter] of Object.entries(filters ?? {})) {
    const f = byKey.get(key);
    const path = `fields.${key}`;
    if (!f) {
      fail(path, 'metaUnknownField');
      continue;
    }
    const given = (Object.keys(filter) as (keyof FieldFilter)[]).filter((k) => filter[k] !== undefined);
    if (given.length === 1 && filter.missing) {
      conds.push({ kind: 'missing', field: f.id, types: JSON.parse(f.asset_types) as string[] });
      continue;
    }
    const allowed = SHAPES[f.type] ?? [];
    if (!given.length || given.some((k) => !allowed.includes(k))) {
      fail(path, 'metaFilter', f);
      continue;
    }
    const type = f.type as FieldType;
    if (OPTION_FIELD_TYPES.includes(type)) {
      const ids = [...new Set(filter.any!)];
      const once = type !== 'multi_select' || ids.length === 1 ? { once: true as const } : {};
      conds.push({ kind: 'options', field: f.id, ids: type === 'tree' ? await descendants(ids) : ids, ...once });
    } else if (type === 'number') {
      if (filter.min !== undefined && filter.max !== undefined && filter.max < filter.min) fail(path, 'metaFilter', f);
      else conds.push({ kind: 'number', field: f.id, min: filter.min, max: filter.max });
    } else if (type === 'date') {
      if (filter.from && filter.to && filter.to < filter.from) fail(path, 'metaFilter', f);
      else conds.push({ kind: 'date', field: f.id, from: filter.from, to: filter.to });
    } else conds.push({ kind: 'boolean', field: f.id, is: filter.is! });
  }
  let sortField: FieldRow | undefined;
  if (sortKey !== undefined) {
    sortField = byKey.get(sortKey);
    if (!sortField) fail('sort.field', 'metaUnknownField');
    else if (sortField.type !== 'number' && sortField.type !== 'date') fail('sort.field', 'metaSort', sortField);
  }
  if (Object.keys(fieldKeys).length) throw new AppError('INVALID_DATA', { fieldKeys, fieldVarsByPath: vars });
  // In key order, so the same conditions keep the same answers (JSON keys of kept answers).
  return { conds: conds.sort((a, b) => a.field - b.field), sortField };
}

/**
 * The fields a search body's `columns` name, in the order asked and once each, or a 422 naming
 * every key that is not one of the brand's fields.
 */
export function resolveColumns(fields: readonly FieldRow[], keys: readonly string[] | undefined): FieldRow[] {
  if (!keys?.length) return [];
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const unknown = keys.filter((k) => !byKey.has(k));
  if (unknown.length)
    throw new AppError('INVALID_DATA', {
      fieldKeys: Object.fromEntries(unknown.map((k) => [`columns.${k}`, 'metaUnknownField' as FieldMessageKey])),
    });
  return [...new Set(keys)].map((k) => byKey.get(k)!);
}
