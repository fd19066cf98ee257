import { z } from 'zod';
import { MAX_PER_PAGE } from '../core/constants.js';
import { AssetAbilities, AssetType } from './assets.js';
import { Id, IdNumber, PageQuery, StatusSchema as Status, Timestamp, paginated } from './common.js';
import { VisibilitySchema } from './folders.js';

/**
 * The all-assets admin table (§2 `assets.manage`, /asset/manager): every asset of the brands the
 * caller sees, removed ones included, filtered, sorted and paged, with bulk remove and restore.
 */

/** Columns the table sorts by: name (case and accents folded), upload date, size, type (then name). */
export const ASSET_MANAGER_SORTS = ['name', 'date', 'size', 'type'] as const;
export type AssetManagerSort = (typeof ASSET_MANAGER_SORTS)[number];
export const ASSET_MANAGER_PER_PAGE = 50;
/** Totals are exact up to this many assets; beyond, reported as this with `total_capped`. */
export const ASSET_MANAGER_EXACT_TOTAL = 10_000;

const Day = z.iso.date();

export const AssetManagerQuery = PageQuery.extend({
  brand: Id.optional(),
  /** The folder and its subfolders. */
  folder: Id.optional(),
  status: Status.optional(),
  type: AssetType.optional(),
  /** The user who uploaded the asset. */
  uploader: Id.optional(),
  /** Upload days, inclusive, in UTC. */
  from: Day.optional(),
  to: Day.optional(),
  sort: z.enum(ASSET_MANAGER_SORTS).default('date'),
  dir: z.enum(['asc', 'desc']).default('desc'),
}).superRefine((q, ctx) => {
  if (q.from && q.to && q.to < q.from)
    ctx.addIssue({ code: 'custom', path: ['to'], params: { key: 'afterFrom' }, input: q.to });
});
export type AssetManagerQuery = z.input<typeof AssetManagerQuery>;

const Named = z.object({ id: z.number().int(), name: z.string() });

export const AssetManagerRow = z.object({
  id: z.number().int(),
  name: z.string(),
  ext: z.string(),
  mime: z.string(),
  type: AssetType,
  size: z.number(),
  status: Status,
  visibility: VisibilitySchema,
  /** Signed, versioned URL; null until the thumbnail exists or when the type has none. */
  thumbnail_url: z.string().nullable(),
  brand: Named,
  /** `path`: the folder's names below the brand's root, outermost first ([] for the root). */
  folder: z.object({ id: z.number().int(), path: z.array(z.string()) }),
  uploader: Named.nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
  abilities: AssetAbilities,
});
export type AssetManagerRow = z.infer<typeof AssetManagerRow>;

export const AssetManagerList = paginated(AssetManagerRow).extend({
  /** More than ASSET_MANAGER_EXACT_TOTAL assets match: `total` is that number. */
  total_capped: z.boolean(),
  /** The brands in the caller's reach (the brand filter's choices), by name. */
  brands: z.array(Named.extend({ status: Status })),
});
export type AssetManagerList = z.infer<typeof AssetManagerList>;

/** Bulk remove (INACTIVE) or restore (ACTIVE): all or nothing; assets already so are left as they are. */
export const AssetStatusManyBody = z.strictObject({
  ids: z.array(IdNumber).min(1).max(MAX_PER_PAGE),
  status: Status,
});
export type AssetStatusManyBody = z.input<typeof AssetStatusManyBody>;
export const AssetStatusManyResponse = z.object({
  message: z.string(),
  status: Status,
  /** How many assets changed (the others already had that status). */
  changed: z.number().int(),
});
