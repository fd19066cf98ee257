// The search index and what it keeps beside it, all fed by triggers.

/**
 * One row per asset, kept in step by triggers (migration 2026112204_search): what the searcher
 * filters and sorts on. `active`: asset and folder ACTIVE; `hidden`: asset PRIVATE or under a
 * PRIVATE folder; `sort_date`: created_at; `name_lc`: the name sort key (folded name, char(1), the name; 2026112601). PostgreSQL also has `tsv`.
 */
export interface AssetSearchTable {
  asset_id: number;
  brand_id: number;
  folder_id: number;
  folder_path: string;
  active: number;
  hidden: number;
  type: string;
  ext: string;
  author: string | null;
  language: string | null;
  categories: string;
  sort_date: string;
  name_lc: string;
  /** The asset's size in bytes (the size sort; 2026112690). */
  size: number;
}

/** Live assets per folder (or brand), privacy class and facet value; fed by triggers. */
export interface FacetCountsTable {
  hidden: number;
  facet: string;
  value: string;
  n: number;
}
export interface AssetFacetsTable extends FacetCountsTable {
  folder_id: number;
}
export interface BrandFacetsTable extends FacetCountsTable {
  brand_id: number;
}
/** One row per asset and category, with what a categories filter checks (2026112403). */
export interface AssetCategoriesTable {
  asset_id: number;
  brand_id: number;
  category: string;
  active: number;
  hidden: number;
  sort_date: string;
}

/** PostgreSQL only: one row per live asset and word of its tsv (2026112404). */
export interface AssetWordsTable {
  brand_id: number;
  word: string;
  folder_path: string;
  asset_id: number;
  hidden: number;
  type: string;
  ext: string;
}

/** PostgreSQL only: every word of asset_search.tsv (2026112302). */
export interface SearchVocabularyTable {
  word: string;
}

export interface SearchGenerationsTable {
  brand_id: number;
  n: number;
}
