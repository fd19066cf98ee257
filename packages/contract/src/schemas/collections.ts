import { z } from 'zod';
import { COLLECTION_ASSETS_MAX, COLLECTION_NAME_MAX, MAX_PER_PAGE } from '../core/constants.js';
import { AssetCard } from './assets.js';
import { IdNumber, QueryInt, Timestamp, paginated, text } from './common.js';
import { SORT_OPTIONS } from './search.js';

export const CollectionName = text().trim().min(1).max(COLLECTION_NAME_MAX);

export const CollectionAbilities = z.object({
  update: z.boolean(),
  remove: z.boolean(),
  add_assets: z.boolean(),
  remove_assets: z.boolean(),
});
export type CollectionAbilities = z.infer<typeof CollectionAbilities>;

/** A collection (§3): a name and the count of assets its owner can see now. */
export const Collection = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The owner's favourites: one per user, neither renamed nor deleted. */
  is_favorites: z.boolean(),
  /** Active assets the owner can see; removed or hidden ones are not counted. */
  asset_count: z.number().int(),
  /** Up to four thumbnails of its newest visible assets, for the card. */
  thumbnails: z.array(z.string()),
  created_at: Timestamp,
  updated_at: Timestamp,
  abilities: CollectionAbilities,
});
export type Collection = z.infer<typeof Collection>;
export const CollectionResponse = z.object({ collection: Collection });

export const CollectionListQuery = z.object({
  page: QueryInt(1, 100000).default(1),
  per_page: QueryInt(1, MAX_PER_PAGE).default(50),
  q: text().trim().max(COLLECTION_NAME_MAX).optional(),
});
export const CollectionList = paginated(Collection);
export type CollectionList = z.infer<typeof CollectionList>;

/**
 * Newest added first, or the searcher's sorts: name A–Z or Z–A, newest or oldest asset, type A–Z
 * or Z–A (then name), largest or smallest first.
 */
export const COLLECTION_SORTS = ['added', ...SORT_OPTIONS] as const;
export type CollectionSort = (typeof COLLECTION_SORTS)[number];
export const CollectionViewQuery = z.object({
  page: QueryInt(1, 100000).default(1),
  per_page: QueryInt(1, MAX_PER_PAGE).default(50),
  sort: z.enum(COLLECTION_SORTS).default('added'),
});
export const CollectionView = z.object({
  collection: Collection,
  assets: paginated(AssetCard),
});
export type CollectionView = z.infer<typeof CollectionView>;

export const CollectionNewBody = z.strictObject({
  name: CollectionName,
  /** Assets to start with (all or nothing, as adding). */
  asset_ids: z.array(IdNumber).max(COLLECTION_ASSETS_MAX).optional(),
});
export type CollectionNewBody = z.input<typeof CollectionNewBody>;
export const CollectionUpdateBody = z.strictObject({ name: CollectionName });
export type CollectionUpdateBody = z.input<typeof CollectionUpdateBody>;

export const CollectionAssetsBody = z.strictObject({
  ids: z.array(IdNumber).min(1).max(COLLECTION_ASSETS_MAX),
});
export type CollectionAssetsBody = z.input<typeof CollectionAssetsBody>;
/** How many ids were new to (or left) the collection, and its count now. */
export const CollectionAssetsResult = z.object({
  message: z.string(),
  changed: z.number().int(),
  collection: Collection,
});

export const FavoriteBody = z.strictObject({ ids: z.array(IdNumber).min(1).max(COLLECTION_ASSETS_MAX) });
/** The favourites collection's id and the visible assets in it (for the hearts). */
export const FavoriteIds = z.object({ collection_id: z.number().int(), asset_ids: z.array(z.number().int()) });
export type FavoriteIds = z.infer<typeof FavoriteIds>;

export const FolderToCollectionBody = z.strictObject({
  name: CollectionName.optional(),
  /** Take the assets of its subfolders too. */
  subfolders: z.boolean().default(false),
});
export type FolderToCollectionBody = z.input<typeof FolderToCollectionBody>;

export const CollectionDeleted = z.object({ message: z.string() });
