import type { Generated } from 'kysely';

// Downloads: watermarks, crop presets, traces, built files and counts.

/** A brand's watermark and its rules (2026112612_watermarks); flags are 1 or 0. */
export interface BrandWatermarksTable {
  brand_id: number;
  image_key: string | null;
  position: Generated<string>;
  opacity: Generated<number>;
  scale: Generated<number>;
  apply_to_guests: Generated<number>;
  traceable: Generated<number>;
  version: Generated<number>;
  updated_at: string;
}
/** A brand's channel preset for cropped downloads, in the order the dialog shows them. */
export interface BrandCropPresetsTable {
  id: Generated<number>;
  brand_id: number;
  position: number;
  name: string;
  width: number;
  height: number;
  format: string | null;
}
/** An opaque code written into a traceable download, naming who it was made for. */
export interface DownloadTracesTable {
  id: Generated<number>;
  code: string;
  link_id: number | null;
  user_id: number | null;
  asset_id: number | null;
  created_at: string;
}

/** A zip or PDF built for a user (2026112608_downloads); `request` is JSON of asset and folder ids. */
export interface DownloadsTable {
  id: Generated<number>;
  user_id: number;
  brand_id: number | null;
  format: string;
  layout: string;
  name: string;
  state: string;
  request: string;
  lang: string;
  job_id: number | null;
  blob_key: string | null;
  /** JSON array of the ids of the assets in the file, once built. */
  contents: string | null;
  files: number | null;
  skipped: number | null;
  /** bigint: PostgreSQL answers it as text. */
  size: number | string | null;
  error: string | null;
  created_at: string;
  ready_at: string | null;
  expires_at: string | null;
}
/** Downloads per asset, day (UTC), kind and share link (0: none). */
export interface DownloadCountsTable {
  asset_id: number;
  brand_id: number;
  day: string;
  kind: string;
  link_id: number;
  count: number;
}
