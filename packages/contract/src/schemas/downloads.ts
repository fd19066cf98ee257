import { z } from 'zod';
import { Id, IdNumber, PageQuery, QueryInt, Timestamp, paginated } from './common.js';
import { DOWNLOAD_MAX_FILES } from '../core/limits.js';
export { DOWNLOAD_MAX_FILES, DOWNLOAD_MAX_BYTES, DOWNLOAD_PDF_MAX_ASSETS } from '../core/limits.js';

/** A ready archive or PDF can be fetched for this long, then the clean-up job deletes it. */
export const DOWNLOAD_EXPIRY_HOURS = 24;
/** Assets per contact-sheet page. */
export const PDF_SHEET_PER_PAGE = 12;

export const DOWNLOAD_FORMATS = ['zip', 'pdf'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];
/** A PDF shows each asset on its own page, or 12 per page as a contact sheet. */
export const PDF_LAYOUTS = ['pages', 'sheet'] as const;
export type PdfLayout = (typeof PDF_LAYOUTS)[number];
export const DOWNLOAD_STATES = ['preparing', 'ready', 'failed', 'expired'] as const;
export type DownloadState = (typeof DOWNLOAD_STATES)[number];

/**
 * A selection to download (§7 `ops/asset/download/get/queue`): assets and whole folders (with
 * their subfolders, kept as paths in the archive), as a zip or a PDF.
 */
export const DownloadRequest = z
  .strictObject({
    asset_ids: z.array(IdNumber).max(DOWNLOAD_MAX_FILES).default([]),
    folder_ids: z.array(IdNumber).max(100).default([]),
    format: z.enum(DOWNLOAD_FORMATS).default('zip'),
    layout: z.enum(PDF_LAYOUTS).default('pages'),
    /** The user confirmed the licence terms and expiries of what they chose (issue 40): else a 409. */
    confirm: z.boolean().default(false),
  })
  .superRefine((b, ctx) => {
    if (b.asset_ids.length === 0 && b.folder_ids.length === 0)
      ctx.addIssue({ code: 'custom', path: ['asset_ids'], params: { key: 'emptySelection' }, input: b.asset_ids });
  });
export type DownloadRequest = z.input<typeof DownloadRequest>;

export const DownloadItem = z.object({
  id: z.number().int(),
  format: z.enum(DOWNLOAD_FORMATS),
  layout: z.enum(PDF_LAYOUTS),
  /** The file's name when fetched ("Acme 2026-11-25.zip"). */
  name: z.string(),
  state: z.enum(DOWNLOAD_STATES),
  job_id: z.number().int().nullable(),
  /** Files in the archive (assets in the PDF) and those left out (missing from storage, no longer allowed). */
  files: z.number().int().nullable(),
  skipped: z.number().int().nullable(),
  size: z.number().nullable(),
  error: z.string().nullable(),
  created_at: Timestamp,
  ready_at: Timestamp.nullable(),
  expires_at: Timestamp.nullable(),
  /** A short-lived signed address of the file while it is ready; null otherwise. */
  url: z.string().nullable(),
  /**
   * While a zip is being built where it can be followed: a short-lived signed address that sends
   * the archive as it is written (one pass, issue 43 §5) and ends once it is whole; a build that
   * fails cuts the answer. Null otherwise (a PDF, storage that cannot be followed, not preparing).
   */
  live_url: z.string().nullable().optional(),
});
export type DownloadItem = z.infer<typeof DownloadItem>;

export const DownloadQueued = z.object({ download: DownloadItem, job_id: z.number().int() });
export type DownloadQueued = z.infer<typeof DownloadQueued>;

export const DownloadListQuery = PageQuery.extend({ per_page: QueryInt(1, 100).default(20) });
export const DownloadList = paginated(DownloadItem);
export type DownloadList = z.infer<typeof DownloadList>;

export const DownloadFileQuery = z.object({
  u: z.coerce.number().int().optional(),
  exp: z.string().max(32).optional(),
  sig: z.string().max(128).optional(),
});
export const DownloadParams = z.object({ id: Id });
