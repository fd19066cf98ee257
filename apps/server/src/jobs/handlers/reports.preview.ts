import { z } from 'zod';
import { previewImport } from '../../modules/reports/imports.preview.js';
import { defineHandler } from '../types.js';

/** Reads an uploaded template and stores its preview (modules/reports). */
export const reportsPreview = defineHandler({
  schema: z.object({ id: z.number().int().positive() }),
  timeoutMs: 10 * 60_000,
  run: ({ id }, ctx) => previewImport(ctx, id),
});
