import { z } from 'zod';
import { PageQuery, StatusSchema as Status, Timestamp, multiline, paginated, text } from './common.js';

export const BrandSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  status: Status,
  image_uri: z.string().nullable(),
  logo_uri: z.string().nullable(),
  /** Free text over several lines, shown on the brand home; null when none. */
  description: z.string().nullable(),
  /**
   * `#rrggbb` its pages and e-mails outside carry; null for the product's own. The server always
   * sends it; absent (an older answer) reads as none.
   */
  accent_color: z.string().nullable().optional(),
});
export type BrandSummary = z.infer<typeof BrandSummary>;

/**
 * The brand's face on pages and e-mails that face the outside (share and upload-request pages,
 * the sign-in page reached through its link): its name, logo and accent colour (issue 44 §5).
 */
export const BrandFace = BrandSummary.pick({ id: true, name: true, logo_uri: true, accent_color: true });
export type BrandFace = z.infer<typeof BrandFace>;

/** The sign-in page's return path (its `next`), whose brand's face it may show. */
export const BrandFaceQuery = z.object({ next: z.string().max(2000) });
/** The brand a return path names, its public face only; null for any other path. */
export const BrandFaceOfPath = z.object({ brand: BrandFace.omit({ id: true }).nullable() });
export type BrandFaceOfPath = z.infer<typeof BrandFaceOfPath>;

/**
 * What the brand holds for the caller, read from the search's count tables: the ACTIVE assets
 * they may see (PRIVATE ones only with content.private) and the day (YYYY-MM-DD, UTC) the last
 * asset was added, null before the first.
 */
export const BrandFigures = z.object({ assets: z.number().int(), last_upload: z.string().nullable() });
export type BrandFigures = z.infer<typeof BrandFigures>;

export const BrandListItem = BrandSummary.extend({ figures: BrandFigures });
export type BrandListItem = z.infer<typeof BrandListItem>;
export const BrandList = z.object({ items: z.array(BrandListItem) });

/** What members may do with an expired asset's files: nothing, or download after a warning. */
export const EXPIRED_DOWNLOADS = ['block', 'warn'] as const;
export type ExpiredDownloads = (typeof EXPIRED_DOWNLOADS)[number];
/** The bounds of a brand's expiry warning window, in days (30 by default). */
export const EXPIRY_WARNING_DAYS_MIN = 1;
export const EXPIRY_WARNING_DAYS_MAX = 365;
export const EXPIRY_WARNING_DAYS_DEFAULT = 30;

export const Brand = BrandSummary.extend({
  created_at: Timestamp,
  updated_at: Timestamp,
  root_folder_id: z.number().int(),
  users_count: z.number().int(),
  figures: BrandFigures,
  /** `watermark`: may set the brand's watermark (brand.manage, or asset.manage within the brand). */
  abilities: z.object({ update: z.boolean(), change_status: z.boolean(), watermark: z.boolean() }),
  /** Uploads missing a required brand field (for their asset type) are refused (issue 39 §3). */
  require_fields_on_upload: z.boolean(),
  /** Days before the end of its rights an asset counts as expiring (issue 40 §2). */
  expiry_warning_days: z.number().int(),
  /** Expired assets: members may not download them (`block`) or may after a warning (`warn`). */
  expired_downloads: z.enum(EXPIRED_DOWNLOADS),
});
export type Brand = z.infer<typeof Brand>;
export const BrandResponse = z.object({ brand: Brand });

export const BrandAllQuery = PageQuery.extend({ search: text().trim().max(255).optional() });
export const BrandPage = paginated(Brand);

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const BrandSlug = text().trim().min(2).max(64).regex(SLUG_PATTERN);
export const BrandName = text().trim().min(1).max(255);
export const BRAND_DESCRIPTION_MAX = 1000;
/** Empty clears it. */
export const BrandDescription = multiline().trim().max(BRAND_DESCRIPTION_MAX);
export const HEX_COLOR = /^#[0-9a-f]{6}$/;
/** A HEX colour, `#rrggbb` (stored in lower case); empty clears it. */
export const BrandAccent = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => v === '' || HEX_COLOR.test(v), { params: { key: 'hexColor' } });

/** A crop rectangle in source-image pixels (react-easy-crop's croppedAreaPixels). */
export const Crop = z.object({
  x: z.number().int().min(0),
  y: z.number().int().min(0),
  width: z.number().int().min(1),
  height: z.number().int().min(1),
});
export type Crop = z.infer<typeof Crop>;

/**
 * Sent as multipart/form-data (fields below, plus optional `image` and `logo` files) or as JSON
 * without files. Crops are JSON strings in multipart.
 */
export const BrandCreateBody = z.strictObject({
  name: BrandName,
  slug: BrandSlug,
  description: BrandDescription.optional(),
  accent_color: BrandAccent.optional(),
  image_crop: Crop.optional(),
  logo_crop: Crop.optional(),
});
export const BrandUpdateBody = z.strictObject({
  name: BrandName.optional(),
  /** Accepted only when unchanged: the slug is immutable after creation. */
  slug: text().max(64).optional(),
  description: BrandDescription.optional(),
  accent_color: BrandAccent.optional(),
  image_crop: Crop.optional(),
  logo_crop: Crop.optional(),
  remove_image: z.boolean().optional(),
  remove_logo: z.boolean().optional(),
  require_fields_on_upload: z.boolean().optional(),
  expiry_warning_days: z.coerce.number().int().min(EXPIRY_WARNING_DAYS_MIN).max(EXPIRY_WARNING_DAYS_MAX).optional(),
  expired_downloads: z.enum(EXPIRED_DOWNLOADS).optional(),
});
export const BrandStatusBody = z.strictObject({ status: Status.optional() }).optional();
