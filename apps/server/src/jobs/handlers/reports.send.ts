import { z } from 'zod';
import { sendReport } from '../../modules/reports/reports.send.js';
import { defineHandler } from '../types.js';

/** Produces a report and sends it by e-mail to its owner (modules/reports). */
export const reportsSend = defineHandler({
  schema: z.object({ kind: z.enum(['assets', 'users']), userId: z.number().int().positive(), request: z.unknown() }),
  timeoutMs: 10 * 60_000,
  run: (p, ctx) => sendReport(ctx, p),
});
