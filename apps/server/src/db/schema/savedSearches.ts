import type { Generated } from 'kysely';

// Saved searches and their per-person pins (2026112965_saved_searches).

/** `search_json`: an AssetSearchBody as validated when saved; booleans are 0/1. */
export interface SavedSearchesTable {
  id: Generated<number>;
  brand_id: number;
  owner_id: number;
  folder_id: number;
  name: string;
  search_json: string;
  shared_with_brand: number;
  as_collection: number;
  created_at: string;
  updated_at: string;
}

export interface SavedSearchPinsTable {
  saved_search_id: number;
  user_id: number;
  created_at: string;
}
