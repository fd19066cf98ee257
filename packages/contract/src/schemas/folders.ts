import { z } from 'zod';
import { FOLDER_NAME_MAX, VISIBILITIES } from '../core/constants.js';
import { Id, IdNumber, PageQuery, StatusSchema as Status, Timestamp, paginated, text } from './common.js';

export const VisibilitySchema = z.enum(VISIBILITIES);
export const FolderName = text().trim().min(1).max(FOLDER_NAME_MAX);

export const Crumb = z.object({ id: z.number().int(), name: z.string() });
export type Crumb = z.infer<typeof Crumb>;

export const FolderAbilities = z.object({
  update: z.boolean(),
  move: z.boolean(),
  remove: z.boolean(),
  create_folder: z.boolean(),
  upload: z.boolean(),
});

export const FolderCard = z.object({
  id: z.number().int(),
  brand_id: z.number().int(),
  parent_id: z.number().int().nullable(),
  name: z.string(),
  visibility: VisibilitySchema,
  image_uri: z.string().nullable(),
  is_root: z.boolean(),
  updated_at: Timestamp,
  abilities: FolderAbilities,
});
export type FolderCard = z.infer<typeof FolderCard>;

/**
 * A subfolder as the folder view lists it: its card, the ACTIVE assets under it (subfolders
 * included) that the caller sees, and the thumbnails of the latest of them (up to 4, newest first),
 * for a folder card without an image of its own.
 */
export const FolderChild = FolderCard.extend({
  asset_count: z.number().int(),
  mosaic: z.array(z.string()).max(4),
});
export type FolderChild = z.infer<typeof FolderChild>;

export const Folder = FolderCard.extend({
  status: Status,
  created_at: Timestamp,
  /** From the brand's root to this folder, inclusive. */
  breadcrumbs: z.array(Crumb),
  children: z.array(FolderChild),
});
export type Folder = z.infer<typeof Folder>;
export const FolderResponse = z.object({ folder: Folder });

export interface FolderNode {
  id: number;
  parent_id: number | null;
  name: string;
  visibility: 'PUBLIC' | 'PRIVATE';
  children: FolderNode[];
}
// Named, so the API docs show the recursive tree as one schema (components/schemas/FolderNode).
export const FolderNode: z.ZodType<FolderNode> = z
  .lazy(() =>
    z.object({
      id: z.number().int(),
      parent_id: z.number().int().nullable(),
      name: z.string(),
      visibility: VisibilitySchema,
      children: z.array(FolderNode),
    }),
  )
  .meta({ id: 'FolderNode' });

export const FolderTreeQuery = z.object({
  brand_id: Id.optional(),
  with: z.enum(['folders', 'assets', 'both']).default('both'),
});

export const FolderNewBody = z.strictObject({
  brand_id: IdNumber,
  parent_id: IdNumber.nullish(),
  name: FolderName,
  visibility: VisibilitySchema,
});
export const FolderMoveBody = z.strictObject({ parent_id: IdNumber });
/** JSON, or multipart with an `image` file and an `image_crop` JSON field. */
export const FolderUpdateBody = z.strictObject({
  name: FolderName.optional(),
  visibility: VisibilitySchema.optional(),
  image_crop: z
    .object({
      x: z.number().int().min(0),
      y: z.number().int().min(0),
      width: z.number().int().min(1),
      height: z.number().int().min(1),
    })
    .optional(),
  remove_image: z.boolean().optional(),
});
export const FolderAssetsQuery = PageQuery;
/** A folder moved to the Trash: its subtree's folders and the assets that went with it. */
export const FolderRemoved = z.object({ message: z.string(), folders: z.number().int(), assets: z.number().int() });

export const FolderStatsBody = z.strictObject({ ids: z.array(IdNumber).min(1).max(500) });
export const FolderStats = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      folders: z.number().int(),
      assets: z.number().int(),
      bytes: z.number(),
      /** Downloads, all time, of the assets now under the folder. */
      downloads: z.number().int(),
    }),
  ),
});

/** Days a folder stays in the brand's Trash before it is deleted for good (a recurring job). */
export const TRASH_DAYS = 30;

export const FolderTrashQuery = PageQuery.extend({ brand_id: Id });
/** A Trash entry: a folder a deletion started from, with what it took along. */
export const FolderTrashEntry = z.object({
  id: z.number().int(),
  brand_id: z.number().int(),
  name: z.string(),
  /** Where it was: the parent's id and the breadcrumbs' names, root first (the parent included). */
  parent_id: z.number().int().nullable(),
  location: z.array(z.string()),
  visibility: VisibilitySchema,
  trashed_at: Timestamp,
  trashed_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** When the recurring purge deletes it for good (trashed_at + TRASH_DAYS). */
  purge_at: Timestamp,
  /** Folders of the entry (itself included) and the assets the deletion removed. */
  folders: z.number().int(),
  assets: z.number().int(),
});
export type FolderTrashEntry = z.infer<typeof FolderTrashEntry>;
export const FolderTrashList = paginated(FolderTrashEntry);
export const FolderPurged = z.object({ message: z.string(), folders: z.number().int(), assets: z.number().int() });
