import type { Generated } from 'kysely';

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
  /** Brand field columns the sheet named that the brand does not have, JSON (2026112950). */
  ignored_columns: Generated<string | null>;
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
