import { z } from 'zod';
import { IdNumber, Timestamp } from './common.js';
import { FieldValue } from './metadata.js';
import { AssetSearchBody } from './search.js';
import { BULK_EDIT_MAX } from '../core/limits.js';
export { BULK_EDIT_MAX } from '../core/limits.js';

/** How long after a bulk edit is applied its author (or an administrator) may undo it. */
export const BULK_UNDO_MINUTES = 10;
export const BULK_EDIT_STATUSES = ['applying', 'applied', 'undoing', 'undone', 'failed'] as const;
export type BulkEditStatus = (typeof BULK_EDIT_STATUSES)[number];

/**
 * Which assets: chosen ones, a folder (with its subfolders unless `recursive` is false) or a
 * search under a folder (the searcher's filters). Exactly one of them.
 */
export const BulkTarget = z
  .strictObject({
    asset_ids: z.array(IdNumber).min(1).max(BULK_EDIT_MAX).optional(),
    folder: z.strictObject({ id: IdNumber, recursive: z.boolean().default(true) }).optional(),
    search: z.strictObject({ folder_id: IdNumber, filters: AssetSearchBody }).optional(),
  })
  .superRefine((t, ctx) => {
    const given = [t.asset_ids, t.folder, t.search].filter((x) => x !== undefined).length;
    if (given !== 1) ctx.addIssue({ code: 'custom', path: ['asset_ids'], params: { key: 'bulkTarget' }, input: t });
  });
export type BulkTarget = z.input<typeof BulkTarget>;

export const BULK_OPS = ['set', 'add', 'remove', 'clear'] as const;
export type BulkOpName = (typeof BULK_OPS)[number];

/**
 * One field's change: `set` a value (as PUT /fields takes it), `add` or `remove` options of a
 * multi select (remove also takes a select's or tree's option off), or `clear` it.
 */
export const BulkOp = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('set'), value: FieldValue }),
  z.strictObject({ op: z.literal('add'), values: z.array(IdNumber).min(1).max(500) }),
  z.strictObject({ op: z.literal('remove'), values: z.array(IdNumber).min(1).max(500) }),
  z.strictObject({ op: z.literal('clear') }),
]);
export type BulkOp = z.infer<typeof BulkOp>;

/** A bulk edit: its assets and, by field key, what to do to each field. */
export const BulkEditBody = z.strictObject({
  target: BulkTarget,
  ops: z
    .record(z.string().max(64), BulkOp)
    .refine((o) => Object.keys(o).length >= 1 && Object.keys(o).length <= 50, { params: { key: 'bulkOps' } }),
});
export type BulkEditBody = z.input<typeof BulkEditBody>;

/** What a bulk edit would do: assets reached, those that would change, and per field. */
export const BulkEditPreview = z.object({
  matched: z.number().int(),
  changed: z.number().int(),
  per_field: z.record(z.string(), z.number().int()),
});
export type BulkEditPreview = z.infer<typeof BulkEditPreview>;

/** A bulk edit as its author follows it; `undo_until` is null once it can no longer be undone. */
export const BulkEdit = z.object({
  id: z.number().int(),
  brand_id: z.number().int(),
  status: z.enum(BULK_EDIT_STATUSES),
  matched: z.number().int(),
  changed: z.number().int(),
  done: z.number().int(),
  job_id: z.number().int().nullable(),
  undo_job_id: z.number().int().nullable(),
  created_at: Timestamp,
  applied_at: Timestamp.nullable(),
  undo_until: Timestamp.nullable(),
  abilities: z.object({ undo: z.boolean() }),
});
export type BulkEdit = z.infer<typeof BulkEdit>;
