import { z } from 'zod';
import { PASSWORD_MAX } from '../core/constants.js';
import { Email, Id, IdNumber, PageQuery, PersonName, Timestamp, multiline, paginated, text } from './common.js';
import { BrandFace } from './brands.js';
export { UPLOAD_REQUEST_MAX_DAYS } from '../core/limits.js';

/**
 * Upload request links (issue 40 §4): a member with upload rights asks people without an account
 * (an agency, a photographer) for files. The link lands them on a public, branded page that shows
 * only the request; what they send becomes assets in the target folder, attributed to the link.
 */

/** The most files one request may accept. */
export const UPLOAD_REQUEST_MAX_FILES = 10_000;
/** The most bytes one request may accept (1 TiB). */
export const UPLOAD_REQUEST_MAX_BYTES = 1024 ** 4;
/** How many of a request's latest uploads its list row carries. */
export const UPLOAD_REQUEST_RECENT = 20;
/** How long the pass of an unlocked (password) request lasts. */
export const UPLOAD_REQUEST_PASS_MINUTES = 12 * 60;
/** Where the public page's resumable uploads go (tus 1.0), with the link in X-Upload-Request. */
export const UPLOAD_REQUEST_TUS_PATH = '/api/upload-request/files';
/** The app path of a request's public page. */
export const uploadRequestPath = (token: string) => `/upload/${token}`;

export const UPLOAD_REQUEST_STATES = ['active', 'expired', 'closed'] as const;
export type UploadRequestState = (typeof UPLOAD_REQUEST_STATES)[number];

/** A file extension as the allow-list names it ("jpg", "tar.gz"), without its dot. */
const FileType = text()
  .trim()
  .toLowerCase()
  .transform((v) => v.replace(/^\./, ''))
  .pipe(z.string().min(1).max(50));

export const UPLOAD_REQUEST_MESSAGE_MAX = 2000;

export const UploadRequestBody = z.strictObject({
  folder_id: IdNumber,
  message: multiline().trim().max(UPLOAD_REQUEST_MESSAGE_MAX).optional(),
  /** When the link stops working: an ISO date-time, in the future (server clock, UTC). */
  expires_at: z.iso.datetime({ offset: true }),
  password: text().min(1).max(PASSWORD_MAX).optional(),
  max_files: z.number().int().min(1).max(UPLOAD_REQUEST_MAX_FILES),
  max_bytes: z.number().int().min(1).max(UPLOAD_REQUEST_MAX_BYTES),
  /** Extensions the request accepts, within the allow-list; empty: every allowed type. */
  allowed_types: z.array(FileType).max(200).default([]),
});
export type UploadRequestBody = z.input<typeof UploadRequestBody>;

const Usage = z.object({
  files: z.number().int(),
  bytes: z.number(),
  last_at: Timestamp.nullable(),
});

export const UploadRequestUpload = z.object({
  asset_id: z.number().int().nullable(),
  file_name: z.string(),
  size: z.number(),
  uploader_name: z.string(),
  uploader_email: z.string(),
  created_at: Timestamp,
});
export type UploadRequestUpload = z.infer<typeof UploadRequestUpload>;

export const UploadRequest = z.object({
  id: z.number().int(),
  brand: z.object({ id: z.number().int(), name: z.string() }),
  folder: z.object({ id: z.number().int(), name: z.string() }),
  owner: z.object({ id: z.number().int(), name: z.string() }),
  message: z.string().nullable(),
  expires_at: Timestamp,
  closed_at: Timestamp.nullable(),
  state: z.enum(UPLOAD_REQUEST_STATES),
  has_password: z.boolean(),
  max_files: z.number().int(),
  max_bytes: z.number(),
  allowed_types: z.array(z.string()),
  /** The link to hand out: its owner's only (the token is theirs to copy again). */
  url: z.string().nullable(),
  /** What arrived: finished files, their bytes and the last one's time (uploads under way not yet). */
  used: Usage,
  /** The latest uploads, newest first (at most UPLOAD_REQUEST_RECENT). */
  uploads: z.array(UploadRequestUpload),
  abilities: z.object({ close: z.boolean() }),
  created_at: Timestamp,
});
export type UploadRequest = z.infer<typeof UploadRequest>;
export const UploadRequestResponse = z.object({ upload_request: UploadRequest });
export const UploadRequestList = paginated(UploadRequest);
export type UploadRequestList = z.infer<typeof UploadRequestList>;
export const UploadRequestListQuery = PageQuery.extend({
  state: z.enum(UPLOAD_REQUEST_STATES).optional(),
});

export const UploadRequestTokenParams = z.object({
  /** Any text: a malformed token is an unknown link (404), like an expired or closed one. */
  token: z.string().min(1).max(500),
});
export const UploadRequestOpenQuery = z.object({ pass: z.string().max(300).optional() });

/**
 * What the public page shows: the brand's name and logo and the request, nothing else of the
 * brand. A password request shows only the brand and `locked` until it is unlocked.
 */
export const UploadRequestPublic = z.object({
  brand: BrandFace.omit({ id: true }),
  locked: z.boolean(),
  request: z
    .object({
      message: z.string().nullable(),
      expires_at: Timestamp,
      max_files: z.number().int(),
      max_bytes: z.number(),
      remaining_files: z.number().int(),
      remaining_bytes: z.number(),
      allowed_types: z.array(z.string()),
    })
    .nullable(),
});
export type UploadRequestPublic = z.infer<typeof UploadRequestPublic>;
export const UploadRequestUnlockBody = z.strictObject({ password: text().min(1).max(PASSWORD_MAX) });
export const UploadRequestUnlockResponse = z.object({ pass: z.string(), expires_at: Timestamp });

/** The uploader's details, sent as tus metadata with each file. */
export const UploadRequestTusMetadata = z.object({
  filename: text().min(1).max(1024),
  uploader_name: PersonName,
  uploader_email: Email,
});

/** How an asset came in through a request: the asset page's "Uploaded through request …". */
export const AssetUploadOrigin = z.object({
  origin: z
    .object({
      request_id: z.number().int(),
      /** The request's message, or null; the page names the request by its number otherwise. */
      request_message: z.string().nullable(),
      uploader_name: z.string(),
      uploader_email: z.string(),
      uploaded_at: Timestamp,
    })
    .nullable(),
});
export type AssetUploadOrigin = z.infer<typeof AssetUploadOrigin>;
export const UploadRequestIdParams = z.object({ id: Id });
