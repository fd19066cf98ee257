import { sendReport } from '../../modules/reports/reports.send.js';
import { jobSchemas } from '../../jobs/payloads.js';
import { defineHandler } from '../../jobs/types.js';

/** Produces a report and sends it by e-mail to its owner (modules/reports). */
export const reportsSend = defineHandler({
  schema: jobSchemas['reports.send'],
  timeoutMs: 10 * 60_000,
  run: (p, ctx) => sendReport(ctx, p),
});
