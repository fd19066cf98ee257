/**
 * The dashboard's counters (2026112615_dashboard_counts). bigint columns: PostgreSQL answers them
 * as text.
 */
/** ACTIVE assets of a folder by their own visibility and type, their bytes and all-time downloads. */
export interface FolderAssetTotalsTable {
  folder_id: number;
  is_private: number;
  type: string;
  brand_id: number;
  assets: number;
  bytes: number | string;
  downloads: number | string;
}
/** Assets added per brand and day, hidden (PRIVATE, or in a PRIVATE folder) or not. */
export interface UploadDaysTable {
  brand_id: number;
  day: string;
  hidden: number;
  assets: number;
  bytes: number | string;
}
/** Downloads per brand, day, hidden or not, kind and whether through a share link. */
export interface DownloadDaysTable {
  brand_id: number;
  day: string;
  hidden: number;
  kind: string;
  via_link: number;
  count: number;
}
/** What each person added and downloaded, per brand and day. */
export interface UserActivityDaysTable {
  brand_id: number;
  day: string;
  user_id: number;
  uploads: number;
  downloads: number;
}
/** Each asset's downloads over the last `days` days (7, 30, 90), from the window's first day. */
export interface DownloadWindowsTable {
  brand_id: number;
  days: number;
  asset_id: number;
  count: number;
}
/** Each window's oldest day: the `stats.windows` job moves it on as days pass. */
export interface DownloadWindowStateTable {
  days: number;
  first_day: string;
}
