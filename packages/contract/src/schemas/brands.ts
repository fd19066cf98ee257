import { z } from 'zod';
import { PageQuery, StatusSchema as Status, Timestamp, paginated, text } from './common.js';

export const BrandSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  status: Status,
  image_uri: z.string().nullable(),
  logo_uri: z.string().nullable(),
});
export type BrandSummary = z.infer<typeof BrandSummary>;

export const BrandList = z.object({ items: z.array(BrandSummary) });

export const Brand = BrandSummary.extend({
  created_at: Timestamp,
  updated_at: Timestamp,
  root_folder_id: z.number().int(),
  users_count: z.number().int(),
  /** `watermark`: may set the brand's watermark (brand.manage, or asset.manage within the brand). */
  abilities: z.object({ update: z.boolean(), change_status: z.boolean(), watermark: z.boolean() }),
});
export type Brand = z.infer<typeof Brand>;
export const BrandResponse = z.object({ brand: Brand });

export const BrandAllQuery = PageQuery.extend({ search: text().trim().max(255).optional() });
export const BrandPage = paginated(Brand);

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const BrandSlug = text().trim().min(2).max(64).regex(SLUG_PATTERN);
export const BrandName = text().trim().min(1).max(255);

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
  image_crop: Crop.optional(),
  logo_crop: Crop.optional(),
});
export const BrandUpdateBody = z.strictObject({
  name: BrandName.optional(),
  /** Accepted only when unchanged: the slug is immutable after creation. */
  slug: text().max(64).optional(),
  image_crop: Crop.optional(),
  logo_crop: Crop.optional(),
  remove_image: z.boolean().optional(),
  remove_logo: z.boolean().optional(),
});
export const BrandStatusBody = z.strictObject({ status: Status.optional() }).optional();
