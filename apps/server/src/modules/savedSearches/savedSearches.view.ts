import { AssetSearchBody } from '@brandvault/contract';
import type { SavedSearch } from '@brandvault/contract';
import type { z } from 'zod';
import type { Actor } from '../../access/principal.js';
import type { SavedSearchRow } from './savedSearches.repo.js';
import { savedSearchesPolicy } from './savedSearches.policy.js';

/** The stored search validated again: null when the searcher's rules no longer accept it. */
export function storedSearch(json: string): z.output<typeof AssetSearchBody> | null {
  try {
    const r = AssetSearchBody.safeParse(JSON.parse(json));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

export const savedSearchView = (actor: Actor, r: SavedSearchRow): SavedSearch => ({
  id: r.id,
  brand_id: r.brand_id,
  brand_name: r.brand_name,
  folder_id: r.folder_id,
  name: r.name,
  search: storedSearch(r.search_json),
  owner: { id: r.owner_id, name: `${r.owner_first_name} ${r.owner_last_name}`.trim() },
  mine: r.owner_id === actor.user.id,
  pinned: r.pinned_by !== null,
  shared_with_brand: !!r.shared_with_brand,
  as_collection: !!r.as_collection,
  created_at: r.created_at,
  updated_at: r.updated_at,
  abilities: savedSearchesPolicy.abilities(actor, r),
});
