import type { Generated } from 'kysely';

// Bulk edits of metadata fields (2026112961_bulk_edits).

/** `ops` the edit's operations by field key, `asset_ids` the assets it reaches (JSON). */
export interface BulkEditsTable {
  id: Generated<number>;
  brand_id: number;
  user_id: number;
  /** 'applying' | 'applied' | 'undoing' | 'undone' | 'failed' */
  status: string;
  ops: string;
  asset_ids: string;
  matched: number;
  changed: number;
  done: number;
  job_id: number | null;
  undo_job_id: number | null;
  created_at: string;
  applied_at: string | null;
  undone_at: string | null;
}

/** `before`: the value rows the asset held for the field, `[option, text, number, date, bool]` each (JSON). */
export interface BulkEditValuesTable {
  bulk_edit_id: number;
  asset_id: number;
  field_id: number;
  before: string;
}
