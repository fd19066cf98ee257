import type {
  AssetType,
  FieldType,
  MetadataField,
  SystemVocabularyKey,
  Vocabulary,
  VocabularyKind,
  VocabularyOption,
} from '@brandvault/contract';
import type { Lang } from '@brandvault/contract';
import type { FieldRow } from './metadata.repo.js';
import type { OptionRow } from './options.repo.js';

export const fieldView = (r: FieldRow): MetadataField => ({
  id: r.id,
  brand_id: r.brand_id,
  key: r.key,
  type: r.type as FieldType,
  label_en: r.label_en,
  label_es: r.label_es,
  help_en: r.help_en,
  help_es: r.help_es,
  required: Boolean(r.required),
  asset_types: JSON.parse(r.asset_types) as AssetType[],
  on_share: Boolean(r.on_share),
  on_pdf: Boolean(r.on_pdf),
  is_filter: Boolean(r.is_filter),
  position: r.position,
  vocabulary_id: r.vocabulary_id,
  created_at: r.created_at,
  updated_at: r.updated_at,
});

/** A field's label in the reader's language. */
export const fieldLabelIn = (lang: Lang, f: { label_en: string; label_es: string }) =>
  lang === 'es' ? f.label_es : f.label_en;

export const vocabularyView = (
  r: {
    id: number;
    brand_id: number;
    name: string;
    kind: string;
    system_key: string | null;
    created_at: string;
    updated_at: string;
  },
  counts: { option_count?: number | string | null; field_count?: number | string | null } = {},
): Vocabulary => ({
  id: r.id,
  brand_id: r.brand_id,
  name: r.name,
  kind: r.kind as VocabularyKind,
  system: r.system_key as SystemVocabularyKey | null,
  option_count: Number(counts.option_count ?? 0),
  field_count: Number(counts.field_count ?? 0),
  created_at: r.created_at,
  updated_at: r.updated_at,
});

export const optionView = (r: OptionRow, assetCount = 0): VocabularyOption => ({
  id: r.id,
  vocabulary_id: r.vocabulary_id,
  parent_id: r.parent_id,
  label_en: r.label_en,
  label_es: r.label_es,
  position: r.position,
  depth: Math.max(0, r.path.split('/').filter(Boolean).length - 1),
  retired: r.retired_at !== null,
  asset_count: assetCount,
});

/** Options in tree order: each parent before its children, siblings by position. */
export function treeOrder(rows: readonly OptionRow[]): OptionRow[] {
  const byParent = new Map<number | null, OptionRow[]>();
  for (const r of rows) byParent.set(r.parent_id, [...(byParent.get(r.parent_id) ?? []), r]);
  const out: OptionRow[] = [];
  const walk = (parent: number | null) => {
    const kids = (byParent.get(parent) ?? []).sort((a, b) => a.position - b.position || a.id - b.id);
    for (const k of kids) {
      out.push(k);
      walk(k.id);
    }
  };
  walk(null);
  return out;
}
