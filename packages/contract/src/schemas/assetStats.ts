import { z } from 'zod';
import { IdNumber } from './common.js';

/** The periods the dashboard offers (days, today included); the calls take any from 1 to 366. */
export const STATS_PERIODS = [7, 30, 90] as const;
export const STATS_DEFAULT_DAYS = 30;
/** How many assets and people the "most" lists hold. */
export const STATS_TOP = 10;
export const StatsDays = z.number().int().min(1).max(366).default(STATS_DEFAULT_DAYS);

/** The kinds of download counted (§5): an original, a crop, a zip member, a PDF page. */
export const DOWNLOAD_KINDS = ['original', 'crop', 'zip', 'pdf'] as const;

/** `PUT ops/asset/statistics` (§7): one brand the caller sees (else 404), or all of them. */
export const AssetStatsBody = z.strictObject({
  /** Absent: every brand the caller sees (administrators: every active brand). */
  brand_id: IdNumber.optional(),
  /** Uploads and downloads over this many days, today included (the dashboard's charts). */
  days: StatsDays,
});

const Count = z.number().int();
/** Series hold every day of the period, oldest first, days without any as 0. */
const Day = z.string();

/**
 * The assets figures of the dashboard, over the assets the caller may see (PRIVATE ones only
 * with content.private), all read from counters kept as uploads, removals, restores, moves and
 * downloads happen.
 */
export const AssetStats = z.object({
  /** The brands covered, with their active assets and bytes. */
  brands: z.array(z.object({ id: Count, name: z.string(), assets: Count, bytes: z.number() })),
  total: Count,
  bytes: z.number(),
  by_type: z.record(z.string(), Count),
  bytes_by_type: z.record(z.string(), z.number()),
  /** Assets added over `days` (uploads and copies), as added. */
  uploads: z.object({
    total: Count,
    bytes: z.number(),
    by_day: z.array(z.object({ day: Day, count: Count, bytes: z.number() })),
  }),
  /** Downloads over `days`. */
  downloads: z.object({
    total: Count,
    by_kind: z.record(z.enum(DOWNLOAD_KINDS), Count),
    /** Of them, through share links. */
    via_links: Count,
    by_day: z.array(z.object({ day: Day, count: Count })),
    /** The most downloaded assets of the period that are still there. */
    top: z.array(z.object({ id: Count, name: z.string(), brand_id: Count, count: Count })),
  }),
  /** The caller's own uploads and downloads in these brands over `days`. */
  mine: z.object({
    uploads: Count,
    downloads: Count,
    by_day: z.array(z.object({ day: Day, uploads: Count, downloads: Count })),
  }),
  /**
   * Usage rights (issue 40 §2): active assets whose rights end within their brand's warning
   * window (`expiring`) or have ended (`expired`), in all and per brand (brands with none left out).
   */
  rights: z.object({
    expiring: Count,
    expired: Count,
    by_brand: z.array(z.object({ id: Count, expiring: Count, expired: Count })),
  }),
});
export type AssetStats = z.infer<typeof AssetStats>;
