import { applyImport } from '../../modules/reports/imports.apply.js';
import { jobSchemas } from '../../jobs/payloads.js';
import { defineHandler } from '../../jobs/types.js';

/** Applies a previewed template, now or at the time its owner chose (modules/reports). */
export const reportsApply = defineHandler({
  schema: jobSchemas['reports.apply'],
  timeoutMs: 30 * 60_000,
  run: ({ id }, ctx) => applyImport(ctx, id),
});
