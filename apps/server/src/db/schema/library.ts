import type { Generated } from 'kysely';

// The library: extensions, folders, assets and their versions.

export interface ExtensionsTable {
  id: Generated<number>;
  name: string;
  mime_type: string;
  asset_type: string;
  status: string;
  created_at: string;
  updated_at: string;
}
export interface FoldersTable {
  id: Generated<number>;
  brand_id: number;
  parent_id: number | null;
  name: string;
  visibility: string;
  private_path: number;
  status: string;
  image_key: string | null;
  path: string;
  depth: number;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  /** Set on every folder of a subtree moved to the Trash (status INACTIVE meanwhile). */
  trashed_at: string | null;
  trashed_by: number | null;
  /** The folder the deletion started from (its Trash entry); null unless trashed. */
  trash_root: number | null;
}
export interface AssetsTable {
  id: Generated<number>;
  brand_id: number;
  folder_id: number;
  name: string;
  ext: string;
  mime: string;
  type: string;
  size: number;
  sha256: string;
  blob_key: string;
  width: number | null;
  height: number | null;
  duration_seconds: number | null;
  author: string | null;
  description: string | null;
  keywords: string;
  categories: string;
  language: string | null;
  visibility: string;
  status: string;
  name_locked: number;
  taken_at: string | null;
  camera: string | null;
  /** JSON `{lat, lng}`: where a photo was taken. */
  location: string | null;
  derivatives: string;
  derivative_rev: number;
  thumb_key: string | null;
  preview_key: string | null;
  current_version: number;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  /** The Trash entry (a folder id) that made this asset INACTIVE; null otherwise. */
  trash_root: number | null;
  /** When and by whom it was removed by itself (its own Trash entry, 2026120206); null otherwise. */
  trashed_at: string | null;
  trashed_by: number | null;
  /** Text, long text and URL metadata values, for the full text (2026112950). */
  field_text: Generated<string>;
  /** Words the analyses found (2026120106): OCR text, detected labels, people, colours. */
  found_text: Generated<string>;
  /** The asset's own usage window (YYYY-MM-DD, inclusive), either end open (2026113001). */
  available_from: string | null;
  available_until: string | null;
  /**
   * `available`, `expiring` (within the brand's warning window), `expired` or `embargoed`: from
   * the asset's own dates, its licences and its consents, recomputed at every change and daily.
   */
  availability: Generated<AssetAvailability>;
  /**
   * The date that decides it: the start while embargoed, otherwise the nearest end of the asset's
   * own window, its licences and consents (null: no end), which the daily job watches.
   */
  availability_date: string | null;
  /** JSON: what decided it, `{ kind: 'asset' | 'licence' | 'consent', id?, name? }`. */
  availability_reason: string | null;
  /** `approved` (the default), `pending` (awaiting review) or `rejected` (with the reason). */
  review_state: Generated<ReviewState>;
  review_reason: string | null;
  reviewed_by: number | null;
  reviewed_at: string | null;
  /** A video's hover preview, a few frames as an animated WebP (2026120204). */
  hover_key: string | null;
  /** A video's web-playable proxy (H.264/AAC MP4, at most 720p, moov first). */
  proxy_key: string | null;
  /** `pending`, `ready` or `failed` for a video's proxy; null for other types. */
  proxy_state: string | null;
}
export type AssetAvailability = 'available' | 'expiring' | 'expired' | 'embargoed';
export type ReviewState = 'approved' | 'pending' | 'rejected';
export interface AssetVersionsTable {
  id: Generated<number>;
  asset_id: number;
  number: number;
  name: string;
  ext: string;
  mime: string;
  size: number;
  sha256: string;
  blob_key: string;
  width: number | null;
  height: number | null;
  thumb_key: string | null;
  created_by: number | null;
  created_at: string;
  /** The file's own metadata (2026112671): a current version's is the asset's. */
  duration_seconds: number | null;
  taken_at: string | null;
  camera: string | null;
  location: string | null;
}
