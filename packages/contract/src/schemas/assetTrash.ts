import { z } from 'zod';
import { AssetType } from './assets.js';
import { Id, PageQuery, Timestamp, paginated } from './common.js';
import { VisibilitySchema } from './folders.js';

/** The assets half of a brand's Trash (issue 44 §2): files removed by themselves, newest first. */
export const AssetTrashQuery = PageQuery.extend({ brand_id: Id });
export const AssetTrashEntry = z.object({
  id: z.number().int(),
  brand_id: z.number().int(),
  name: z.string(),
  type: AssetType,
  size: z.number(),
  visibility: VisibilitySchema,
  thumbnail_url: z.string().nullable(),
  /** Its folder, where a restore puts it back: the id and the names below the brand's root. */
  folder: z.object({ id: z.number().int(), path: z.array(z.string()) }),
  trashed_at: Timestamp,
  trashed_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** When the recurring purge deletes it for good (trashed_at + TRASH_DAYS). */
  purge_at: Timestamp,
  /** Restore: whoever may remove it; delete forever: those who manage the brand's assets. */
  abilities: z.object({ restore: z.boolean(), purge: z.boolean() }),
});
export type AssetTrashEntry = z.infer<typeof AssetTrashEntry>;
export const AssetTrashList = paginated(AssetTrashEntry);
export const AssetPurged = z.object({ message: z.string(), id: z.number().int() });
