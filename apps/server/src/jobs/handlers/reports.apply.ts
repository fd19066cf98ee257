import { z } from 'zod';
import { applyImport } from '../../modules/reports/imports.apply.js';
import { defineHandler } from '../types.js';

/** Applies a previewed template, now or at the time its owner chose (modules/reports). */
export const reportsApply = defineHandler({
  schema: z.object({ id: z.number().int().positive() }),
  timeoutMs: 30 * 60_000,
  run: ({ id }, ctx) => applyImport(ctx, id),
});
