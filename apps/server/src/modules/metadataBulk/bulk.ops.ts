import { MAX_ID, OPTION_FIELD_TYPES } from '@brandvault/contract';
import type { BulkOp, FieldMessageKey, FieldType, FieldValue } from '@brandvault/contract';
import { AppError } from '../../http/errors.js';
import type { FieldRow } from '../metadata/metadata.repo.js';
import type { OptionRow } from '../metadata/options.repo.js';
import type { ValueRow } from '../metadata/values.repo.js';
import { checkValues, valuesByKey } from '../metadata/values.check.js';

/** One field's checked operation: the rows `set` writes (asset id 0), or the options added or removed. */
export interface FieldPlan {
  field: FieldRow;
  op: BulkOp['op'];
  rows: ValueRow[];
  options: number[];
}

const typesOf = (f: FieldRow) => JSON.parse(f.asset_types) as string[];

/**
 * The option ids the operations name (to be read, then checked with the fields). A `set` of a
 * number field names a number too: past MAX_ID it cannot be an id, and PostgreSQL would fail
 * comparing it with one.
 */
export const optionIdsOf = (ops: Readonly<Record<string, BulkOp>>) =>
  [
    ...new Set(
      Object.values(ops).flatMap((o) =>
        o.op === 'add' || o.op === 'remove' ? o.values : o.op === 'set' ? [o.value].flat() : [],
      ),
    ),
  ].filter((v): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= MAX_ID);

/**
 * Checks every operation as PUT /fields checks a value (the same messages, naming the field's
 * label), and a 422 naming every wrong one; nothing is written unless all are right.
 */
export function planOps(
  fields: readonly FieldRow[],
  ops: Readonly<Record<string, BulkOp>>,
  options: ReadonlyMap<number, OptionRow>,
): FieldPlan[] {
  const fieldKeys: Record<string, FieldMessageKey> = {};
  const vars: Record<string, Record<string, string | number>> = {};
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const plans: FieldPlan[] = [];
  for (const [key, op] of Object.entries(ops)) {
    const path = `ops.${key}`;
    const f = byKey.get(key);
    if (!f) {
      fieldKeys[path] = 'metaUnknownField';
      continue;
    }
    const fail = (k: FieldMessageKey, extra: Record<string, string | number> = {}) => {
      fieldKeys[path] = k;
      vars[path] = { label_en: f.label_en, label_es: f.label_es, ...extra };
    };
    const type = f.type as FieldType;
    if ((op.op === 'add' && type !== 'multi_select') || (op.op === 'remove' && !OPTION_FIELD_TYPES.includes(type))) {
      fail('metaBulkOp');
      continue;
    }
    if (op.op === 'remove') {
      plans.push({ field: f, op: op.op, rows: [], options: [...new Set(op.values)] });
      continue;
    }
    // Checked as one asset of a type the field applies to: the set value's rows, or the added options.
    const value: FieldValue = op.op === 'set' ? op.value : op.op === 'add' ? op.values : null;
    try {
      const rows = checkValues({
        asset: { id: 0, type: typesOf(f)[0] ?? '' },
        fields: [f],
        values: { [key]: value },
        options,
        held: new Map(),
      });
      plans.push({ field: f, op: op.op, rows, options: rows.flatMap((r) => (r.option_id ? [r.option_id] : [])) });
    } catch (err) {
      if (!(err instanceof AppError) || !err.opts.fieldKeys) throw err;
      const k = Object.values(err.opts.fieldKeys)[0]!;
      fail(k, Object.values(err.opts.fieldVarsByPath ?? {})[0] ?? {});
    }
  }
  if (Object.keys(fieldKeys).length) throw new AppError('INVALID_DATA', { fieldKeys, fieldVarsByPath: vars });
  return plans;
}

/** The same values, whatever order their rows come in. */
const sameRows = (a: readonly ValueRow[], b: readonly ValueRow[]) => {
  const key = (r: ValueRow) =>
    JSON.stringify([r.option_id, r.value_text, r.value_number, r.value_date, r.value_bool ? 1 : r.value_bool]);
  return JSON.stringify(a.map(key).sort()) === JSON.stringify(b.map(key).sort());
};

/**
 * A field's rows after the operation on one asset, or null when the asset keeps what it holds:
 * the field does not apply to its type, the values are the same, or a required field would be
 * left empty by a removal.
 */
export function applyPlan(plan: FieldPlan, asset: { id: number; type: string }, now: readonly ValueRow[]) {
  const { field: f } = plan;
  if (!typesOf(f).includes(asset.type)) return null;
  let next: ValueRow[];
  if (plan.op === 'set') next = plan.rows.map((r) => ({ ...r, asset_id: asset.id }));
  else if (plan.op === 'clear') next = [];
  else if (plan.op === 'remove') next = now.filter((r) => r.option_id === null || !plan.options.includes(r.option_id));
  else {
    const held = new Set(now.map((r) => r.option_id));
    const added = plan.rows.filter((r) => !held.has(r.option_id)).map((r) => ({ ...r, asset_id: asset.id }));
    next = [...now, ...added];
  }
  if (next.length === 0 && f.required) return null;
  return sameRows(now, next) ? null : next;
}

/** One field's rows as stored for the undo: `[option, text, number, date, bool]` each. */
export const packRows = (rows: readonly ValueRow[]) =>
  JSON.stringify(rows.map((r) => [r.option_id, r.value_text, r.value_number, r.value_date, r.value_bool]));

export function unpackRows(assetId: number, fieldId: number, packed: string): ValueRow[] {
  const tuples = JSON.parse(packed) as [number | null, string | null, number | null, string | null, number | null][];
  return tuples.map(([option_id, value_text, value_number, value_date, value_bool]) => ({
    asset_id: assetId,
    field_id: fieldId,
    option_id,
    value_text,
    value_number,
    value_date,
    value_bool,
  }));
}

/** A field's value as the audit log and the asset page show it. */
export const shown = (f: FieldRow, rows: readonly ValueRow[]) => valuesByKey([f], rows)[f.key] ?? null;
