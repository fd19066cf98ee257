import { z } from 'zod';
import { MAX_PER_PAGE } from '../core/constants.js';
import { Id, IdNumber, QueryInt, StatusSchema as Status, Timestamp, multiline, paginated, text } from './common.js';
import { Crumb, FolderNode, VisibilitySchema } from './folders.js';
import { AssetSyncOrigin } from './sync.js';
import { CarriedFieldValuesJson } from './brandFieldValues.js';
import { AssetAvailability, CardReview, DownloadGate } from './availability.js';
import { CROP_MAX_SIDE } from '../core/limits.js';
export { CROP_MAX_SIDE, CROP_MAX_PIXELS } from '../core/limits.js';

export const ASSET_TYPES = ['image', 'video', 'audio', 'document', 'other'] as const;
export const AssetType = z.enum(ASSET_TYPES);
export type AssetType = z.infer<typeof AssetType>;

/**
 * Per-file asset creation status (spec §3): `created` a new asset; `replaced` a new version took
 * the asset's content; `not_created` refused for what the file is, with the reason in `error`
 * (sending it again ends the same way; a duplicate also says where the brand holds it); `failed`
 * anything else, where a retry may succeed (a transfer cut off, storage full).
 */
export const UPLOAD_STATUSES = ['created', 'replaced', 'not_created', 'failed'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];
/** Refusals about the file itself: the file is `not_created`, whatever the route it came by. */
export const NOT_CREATED_CODES: readonly string[] = [
  'ASSET_EXISTS',
  'CONTENT_MISMATCH',
  'EXTENSION_NOT_ALLOWED',
  'MISSING_EXTENSION',
  'MISSING_NAME',
  'FILE_TOO_LARGE',
  'PAYLOAD_TOO_LARGE',
  'UPLOAD_REQUEST_TYPE',
];

export const AssetAbilities = z.object({
  update: z.boolean(),
  move: z.boolean(),
  copy: z.boolean(),
  remove: z.boolean(),
  restore: z.boolean(),
  download: z.boolean(),
  version: z.boolean(),
  lock_name: z.boolean(),
});
export type AssetAbilities = z.infer<typeof AssetAbilities>;

export const AssetCard = z.object({
  id: z.number().int(),
  brand_id: z.number().int(),
  folder_id: z.number().int(),
  name: z.string(),
  ext: z.string(),
  mime: z.string(),
  type: AssetType,
  size: z.number(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  duration_seconds: z.number().nullable(),
  author: z.string().nullable(),
  visibility: VisibilitySchema,
  status: Status,
  /** Signed, versioned URLs (cacheable); null until the derivative exists or when there is none. */
  thumbnail_url: z.string().nullable(),
  preview_url: z.string().nullable(),
  /** pending while derivatives are being made; none when the type only has an icon. */
  derivatives: z.enum(['pending', 'ready', 'none', 'failed']),
  /** A video's hover preview: a few frames as an animated WebP (signed URL), once made. */
  hover_url: z.string().nullable(),
  /** A video's web-playable copy (H.264/AAC MP4, at most 720p; signed URL), once made. */
  proxy_url: z.string().nullable(),
  /** A video's proxy: being made, ready, or failed (the original still plays where it can); null for other types. */
  proxy_state: z.enum(['pending', 'ready', 'failed']).nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
  abilities: AssetAbilities,
  /** Usage rights (issue 40): members see expired and embargoed assets marked. */
  availability: AssetAvailability,
  review: CardReview,
});
export type AssetCard = z.infer<typeof AssetCard>;

export const Camera = z.object({
  make: z.string().optional(),
  model: z.string().optional(),
  lens: z.string().optional(),
  iso: z.number().optional(),
  exposure: z.string().optional(),
  aperture: z.number().optional(),
  focal_length: z.number().optional(),
});

export const AssetView = AssetCard.extend({
  description: z.string().nullable(),
  keywords: z.array(z.string()),
  categories: z.array(z.string()),
  language: z.string().nullable(),
  taken_at: Timestamp.nullable(),
  camera: Camera.nullable(),
  /** Where a photo was taken (EXIF GPS), decimal degrees. */
  location: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  name_locked: z.boolean(),
  sha256: z.string(),
  current_version: z.number().int(),
  /** null when the download is blocked or needs a confirmation first (`download_gate`). */
  download_url: z.string().nullable(),
  download_gate: DownloadGate,
  brand: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  breadcrumbs: z.array(Crumb),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Where a synced asset's file lives (NAS sync, issue 29); null for uploaded assets. */
  sync: AssetSyncOrigin.nullable(),
  /** The asset's own usage window (YYYY-MM-DD, inclusive), either end open. */
  available_from: z.string().nullable(),
  available_until: z.string().nullable(),
});
export type AssetView = z.infer<typeof AssetView>;
export const AssetResponse = z.object({ asset: AssetView });

export const AssetPage = paginated(AssetCard);

/** An asset's description, edited or given for a whole upload round. */
export const ASSET_DESCRIPTION_MAX = 5000;

export const Keyword = text().trim().min(1).max(100);
export const AssetEditBody = z.strictObject({
  name: text().trim().min(1).max(255).optional(),
  description: multiline().trim().max(ASSET_DESCRIPTION_MAX).nullish(),
  keywords: z.array(Keyword).max(100).optional(),
  categories: z.array(Keyword).max(50).optional(),
  language: text().trim().max(100).nullish(),
  visibility: VisibilitySchema.optional(),
  /** Locks or unlocks name editing; only for those who manage assets (asset.manage). */
  name_locked: z.boolean().optional(),
  /** The asset's own usage window (inclusive); null opens that end. */
  available_from: z.iso.date().nullish(),
  available_until: z.iso.date().nullish(),
});
export type AssetEditBody = z.input<typeof AssetEditBody>;

export const UploadLocation = z.object({
  asset_id: z.number().int(),
  brand_id: z.number().int(),
  brand_name: z.string(),
  folder_id: z.number().int(),
  /** "Brand / Folder / Subfolder" for display. */
  path: z.string(),
});
export type UploadLocation = z.infer<typeof UploadLocation>;

export const UploadResult = z.object({
  file_name: z.string(),
  status: z.enum(UPLOAD_STATUSES),
  asset_id: z.number().int().optional(),
  /** Where the brand already holds these bytes (`not_created` with ASSET_EXISTS). */
  location: UploadLocation.optional(),
  /** Why the file was not created, or failed. */
  error: z.object({ code: z.string(), message: z.string() }).optional(),
  /** Set when the new asset waits for review before others see it (issue 40 §3). */
  pending_review: z.boolean().optional(),
});
export type UploadResult = z.infer<typeof UploadResult>;
export const UploadResponse = z.object({ results: z.array(UploadResult) });
export type UploadResponse = z.infer<typeof UploadResponse>;

export const UploadParams = z.object({ brandId: Id, folderId: Id });
/** Query of the multipart upload; `duplicates=allow` uploads a file even if the brand already has it. */
export const UploadQuery = z.object({ duplicates: z.enum(['skip', 'allow']).default('skip') });
/** The field before the `file` part of a new version's multipart body. */
export const VersionNewFields = z.object({ asset_id: Id });

/**
 * tus Upload-Metadata keys (base64 values per the tus protocol). `asset_id` makes it a new
 * version of that asset instead of a new asset.
 */
/** tus metadata values are strings: the keywords travel as a JSON list. */
const KeywordList = z
  .string()
  .max(20_000)
  .transform((s, ctx) => {
    try {
      return JSON.parse(s) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', params: { key: 'invalid' } });
      return z.NEVER;
    }
  })
  .pipe(z.array(text().trim().min(1).max(100)).max(100));

export const TusMetadata = z.object({
  filename: text().min(1).max(1024),
  brand_id: Id.optional(),
  folder_id: Id.optional(),
  asset_id: Id.optional(),
  duplicates: z.enum(['skip', 'allow']).default('skip'),
  // The upload dialog's "apply to all": set on every new asset of the round.
  description: multiline().trim().max(ASSET_DESCRIPTION_MAX).optional(),
  keywords: KeywordList.optional(),
  visibility: VisibilitySchema.optional(),
  /** The brand field values of the new asset, a JSON object by field key (issue 39 §3). */
  fields: CarriedFieldValuesJson.optional(),
});
/** What the uploader sets for every new asset of a round, over what the files carry. */
export type UploadMeta = Pick<z.output<typeof TusMetadata>, 'description' | 'keywords' | 'visibility' | 'fields'>;
export const TUS_PATH = '/api/uploads';

export const AssetMoveBody = z.strictObject({ ids: z.array(IdNumber).min(1).max(MAX_PER_PAGE) });
export const AssetMoveParams = z.object({ folderId: Id });
export const AssetCopyBody = z.strictObject({ folder_id: IdNumber });
export const AssetMoved = z.object({ message: z.string(), moved: z.number().int() });

export const AssetVersion = z.object({
  number: z.number().int(),
  name: z.string(),
  size: z.number(),
  sha256: z.string(),
  mime: z.string(),
  author: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: Timestamp,
  thumbnail_url: z.string().nullable(),
  current: z.boolean(),
});
export type AssetVersion = z.infer<typeof AssetVersion>;
export const AssetVersionList = z.object({ items: z.array(AssetVersion) });
export const VersionRestoreParams = z.object({ id: Id, number: Id });
export const VersionNewResponse = z.object({ asset: AssetView, version: AssetVersion });

export const FolderTree = z.object({
  brand_id: z.number().int(),
  root: FolderNode,
  /** With `with=assets|both`: the first page of assets directly in the requested folder. */
  assets: z.array(AssetCard).optional(),
});

/** Output formats of a cropped download (§1 "custom cropped download"). */
export const CROP_FORMATS = ['jpeg', 'png', 'webp', 'avif'] as const;
export type CropFormat = (typeof CROP_FORMATS)[number];

/** A fraction 0–1 from a query string ("0", "1", "0.25", ".5"). */
const QueryFraction = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^(0|1)?(\.\d{1,20})?$/)
      .refine((s) => s !== '' && s !== '.', { params: { key: 'invalid' } })
      .transform(Number),
  ])
  .pipe(z.number().min(0).max(1));
/** Tolerance for fractions that add up to a little over 1 through rounding in the browser. */
const EPS = 1e-6;

/**
 * A cropped download: the rectangle x, y, w, h as fractions of the upright original (EXIF
 * orientation applied first), the output `width` (and `height`, else kept to the rectangle's
 * aspect), the format and its quality. The output never has more pixels than the rectangle of
 * the original unless `upscale=true`; that rule needs the original's size, so the server checks it.
 */
export const AssetCropQuery = z
  .object({
    x: QueryFraction,
    y: QueryFraction,
    w: QueryFraction,
    h: QueryFraction,
    width: QueryInt(1, CROP_MAX_SIDE),
    height: QueryInt(1, CROP_MAX_SIDE).optional(),
    format: z.enum(CROP_FORMATS),
    quality: QueryInt(1, 100).default(85),
    upscale: z.enum(['true', 'false']).default('false'),
    /** The user confirmed the asset's licence terms or expiry (issue 40). */
    ack: z.literal('1').optional(),
  })
  .superRefine((q, ctx) => {
    if (q.w <= 0) ctx.addIssue({ code: 'custom', path: ['w'], params: { key: 'cropEmpty' }, input: q.w });
    if (q.h <= 0) ctx.addIssue({ code: 'custom', path: ['h'], params: { key: 'cropEmpty' }, input: q.h });
    if (q.x + q.w > 1 + EPS) ctx.addIssue({ code: 'custom', path: ['w'], params: { key: 'cropOutside' }, input: q.w });
    if (q.y + q.h > 1 + EPS) ctx.addIssue({ code: 'custom', path: ['h'], params: { key: 'cropOutside' }, input: q.h });
  });
export type AssetCropQuery = z.input<typeof AssetCropQuery>;
