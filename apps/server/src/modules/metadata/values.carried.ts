import { ASSET_TYPES, MAX_ID, OPTION_FIELD_TYPES } from '@brandvault/contract';
import type { FieldType, FieldValue } from '@brandvault/contract';
import { AppError } from '../../http/errors.js';
import type { Repos } from '../../deps/repos.js';
import type { FieldRow } from './metadata.repo.js';
import { checkValues, valuesByKey } from './values.check.js';
import type { ValueRow } from './values.repo.js';

const ALL_TYPES = JSON.stringify(ASSET_TYPES);

type Carried = Readonly<Record<string, FieldValue>>;
type MetaRepos = Pick<Repos, 'metadata' | 'options' | 'brands'>;

/**
 * Field values an upload or a sync source carries for assets not made yet (issue 39 §3), checked
 * with the same rules as PUT values. `assetType` null (not known yet): types and options only.
 * With a type, values of fields that do not apply to it are dropped, since "apply to all files of
 * this round" covers images and videos alike; `required` adds the brand's required fields.
 */
export function checkCarried(
  fields: readonly FieldRow[],
  values: Carried,
  options: Parameters<typeof checkValues>[0]['options'],
  at: {
    assetId: number;
    assetType: string | null;
    required: boolean;
    /** Option ids the asset holds now, by field: a retired one may stay. */
    held?: ReadonlyMap<number, ReadonlySet<number>>;
  },
): ValueRow[] {
  const { assetType } = at;
  const applies = (f: FieldRow) => assetType === null || (JSON.parse(f.asset_types) as string[]).includes(assetType);
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const kept = Object.fromEntries(
    Object.entries(values).filter(([k]) => {
      const f = byKey.get(k);
      return !f || applies(f);
    }),
  );
  const loose = fields.map((f) => ({
    ...f,
    required: at.required && assetType !== null ? f.required : 0,
    asset_types: assetType === null ? ALL_TYPES : f.asset_types,
  }));
  return checkValues({
    asset: { id: at.assetId, type: assetType ?? ASSET_TYPES[0] },
    fields: loose,
    values: kept,
    options,
    held: at.held ?? new Map(),
  });
}

async function optionsNamed(repos: MetaRepos, fields: readonly FieldRow[], values: Carried) {
  const ids = fields
    .filter((f) => OPTION_FIELD_TYPES.includes(f.type as FieldType))
    .flatMap((f) => [values[f.key]].flat())
    .filter((v): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= MAX_ID);
  return new Map((await repos.options.byIds([...new Set(ids)])).map((o) => [o.id, o]));
}

/** Whether the brand refuses uploads that miss a required field. */
export async function brandRequiresFields(repos: MetaRepos, brandId: number): Promise<boolean> {
  return Boolean((await repos.brands.byId(brandId))?.require_fields_on_upload);
}

/** Checks carried values before any byte or asset exists: a 422 naming each wrong field's label. */
export async function precheckCarried(
  repos: MetaRepos,
  brandId: number,
  values: Carried,
  assetType: string | null = null,
): Promise<void> {
  const fields = await repos.metadata.fieldsOfBrand(brandId);
  const required = assetType !== null && (await brandRequiresFields(repos, brandId));
  checkCarried(fields, values, await optionsNamed(repos, fields, values), { assetId: 0, assetType, required });
}

/**
 * Writes the carried values of a new asset in the transaction that creates it (nothing when
 * there are none and the brand does not require any), and answers what it wrote, by key; a wrong
 * or missing value throws the 422.
 */
export async function writeCarried(
  repos: MetaRepos & Pick<Repos, 'fieldValues'>,
  asset: { id: number; brand_id: number; type: string },
  values: Carried,
  opts: { enforceRequired?: boolean } = {},
): Promise<Record<string, FieldValue>> {
  const required = opts.enforceRequired !== false && (await brandRequiresFields(repos, asset.brand_id));
  if (!Object.keys(values).length && !required) return {};
  const fields = await repos.metadata.fieldsOfBrand(asset.brand_id);
  const rows = checkCarried(fields, values, await optionsNamed(repos, fields, values), {
    assetId: asset.id,
    assetType: asset.type,
    required,
  });
  // Claimed in id order, as values.service does, so a merge or delete of an option waits or wins first.
  const named = [...new Set(rows.flatMap((r) => (r.option_id === null ? [] : [r.option_id])))];
  for (const id of named.sort((a, b) => a - b))
    if (!(await repos.options.hold(id))) throw new AppError('OPTION_CONFLICT');
  if (!rows.length) return {};
  await repos.fieldValues.replace(asset.id, rows);
  const written = valuesByKey(fields, rows);
  return Object.fromEntries(Object.entries(written).filter(([, v]) => v !== null && !(Array.isArray(v) && !v.length)));
}
