import type { Generated } from 'kysely';

// A brand's own metadata (2026112940_metadata): vocabularies, their options, fields and values.

export interface VocabulariesTable {
  id: Generated<number>;
  brand_id: number;
  name: string;
  /** 'list' | 'tree' */
  kind: string;
  created_at: string;
  updated_at: string;
}

/** `path`: the ids from the top down to this option, `/12/40/`; `retired_at` set: kept, not offered. */
export interface VocabularyOptionsTable {
  id: Generated<number>;
  vocabulary_id: number;
  parent_id: number | null;
  label_en: string;
  label_es: string;
  position: number;
  retired_at: string | null;
  path: string;
  created_at: string;
  updated_at: string;
}

/** Booleans are 0/1; `asset_types` a JSON array of asset types. */
export interface MetadataFieldsTable {
  id: Generated<number>;
  brand_id: number;
  key: string;
  type: string;
  label_en: string;
  label_es: string;
  help_en: string;
  help_es: string;
  required: number;
  asset_types: string;
  on_share: number;
  on_pdf: number;
  is_filter: number;
  position: number;
  vocabulary_id: number | null;
  created_at: string;
  updated_at: string;
}

/** One value of a field on an asset: one of the value columns is set, as the field's type says. */
export interface AssetFieldValuesTable {
  asset_id: number;
  field_id: number;
  option_id: number | null;
  value_text: string | null;
  value_number: number | null;
  value_date: string | null;
  value_bool: number | null;
}

/** Which brand field an embedded source fills at ingest (issue 39 §4). */
export interface EmbedMappingsTable {
  brand_id: number;
  source: string;
  field_id: number;
}
