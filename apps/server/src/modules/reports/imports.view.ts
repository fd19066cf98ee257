import { refusalText } from '@brandvault/contract';
import type {
  ImportKind,
  ImportRow,
  ImportState,
  Lang,
  RowChange,
  RowRefusal,
  TemplateImport,
} from '@brandvault/contract';
import type { Selectable } from 'kysely';
import type { TemplateImportRowsTable } from '../../db/schema.js';
import { ASSET_COLUMNS } from './assetTemplate.js';
import type { ImportRowWithJob } from './reports.repo.js';
import { USER_COLUMNS } from './userTemplate.js';

type WithBrand = ImportRowWithJob & { brand_name?: string | null };

/** An import as the contract's answer; a job that failed for good reads as failed at once. */
export function importView(r: WithBrand): TemplateImport {
  let state = r.state as ImportState;
  if ((state === 'previewing' || state === 'applying') && r.job_status === 'failed') state = 'failed';
  const counted = r.rows_total !== null;
  return {
    id: r.id,
    kind: r.kind as ImportKind,
    name: r.name,
    state,
    job_id: r.job_id,
    brand: r.brand_id !== null && r.brand_name ? { id: r.brand_id, name: r.brand_name } : null,
    counts: counted
      ? { rows: r.rows_total!, change: r.n_change ?? 0, refused: r.n_refused ?? 0, unchanged: r.n_unchanged ?? 0 }
      : null,
    result:
      r.n_applied !== null
        ? { applied: r.n_applied, refused: r.n_apply_refused ?? 0, unchanged: r.n_apply_unchanged ?? 0 }
        : null,
    run_at: r.run_at,
    error: state === 'failed' ? (r.error ?? r.job_error) : null,
    created_at: r.created_at,
    previewed_at: r.previewed_at,
    applied_at: r.applied_at,
    expires_at: r.expires_at,
    has_result: state === 'applied' && r.result_key !== null,
    ignored_columns: r.ignored_columns ? (JSON.parse(r.ignored_columns) as string[]) : [],
  };
}

/** Column keys as their headers in each language (a reason names the column as the sheet does). */
const HEADERS = new Map([...ASSET_COLUMNS, ...USER_COLUMNS].map((c) => [c.key, c]));

/** A reason code with its values, in a language (null when there is none). */
export function reasonText(code: string | null, json: string | null, lang: Lang) {
  if (!code) return null;
  const vars = json ? (JSON.parse(json) as { field?: string; field_es?: string; value?: string }) : {};
  const column = vars.field ? HEADERS.get(vars.field) : undefined;
  // A brand field's refusal carries its own labels.
  const field = column ? column[lang] : lang === 'es' && vars.field_es ? vars.field_es : vars.field;
  return refusalText(code as RowRefusal, lang, { value: vars.value, field });
}

export function importRowView(r: Selectable<TemplateImportRowsTable>, lang: Lang): ImportRow {
  return {
    row: r.row_no,
    target_id: r.target_id,
    label: r.label,
    outcome: r.outcome as ImportRow['outcome'],
    changes: JSON.parse(r.changes) as RowChange[],
    reason: reasonText(r.reason, r.reason_vars, lang),
    result: (r.result as ImportRow['result']) ?? null,
    result_reason: reasonText(r.result_reason, r.result_vars, lang),
  };
}
