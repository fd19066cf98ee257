import type { Collection } from '@brandvault/contract';
import type { MediaUrl } from '../../lib/mediaUrl.js';
import type { Principal } from '../../access/principal.js';
import { collectionsPolicy } from './collections.policy.js';
import type { CollectionRow } from './collections.repo.js';

export function collectionCard(
  principal: Principal,
  row: CollectionRow,
  count: number,
  thumbs: string[],
  media: MediaUrl,
): Collection {
  return {
    id: row.id,
    name: row.name,
    is_favorites: row.favorite_of !== null,
    asset_count: count,
    thumbnails: thumbs.map((k) => media(k)).filter((u): u is string => !!u),
    created_at: row.created_at,
    updated_at: row.updated_at,
    abilities: collectionsPolicy.abilities(principal, row),
  };
}
