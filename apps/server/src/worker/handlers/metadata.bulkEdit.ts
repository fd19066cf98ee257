import { runBulkEdit } from '../../modules/metadataBulk/bulk.run.js';
import { jobSchemas } from '../../jobs/payloads.js';
import { defineHandler } from '../../jobs/types.js';

/** Applies a bulk edit of metadata fields (modules/metadataBulk). */
export const metadataBulkEdit = defineHandler({
  schema: jobSchemas['metadata.bulkEdit'],
  timeoutMs: 30 * 60_000,
  run: ({ id }, ctx) => runBulkEdit(ctx, id),
});
