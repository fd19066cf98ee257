import { previewImport } from '../../modules/reports/imports.preview.js';
import { jobSchemas } from '../../jobs/payloads.js';
import { defineHandler } from '../../jobs/types.js';

/** Reads an uploaded template and stores its preview (modules/reports). */
export const reportsPreview = defineHandler({
  schema: jobSchemas['reports.preview'],
  timeoutMs: 10 * 60_000,
  run: ({ id }, ctx) => previewImport(ctx, id),
});
