import { z } from 'zod';
import { Id, IdNumber, QueryInt, Timestamp, text } from './common.js';
import { AssetSearchBody } from './search.js';

/**
 * Saved searches (issue 39 §6): a search with its filters, kept by name per person and brand,
 * pinned by whoever sees it, shared with the brand by a manager, and shown as a smart collection
 * whose content follows the query. The search is stored as `AssetSearchBody` validated it, and
 * validated again on every read, so a later change of the searcher's filters never runs stale JSON.
 */
export const SAVED_SEARCH_NAME_MAX = 80;
const Name = text().trim().min(1).max(SAVED_SEARCH_NAME_MAX);

export const SavedSearchBody = z.strictObject({
  name: Name,
  /** The folder searched (with its subfolders when `search.recursive`); the brand's root: the whole brand. */
  folder_id: Id,
  search: AssetSearchBody,
  pinned: z.boolean().default(false),
  as_collection: z.boolean().default(false),
});
export type SavedSearchBody = z.input<typeof SavedSearchBody>;

export const SavedSearchUpdate = z
  .strictObject({
    name: Name.optional(),
    folder_id: Id.optional(),
    search: AssetSearchBody.optional(),
    as_collection: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to change', path: ['name'] });
export type SavedSearchUpdate = z.input<typeof SavedSearchUpdate>;

export const SavedSearchPin = z.strictObject({ pinned: z.boolean() });
export const SavedSearchShare = z.strictObject({ shared: z.boolean() });

export const SavedSearchListQuery = z.object({
  /** Only this brand's saved searches; without it, every brand the caller sees. */
  brand_id: QueryInt(1, 2_147_483_647).optional(),
  /** Only the ones shown as smart collections. */
  collections: z.enum(['true', 'false']).optional(),
});

export const SavedSearchAbilities = z.object({ update: z.boolean(), share: z.boolean(), remove: z.boolean() });
export type SavedSearchAbilities = z.infer<typeof SavedSearchAbilities>;

export const SavedSearch = z.object({
  id: IdNumber,
  brand_id: IdNumber,
  brand_name: z.string(),
  folder_id: IdNumber,
  name: z.string(),
  /** null when the stored search no longer passes the searcher's rules (it cannot be run). */
  search: AssetSearchBody.nullable(),
  owner: z.object({ id: IdNumber, name: z.string() }),
  mine: z.boolean(),
  pinned: z.boolean(),
  shared_with_brand: z.boolean(),
  as_collection: z.boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
  abilities: SavedSearchAbilities,
});
export type SavedSearch = z.infer<typeof SavedSearch>;

/** Pinned first, then the caller's own, then the brand's shared ones; by name within each. */
export const SavedSearchList = z.object({
  items: z.array(SavedSearch),
  /** Whether the caller may share searches with their brands (metadata.manage). */
  can_share: z.boolean(),
});
export type SavedSearchList = z.infer<typeof SavedSearchList>;
