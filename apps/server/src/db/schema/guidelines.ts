import type { Generated } from 'kysely';

// Brand guidelines pages, their published versions and the assets they show (2026120205_guidelines).

/**
 * `blocks_json`: the draft's GuidelineBlocks; `title_es` and `es_json`: its Spanish title and blocks, both
 * null when it has no Spanish version;
 * `unpublished_changes`: 0/1, the draft differs from the published version.
 */
export interface GuidelinePagesTable {
  id: Generated<number>;
  brand_id: number;
  parent_id: number | null;
  kind: string;
  position: number;
  title: string;
  title_es: string | null;
  cover_asset_id: number | null;
  blocks_json: string;
  es_json: string | null;
  published_version: number | null;
  unpublished_changes: Generated<number>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface GuidelineVersionsTable {
  id: Generated<number>;
  page_id: number;
  number: number;
  title: string;
  title_es: string | null;
  cover_asset_id: number | null;
  blocks_json: string;
  es_json: string | null;
  published_by: number | null;
  published_at: string;
}

export interface GuidelineAssetsTable {
  page_id: number;
  asset_id: number;
}

/** A public link to a brand's guidelines (2026120208_guideline_links): `allow_download` 0/1. */
export interface GuidelineLinksTable {
  id: Generated<number>;
  brand_id: number;
  owner_id: number;
  token_hash: string;
  token_enc: string;
  password_hash: string | null;
  allow_download: Generated<number>;
  expires_at: string | null;
  revoked_at: string | null;
  views: Generated<number>;
  created_at: string;
  updated_at: string;
}
