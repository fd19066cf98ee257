import { FIELD_LONG_TEXT_MAX, FIELD_TEXT_MAX, OPTION_FIELD_TYPES } from '@brandvault/contract';
import type { FieldMessageKey, FieldType, FieldValue } from '@brandvault/contract';
import { AppError } from '../../http/errors.js';
import type { FieldRow } from './metadata.repo.js';
import type { OptionRow } from './options.repo.js';
import type { ValueRow } from './values.repo.js';

/** The largest number a number field holds (beyond it, doubles stop counting exactly). */
const NUMBER_MAX = 1e15;
const URL_MAX = 2048;

const empty = (v: FieldValue | undefined) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

const isDate = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

const isUrl = (v: string) => {
  if (v.length > URL_MAX) return false;
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && Boolean(u.hostname);
  } catch {
    return false;
  }
};

const blank = (assetId: number, fieldId: number): ValueRow => ({
  asset_id: assetId,
  field_id: fieldId,
  option_id: null,
  value_text: null,
  value_number: null,
  value_date: null,
  value_bool: null,
});

export interface CheckInput {
  asset: { id: number; type: string };
  fields: readonly FieldRow[];
  values: Readonly<Record<string, FieldValue>>;
  /** The options the values name, by id. */
  options: ReadonlyMap<number, OptionRow>;
  /** Option ids the asset holds now, by field: a retired one may stay where it is. */
  held: ReadonlyMap<number, ReadonlySet<number>>;
}

/**
 * The rows an asset's new values make, or a 422 naming every wrong field with its own label
 * (nothing is written): values not of the field's type, options outside its vocabulary or
 * retired, fields of another brand or not for this type of asset, required ones left empty.
 */
export function checkValues({ asset, fields, values, options, held }: CheckInput): ValueRow[] {
  const fieldKeys: Record<string, FieldMessageKey> = {};
  const vars: Record<string, Record<string, string | number>> = {};
  const byKey = new Map(fields.map((f) => [f.key, f]));
  for (const key of Object.keys(values)) if (!byKey.has(key)) fieldKeys[`values.${key}`] = 'metaUnknownField';
  const rows: ValueRow[] = [];
  for (const f of fields) {
    const path = `values.${f.key}`;
    const fail = (k: FieldMessageKey, extra: Record<string, number> = {}) => {
      fieldKeys[path] = k;
      vars[path] = { label_en: f.label_en, label_es: f.label_es, ...extra };
    };
    const v = values[f.key];
    const applies = (JSON.parse(f.asset_types) as string[]).includes(asset.type);
    if (empty(v)) {
      if (f.required && applies) fail('metaRequired');
      continue;
    }
    if (!applies) {
      fail('metaAssetType');
      continue;
    }
    const type = f.type as FieldType;
    const row = blank(asset.id, f.id);
    if (OPTION_FIELD_TYPES.includes(type)) {
      const ids = type === 'multi_select' ? v : [v];
      if (!Array.isArray(ids) || (type !== 'multi_select' && Array.isArray(v))) {
        fail('metaOption');
        continue;
      }
      const unique = [...new Set(ids)];
      const ok = unique.every((id) => {
        const o = typeof id === 'number' ? options.get(id) : undefined;
        return o && o.vocabulary_id === f.vocabulary_id && (o.retired_at === null || held.get(f.id)?.has(o.id));
      });
      if (!ok) fail('metaOption');
      else for (const id of unique) rows.push({ ...row, option_id: id as number });
      continue;
    }
    if (type === 'number') {
      if (typeof v !== 'number' || !Number.isFinite(v) || Math.abs(v) > NUMBER_MAX) fail('metaNumber');
      else rows.push({ ...row, value_number: v });
    } else if (type === 'boolean') {
      if (typeof v !== 'boolean') fail('metaBoolean');
      else rows.push({ ...row, value_bool: v ? 1 : 0 });
    } else if (type === 'date') {
      if (typeof v !== 'string' || !isDate(v.trim())) fail('metaDate');
      else rows.push({ ...row, value_date: v.trim() });
    } else if (type === 'url') {
      if (typeof v !== 'string' || !isUrl(v.trim())) fail('metaUrl');
      else rows.push({ ...row, value_text: v.trim() });
    } else {
      const max = type === 'long_text' ? FIELD_LONG_TEXT_MAX : FIELD_TEXT_MAX;
      // eslint-disable-next-line no-control-regex
      const control = type === 'long_text' ? /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/ : /[\u0000-\u001f\u007f]/;
      if (typeof v !== 'string' || v.length > max || control.test(v)) fail('metaText', { n: max });
      else rows.push({ ...row, value_text: type === 'long_text' ? v : v.trim() });
    }
  }
  if (Object.keys(fieldKeys).length) throw new AppError('INVALID_DATA', { fieldKeys, fieldVarsByPath: vars });
  return rows;
}

/** The values an asset holds, by field key (null where none). */
export function valuesByKey(fields: readonly FieldRow[], rows: readonly ValueRow[]): Record<string, FieldValue> {
  const out: Record<string, FieldValue> = {};
  for (const f of fields) {
    const mine = rows.filter((r) => r.field_id === f.id);
    const type = f.type as FieldType;
    const first = mine[0];
    if (type === 'multi_select') out[f.key] = mine.map((r) => r.option_id!).sort((a, b) => a - b);
    else if (!first) out[f.key] = null;
    else if (type === 'select' || type === 'tree') out[f.key] = first.option_id;
    else if (type === 'number') out[f.key] = first.value_number === null ? null : Number(first.value_number);
    else if (type === 'boolean') out[f.key] = first.value_bool === null ? null : Boolean(first.value_bool);
    else if (type === 'date') out[f.key] = first.value_date;
    else out[f.key] = first.value_text;
  }
  return out;
}
