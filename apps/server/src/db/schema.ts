import type { Generated } from 'kysely';

/**
 * Table types. Timestamps are ISO-8601 UTC strings on both dialects (they sort as text), and
 * counters that need 64 bits are numbers (PostgreSQL int8 is parsed to number at connect).
 */
export interface UsersTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string;
  lang: string;
  status: string;
  verified_at: string | null;
  approved_at: string | null;
  /** An address from the external photo provider (2026112613: a stored photo takes precedence). */
  photo_uri: string | null;
  /** The stored photo and its avatar thumbnail (2026112613_user_photos), both square WebP. */
  photo_key: string | null;
  photo_thumb_key: string | null;
  company: string | null;
  country: string | null;
  phone: string | null;
  position: string | null;
  menu_settings: string | null;
  created_at: string;
  updated_at: string;
  /** The last successful sign-in (2026112616_last_sign_in); emulation does not count. */
  last_login_at: Generated<string | null>;
  /** When the user completed and when they stopped the onboarding tour (2026112630_user_tour). */
  tour_completed_at: Generated<string | null>;
  tour_dismissed_at: Generated<string | null>;
  /** The home opened on choosing a brand (2026112660_default_home): 'brand' or 'gallery'. */
  default_home: Generated<string>;
}
export interface RolesTable {
  id: Generated<number>;
  name: string;
  created_at: string;
}
export interface PermissionsTable {
  id: Generated<number>;
  name: string;
}
export interface RolePermissionsTable {
  role_id: number;
  permission_id: number;
}
export interface UserRolesTable {
  user_id: number;
  role_id: number;
}
export interface UserPermissionsTable {
  user_id: number;
  permission_id: number;
}
export interface BrandsTable {
  id: Generated<number>;
  name: string;
  slug: string;
  status: string;
  /** Unused since the library migration: pictures are blobs (image_key, logo_key). */
  image_uri: string | null;
  logo_uri: string | null;
  image_key: string | null;
  logo_key: string | null;
  /** Free text shown on the brand home (2026112640). */
  description: string | null;
  created_at: string;
  updated_at: string;
}
export interface UserBrandsTable {
  user_id: number;
  brand_id: number;
}
export interface AccessTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  emulator_id: number | null;
  created_at: string;
  last_used_at: string | null;
}
export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}
export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: number;
}
export interface LoginThrottlesTable {
  email: string;
  failures: number;
  last_at: number;
  next_at: number;
  locked_until: number | null;
}
export interface AppSettingsTable {
  key: string;
  value: string;
}

/** The job queue (jobs/). `payload` is JSON text; `dedupe_key` is unique when not null. */
export interface JobsTable {
  id: Generated<number>;
  name: string;
  payload: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  attempts: number;
  max_attempts: number;
  run_at: string;
  locked_by: string | null;
  locked_until: string | null;
  last_error: string | null;
  dedupe_key: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  /** The user who follows the job (GET /api/jobs/:id); null for system work. */
  owner_id: number | null;
  /** Reported by the handler (`ctx.progress(done, of)`); null until it reports. */
  progress_done: number | null;
  progress_of: number | null;
  /** JSON text of what the job produced (a blob key), when done. */
  result: string | null;
}

/** Recurring jobs that are rows (one per NAS source): the worker enqueues `name` when due. */
export interface JobSchedulesTable {
  id: Generated<number>;
  key: string;
  name: string;
  payload: string;
  every_seconds: number;
  next_run_at: string;
  enabled: number;
  last_job_id: number | null;
  created_at: string;
  updated_at: string;
}

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
}
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
/**
 * One row per asset, kept in step by triggers (migration 2026112204_search): what the searcher
 * filters and sorts on. `active`: asset and folder ACTIVE; `hidden`: asset PRIVATE or under a
 * PRIVATE folder; `sort_date`: created_at; `name_lc`: the name sort key (folded name, char(1), the name; 2026112601). PostgreSQL also has `tsv`.
 */
export interface AssetSearchTable {
  asset_id: number;
  brand_id: number;
  folder_id: number;
  folder_path: string;
  active: number;
  hidden: number;
  type: string;
  ext: string;
  author: string | null;
  language: string | null;
  categories: string;
  sort_date: string;
  name_lc: string;
  /** The asset's size in bytes (the size sort; 2026112690). */
  size: number;
}

/** Live assets per folder (or brand), privacy class and facet value; fed by triggers. */
export interface FacetCountsTable {
  hidden: number;
  facet: string;
  value: string;
  n: number;
}
export interface AssetFacetsTable extends FacetCountsTable {
  folder_id: number;
}
export interface BrandFacetsTable extends FacetCountsTable {
  brand_id: number;
}
/** One row per asset and category, with what a categories filter checks (2026112403). */
export interface AssetCategoriesTable {
  asset_id: number;
  brand_id: number;
  category: string;
  active: number;
  hidden: number;
  sort_date: string;
}

/** PostgreSQL only: one row per live asset and word of its tsv (2026112404). */
export interface AssetWordsTable {
  brand_id: number;
  word: string;
  folder_path: string;
  asset_id: number;
  hidden: number;
  type: string;
  ext: string;
}

/** PostgreSQL only: every word of asset_search.tsv (2026112302). */
export interface SearchVocabularyTable {
  word: string;
}

export interface SearchGenerationsTable {
  brand_id: number;
  n: number;
}

/** One row (id 1): bumped with any change to roles, permissions or who holds them. */
export interface GrantGenerationTable {
  id: number;
  n: number;
}

/** Append-only, hash-chained (2026112602_audit). */
export interface AuditLogTable {
  id: Generated<number>;
  seq: number;
  event: string;
  section: string;
  user_id: number | null;
  emulator_id: number | null;
  ip: string;
  user_agent: string | null;
  request_id: string | null;
  target_type: string | null;
  target_id: number | null;
  details: string;
  created_at: string;
  prev_hash: string;
  hash: string;
}
/** Collections and favourites (one per user: `favorite_of` = owner). */
export interface CollectionsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  favorite_of: number | null;
  created_at: string;
  updated_at: string;
}
export interface CollectionAssetsTable {
  collection_id: number;
  asset_id: number;
  added_at: string;
}
/** The chain's one head row: every audit writer updates it first. */
export interface AuditHeadTable {
  id: number;
  seq: number;
  hash: string;
  /** The first entry chained with the app key (HMAC); null while no key was ever set. */
  keyed_from: number | null;
  /** HMAC of `keyed_from`, so the boundary cannot be moved without the key. */
  keyed_mac: string | null;
}

/** A user's shortcut to an asset or folder (2026112604_shortcuts). */
export interface ShortcutsTable {
  id: Generated<number>;
  user_id: number;
  brand_id: number;
  shortable_type: string;
  shortable_id: number;
  name: string;
  created_at: string;
  updated_at: string;
}

/** A share link of a collection (2026112606_share_links); the token is stored only hashed and encrypted. */
export interface ShareLinksTable {
  id: Generated<number>;
  collection_id: number;
  owner_id: number;
  token_hash: string;
  token_enc: string;
  audience: string;
  password_hash: string | null;
  allow_download: Generated<number>;
  message: string | null;
  expires_at: string | null;
  revoked_at: string | null;
  views: Generated<number>;
  downloads: Generated<number>;
  watermark: Generated<number>;
  traceable: Generated<number>;
  created_at: string;
  updated_at: string;
}
export interface ShareLinkUsersTable {
  link_id: number;
  user_id: number;
}

/** A comment on an asset (2026112607_comments); `annotation` is the contract's Annotation as JSON. */
export interface CommentsTable {
  id: Generated<number>;
  asset_id: number;
  parent_id: number | null;
  user_id: number | null;
  version: number;
  body: string;
  annotation: string | null;
  resolved_at: string | null;
  resolved_by: number | null;
  created_at: string;
  edited_at: string | null;
}
/** The people a comment names: `kind` 'mention' (in its text) or 'notify' (users to notify). */
export interface CommentPeopleTable {
  comment_id: number;
  user_id: number;
  kind: string;
}
/** One notification of one user; `mail_after` is when its batched e-mail is due. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  actor_id: number | null;
  asset_id: number | null;
  comment_id: number | null;
  share_link_id: number | null;
  download_id: Generated<number | null>;
  read_at: string | null;
  mail_after: string | null;
  mailed_at: string | null;
  created_at: string;
}
/** Which notifications reach a user by e-mail (1 yes, 0 no); no row means all. */
export interface NotificationSettingsTable {
  user_id: number;
  mention: Generated<number>;
  reply: Generated<number>;
  upload_comment: Generated<number>;
  share: Generated<number>;
}
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

export interface Database {
  audit_log: AuditLogTable;
  audit_head: AuditHeadTable;
  users: UsersTable;
  roles: RolesTable;
  permissions: PermissionsTable;
  role_permissions: RolePermissionsTable;
  user_roles: UserRolesTable;
  user_permissions: UserPermissionsTable;
  brands: BrandsTable;
  user_brands: UserBrandsTable;
  access_tokens: AccessTokensTable;
  password_resets: PasswordResetsTable;
  rate_limits: RateLimitsTable;
  login_throttles: LoginThrottlesTable;
  app_settings: AppSettingsTable;
  jobs: JobsTable;
  job_schedules: JobSchedulesTable;
  extensions: ExtensionsTable;
  folders: FoldersTable;
  assets: AssetsTable;
  collections: CollectionsTable;
  collection_assets: CollectionAssetsTable;
  share_links: ShareLinksTable;
  comments: CommentsTable;
  comment_people: CommentPeopleTable;
  notifications: NotificationsTable;
  notification_settings: NotificationSettingsTable;
  share_link_users: ShareLinkUsersTable;
  asset_versions: AssetVersionsTable;
  asset_search: AssetSearchTable;
  asset_facets: AssetFacetsTable;
  brand_facets: BrandFacetsTable;
  asset_categories: AssetCategoriesTable;
  asset_words: AssetWordsTable;
  search_generations: SearchGenerationsTable;
  search_vocabulary: SearchVocabularyTable;
  grant_generation: GrantGenerationTable;
  shortcuts: ShortcutsTable;
  downloads: DownloadsTable;
  download_counts: DownloadCountsTable;
  brand_watermarks: BrandWatermarksTable;
  download_traces: DownloadTracesTable;
  brand_crop_presets: BrandCropPresetsTable;
  user_photo_uploads: UserPhotoUploadsTable;
  folder_asset_totals: FolderAssetTotalsTable;
  upload_days: UploadDaysTable;
  download_days: DownloadDaysTable;
  user_activity_days: UserActivityDaysTable;
  download_windows: DownloadWindowsTable;
  download_window_state: DownloadWindowStateTable;
  template_imports: TemplateImportsTable;
  sync_sources: SyncSourcesTable;
  sync_runs: SyncRunsTable;
  sync_run_items: SyncRunItemsTable;
  sync_entries: SyncEntriesTable;
  template_import_rows: TemplateImportRowsTable;
}

/** A profile photo uploaded and not yet set (2026112613_user_photos); the original, unframed. */
export interface UserPhotoUploadsTable {
  id: Generated<number>;
  user_id: number;
  uploaded_by: number | null;
  original_key: string;
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
/** Spreadsheet template imports (2026112620_template_imports). */
export interface TemplateImportsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  brand_id: number | null;
  name: string;
  state: string;
  lang: string;
  blob_key: string | null;
  result_key: string | null;
  job_id: number | null;
  run_at: string | null;
  rows_total: number | null;
  n_change: number | null;
  n_refused: number | null;
  n_unchanged: number | null;
  n_applied: number | null;
  n_apply_refused: number | null;
  n_apply_unchanged: number | null;
  error: string | null;
  created_at: string;
  previewed_at: string | null;
  applied_at: string | null;
  expires_at: string;
}
export interface TemplateImportRowsTable {
  import_id: number;
  row_no: number;
  target_id: number | null;
  label: string | null;
  outcome: string;
  changes: string;
  patch: string | null;
  version: string | null;
  reason: string | null;
  reason_vars: string | null;
  result: string | null;
  result_reason: string | null;
  result_vars: string | null;
}

/** NAS sync (2026112650_sync). */
export interface SyncSourcesTable {
  id: Generated<number>;
  name: string;
  path: string;
  brand_id: number;
  folder_id: number;
  schedule: string;
  daily_at: string | null;
  /** JSON arrays of globs. */
  include: string;
  exclude: string;
  on_missing: string;
  email_report: number;
  watch: number;
  enabled: number;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}
export interface SyncRunsTable {
  id: Generated<number>;
  source_id: number;
  status: string;
  trigger: string;
  job_id: number | null;
  started_by: number | null;
  n_seen: Generated<number>;
  n_new: Generated<number>;
  n_updated: Generated<number>;
  n_moved: Generated<number>;
  n_removed: Generated<number>;
  n_skipped: Generated<number>;
  n_failed: Generated<number>;
  n_unchanged: Generated<number>;
  /** Files that came back, their removed asset active again (2026112691). */
  n_restored: Generated<number>;
  nothing_changed: Generated<number>;
  error: string | null;
  queued_at: string;
  started_at: string | null;
  finished_at: string | null;
}
export interface SyncRunItemsTable {
  id: Generated<number>;
  run_id: number;
  path: string;
  outcome: string;
  reason: string | null;
  from_path: string | null;
  asset_id: number | null;
}
export interface SyncEntriesTable {
  source_id: number;
  rel_path: string;
  /** bigint: PostgreSQL answers a string. */
  size: number | string;
  mtime_ms: number | string;
  sha256: string | null;
  asset_id: number | null;
  failed_size: number | string | null;
  failed_mtime_ms: number | string | null;
  missing_since: string | null;
}
