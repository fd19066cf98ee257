import type { Generated } from 'kysely';

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
  /** Brand field values for the assets it creates, JSON by field key (2026112950). */
  field_values: Generated<string>;
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
