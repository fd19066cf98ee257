import { EMBED_SOURCE_TYPES, FIELD_LONG_TEXT_MAX, FIELD_TEXT_MAX, OPTION_LABEL_MAX } from '@brandvault/contract';
import type { EmbedSource, FieldType } from '@brandvault/contract';
import type { Repos } from '../../../deps/repos.js';
import type { Embedded } from '../../../media/index.js';
import type { Unit } from '../../../unitOfWork/unitOfWork.js';
import type { AssetFieldValuesTable } from '../../../db/schema.js';
import { AppError } from '../../../http/errors.js';
import { assetTarget } from '../../audit/audit.trail.js';

type ValueRow = AssetFieldValuesTable;
type Field = Awaited<ReturnType<Repos['metadata']['fieldsOfBrand']>>[number];

const blank = (assetId: number, fieldId: number): ValueRow => ({
  asset_id: assetId,
  field_id: fieldId,
  option_id: null,
  value_text: null,
  value_number: null,
  value_date: null,
  value_bool: null,
});

/**
 * The option with this label under `parentId`, made when the vocabulary lacks it. Two uploads
 * carrying the same new label may both try to make it: the second inserts nothing (PostgreSQL
 * waits for the first to commit) and re-reads the winner, so both point at one option.
 */
async function optionFor(repos: Repos, vocabularyId: number, parentId: number | null, raw: string, at: string) {
  const label = raw.trim().slice(0, OPTION_LABEL_MAX);
  const found = await repos.embedMappings.optionByLabel(vocabularyId, parentId, label);
  if (found) return found;
  const made = await repos.options.insertUnlessTaken({
    vocabulary_id: vocabularyId,
    parent_id: parentId,
    label_en: label,
    label_es: label,
    at,
  });
  const winner = made ?? (await repos.embedMappings.optionByLabel(vocabularyId, parentId, label));
  // Made and then merged away before this read: the upload is retried, never a 500.
  if (!winner) throw new AppError('OPTION_CONFLICT');
  return winner;
}

/** The rows one mapped source makes for a field; none when the file has nothing for it. */
async function rowsFor(
  repos: Repos,
  assetId: number,
  f: Field,
  source: EmbedSource,
  file: { keywords: string[]; embedded: Embedded },
  at: string,
): Promise<ValueRow[]> {
  const row = blank(assetId, f.id);
  const type = f.type as FieldType;
  if (!EMBED_SOURCE_TYPES[source].includes(type)) return [];
  if (source === 'keywords') {
    if (!file.keywords.length) return [];
    if (type === 'multi_select' && f.vocabulary_id !== null) {
      const ids = new Set<number>();
      for (const k of file.keywords) ids.add((await optionFor(repos, f.vocabulary_id, null, k, at)).id);
      return [...ids].map((id) => ({ ...row, option_id: id }));
    }
    const max = type === 'long_text' ? FIELD_LONG_TEXT_MAX : FIELD_TEXT_MAX;
    return [{ ...row, value_text: file.keywords.join(', ').slice(0, max) }];
  }
  if (source === 'hierarchical_subject') {
    const paths = file.embedded.hierarchical_subject ?? [];
    if (!paths.length || f.vocabulary_id === null) return [];
    // Every path's nodes join the tree; a tree field holds one option, the first path's leaf.
    const leaves: number[] = [];
    for (const p of paths) {
      let parent: number | null = null;
      for (const label of p.split('|')) parent = (await optionFor(repos, f.vocabulary_id, parent, label, at)).id;
      if (parent !== null) leaves.push(parent);
    }
    return leaves.length ? [{ ...row, option_id: leaves[0]! }] : [];
  }
  if (source === 'date_created') {
    const d = file.embedded.date_created;
    return d ? [{ ...row, value_date: d }] : [];
  }
  const v = file.embedded[source];
  if (!v) return [];
  // Single-line fields take one line; a long text keeps the caption's own.
  const value =
    type === 'long_text' ? v.slice(0, FIELD_LONG_TEXT_MAX) : v.replace(/\s+/g, ' ').slice(0, FIELD_TEXT_MAX);
  return [{ ...row, value_text: value }];
}

/**
 * Fills the brand's mapped fields from what the file carries (issue 39 §4), in the upload's
 * unit of work and audited as the uploader; fields the file says nothing for keep their values.
 */
export async function applyEmbedded(
  u: Unit<Repos>,
  asset: { id: number; brand_id: number; type: string; name: string },
  file: { keywords: string[]; embedded?: Embedded | undefined },
  at: string,
): Promise<void> {
  const mapping = await u.repos.embedMappings.ofBrand(asset.brand_id);
  if (!mapping.length) return;
  const fields = new Map((await u.repos.metadata.fieldsOfBrand(asset.brand_id)).map((f) => [f.id, f]));
  const before = await u.repos.fieldValues.ofAsset(asset.id);
  const filled = new Map<number, ValueRow[]>();
  for (const m of mapping) {
    const f = fields.get(m.field_id);
    if (!f || !(JSON.parse(f.asset_types) as string[]).includes(asset.type)) continue;
    const rows = await rowsFor(
      u.repos,
      asset.id,
      f,
      m.source as EmbedSource,
      { keywords: file.keywords, embedded: file.embedded ?? {} },
      at,
    );
    if (rows.length) filled.set(f.id, rows);
  }
  if (!filled.size) return;
  const kept = before.filter((r) => !filled.has(r.field_id));
  await u.repos.fieldValues.replace(asset.id, [...kept, ...[...filled.values()].flat()]);
  const shown = (rows: ValueRow[]) =>
    rows.map((r) => r.option_id ?? r.value_text ?? r.value_date).filter((x) => x !== null);
  const changes = Object.fromEntries(
    [...filled].map(([id, rows]) => [
      fields.get(id)!.key,
      { before: shown(before.filter((r) => r.field_id === id)), after: shown(rows) },
    ]),
  );
  await u.audit({ event: 'asset.fields', target: assetTarget(asset), changes, info: { source: 'embedded' } });
}
