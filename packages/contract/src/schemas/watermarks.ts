import { z } from 'zod';
import { Id, QueryInt, Timestamp } from './common.js';

/** Where a brand's watermark image sits on a picture; `tiled` repeats it across the whole picture. */
export const WATERMARK_POSITIONS = ['center', 'top-left', 'top-right', 'bottom-left', 'bottom-right', 'tiled'] as const;
export type WatermarkPosition = (typeof WATERMARK_POSITIONS)[number];
/** Opacity in percent of the image's own alpha. */
export const WATERMARK_OPACITY = { min: 5, max: 100, default: 40 } as const;
/** The watermark's width in percent of the picture's shorter side (of each tile when tiled). */
export const WATERMARK_SCALE = { min: 5, max: 100, default: 30 } as const;
/** The largest watermark image accepted, in bytes (a logo, not a photo). */
export const WATERMARK_MAX_BYTES = 5 * 1024 * 1024;

const Flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** A brand's watermark settings; `image_url` is a signed link to the PNG, null when none is set. */
export const BrandWatermark = z.object({
  brand_id: z.number().int(),
  image_url: z.string().nullable(),
  position: z.enum(WATERMARK_POSITIONS),
  opacity: z.number().int(),
  scale: z.number().int(),
  /** Guests of the brand and every share-link viewer get watermarked previews and downloads. */
  apply_to_guests: z.boolean(),
  /** Downloads by guests and share-link viewers carry the recipient's tiled text and a trace id. */
  traceable: z.boolean(),
  /** Changes with every edit: watermarked previews are cached under it. */
  version: z.number().int(),
  updated_at: Timestamp.nullable(),
  abilities: z.object({ update: z.boolean() }),
});
export type BrandWatermark = z.infer<typeof BrandWatermark>;
export const BrandWatermarkResponse = z.object({ watermark: BrandWatermark });

/**
 * Sent as multipart/form-data (the fields below plus an optional `image`, a PNG) or as JSON
 * without the image. `remove_image` drops the stored image.
 */
export const BrandWatermarkBody = z.strictObject({
  position: z.enum(WATERMARK_POSITIONS).optional(),
  opacity: QueryInt(WATERMARK_OPACITY.min, WATERMARK_OPACITY.max).optional(),
  scale: QueryInt(WATERMARK_SCALE.min, WATERMARK_SCALE.max).optional(),
  apply_to_guests: Flag.optional(),
  traceable: Flag.optional(),
  remove_image: Flag.optional(),
});
export type BrandWatermarkBody = z.input<typeof BrandWatermarkBody>;

/** `GET asset/watermark` (§7): the brand's watermark image. */
export const WatermarkImageQuery = z.object({ brand_id: Id });

/** What the trace tool read from an uploaded file: who the download was made for, and when. */
export const WatermarkTrace = z.object({
  found: z.boolean(),
  trace: z
    .object({
      code: z.string(),
      kind: z.enum(['link', 'user']),
      link: z.object({ id: z.number().int(), name: z.string(), owner: z.string() }).nullable(),
      user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
      asset: z.object({ id: z.number().int(), name: z.string() }).nullable(),
      created_at: Timestamp,
    })
    .nullable(),
});
export type WatermarkTrace = z.infer<typeof WatermarkTrace>;
/** The short code drawn on a traced picture (`BV-XXXX-XXXX`), typed by an admin: a multipart field. */
export const WatermarkTraceBody = z.strictObject({ code: z.string().max(40).optional() });
