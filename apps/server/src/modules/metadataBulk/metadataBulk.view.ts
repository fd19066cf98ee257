import type { BulkEdit, BulkEditStatus } from '@brandvault/contract';
import type { Principal } from '../../access/principal.js';
import type { BulkEditRow } from './metadataBulk.repo.js';
import { metadataBulkPolicy, undoUntil } from './metadataBulk.policy.js';

export function bulkEditView(row: BulkEditRow, principal: Principal, now: Date): BulkEdit {
  const abilities = metadataBulkPolicy.abilities(principal, row, now);
  return {
    id: row.id,
    brand_id: row.brand_id,
    status: row.status as BulkEditStatus,
    matched: row.matched,
    changed: row.changed,
    done: row.done,
    job_id: row.job_id,
    undo_job_id: row.undo_job_id,
    created_at: row.created_at,
    applied_at: row.applied_at,
    undo_until: abilities.undo ? undoUntil(row)!.toISOString() : null,
    abilities,
  };
}
