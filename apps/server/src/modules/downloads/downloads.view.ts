import type { DownloadFormat, DownloadItem, DownloadState, PdfLayout } from '@brandvault/contract';
import type { DownloadWithJob } from './downloads.repo.js';

/** The web page listing a user's zips and PDFs (a ready one's notification and mail point there). */
export const DOWNLOADS_PATH = '/downloads';

/**
 * A row as the contract's download. A build whose job failed for good reads as failed even
 * before the clean-up job records it; `url` is given only while the file can be fetched, and
 * `live_url` (the same signed address) while a zip is built where the file route can follow it.
 */
export function downloadItem(
  r: DownloadWithJob,
  now: Date,
  url: (r: DownloadWithJob) => string,
  /** Whether a zip being built here can be followed as it grows (local storage). */
  followable = false,
): DownloadItem {
  let state = r.state as DownloadState;
  if (state === 'preparing' && r.job_status === 'failed') state = 'failed';
  if (state === 'ready' && r.expires_at !== null && r.expires_at <= now.toISOString()) state = 'expired';
  return {
    id: r.id,
    format: r.format as DownloadFormat,
    layout: r.layout as PdfLayout,
    name: r.name,
    state,
    job_id: r.job_id,
    files: r.files,
    skipped: r.skipped,
    size: r.size === null ? null : Number(r.size),
    error: state === 'failed' ? (r.error ?? r.job_error) : null,
    created_at: r.created_at,
    ready_at: r.ready_at,
    expires_at: r.expires_at,
    url: state === 'ready' ? url(r) : null,
    live_url: state === 'preparing' && followable && r.format === 'zip' ? url(r) : null,
  };
}

/** "Acme 2026-11-25 14.05.zip": the brand, the local date and time it was asked for, the format. */
export function downloadName(brand: string | null, at: Date, format: DownloadFormat): string {
  const stamp = at.toISOString().slice(0, 16).replace('T', ' ').replace(':', '.');
  return `${brand ? `${brand} ` : ''}${stamp}.${format}`;
}
