import { runBulkUndo } from '../../modules/metadataBulk/bulk.run.js';
import { jobSchemas } from '../../jobs/payloads.js';
import { defineHandler } from '../../jobs/types.js';

/** Undoes a bulk edit of metadata fields (modules/metadataBulk). */
export const metadataBulkUndo = defineHandler({
  schema: jobSchemas['metadata.bulkUndo'],
  timeoutMs: 30 * 60_000,
  run: ({ id, userId }, ctx) => runBulkUndo(ctx, id, userId),
});
