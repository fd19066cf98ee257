import { def } from '../core/routeDef.js';
import { IdParams } from './common.js';
import { BulkEdit, BulkEditBody, BulkEditPreview } from './metadataBulk.js';

const update = { permission: 'asset.update' } as const;

/**
 * Bulk edit of metadata fields (issue 39 §5): only the assets the caller may update are reached;
 * the edit runs as a job, and its author (or an administrator) may undo it for ten minutes.
 */
export const metadataBulkRoutes = {
  metadataBulkPreview: def({
    method: 'POST',
    path: '/api/ops/metadata/bulk/preview',
    access: update,
    summary: 'How many assets a bulk edit of metadata fields reaches and would change, per field',
    body: BulkEditBody,
    response: BulkEditPreview,
  }),
  metadataBulkApply: def({
    method: 'POST',
    path: '/api/ops/metadata/bulk',
    access: update,
    summary: 'Apply a bulk edit of metadata fields as a job (follow it at GET …/bulk/:id)',
    body: BulkEditBody,
    response: BulkEdit,
    status: 202,
  }),
  metadataBulkStatus: def({
    method: 'GET',
    path: '/api/ops/metadata/bulk/:id',
    access: update,
    summary: 'A bulk edit: its state, progress and until when it can be undone',
    params: IdParams,
    response: BulkEdit,
  }),
  metadataBulkUndo: def({
    method: 'POST',
    path: '/api/ops/metadata/bulk/:id/undo',
    access: update,
    summary: 'Undo a bulk edit (its author or an administrator, within ten minutes) as a job',
    params: IdParams,
    response: BulkEdit,
    status: 202,
  }),
} as const;
