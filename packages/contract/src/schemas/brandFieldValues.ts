import { z } from 'zod';
import { IdNumber } from './common.js';

/**
 * Brand field values carried by uploads and sync sources (issue 39 §3), keyed by field key. The
 * same shape as metadata.ts's `FieldValue`, kept here because assets.ts and sync.ts sit below
 * metadata.ts in the import order (metadata imports assets); the server checks them with the same
 * rules as PUT /api/ops/asset/:id/fields.
 */
export const CarriedFieldValue = z.union([
  z.string().max(20000),
  z.number(),
  z.boolean(),
  z.array(IdNumber).max(500),
  z.null(),
]);
export const CarriedFieldValues = z
  .record(z.string().max(64), CarriedFieldValue)
  .refine((v) => Object.keys(v).length <= 200, { params: { key: 'invalid' } });
export type CarriedFieldValues = z.infer<typeof CarriedFieldValues>;

/** The tus metadata form: values are strings, so the field values travel as one JSON object. */
export const CarriedFieldValuesJson = z
  .string()
  .max(200_000)
  .transform((s, ctx) => {
    try {
      return JSON.parse(s) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', params: { key: 'invalid' } });
      return z.NEVER;
    }
  })
  .pipe(CarriedFieldValues);
