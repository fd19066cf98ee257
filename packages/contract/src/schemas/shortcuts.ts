import { z } from 'zod';
import { SHORTABLE_TYPES, SHORTCUT_NAME_MAX } from '../core/constants.js';
import type { ShortableKind } from '../core/constants.js';
import { text } from './common.js';
import { BrandSummary } from './brands.js';

/** Spec §5: a shortcut needs a name. */
export const ShortcutName = text().trim().min(1).max(SHORTCUT_NAME_MAX);

/** The body of create and update: `{name}`. */
export const ShortcutBody = z.strictObject({ name: ShortcutName });
export type ShortcutBody = z.input<typeof ShortcutBody>;

export const ShortableTypeSchema = z.enum([SHORTABLE_TYPES.asset, SHORTABLE_TYPES.folder]);

/** The kind a shortable_type names: its third segment, lowercased (spec §3); null otherwise. */
export function shortableKind(type: string): ShortableKind | null {
  const kind = type.split('\\')[2]?.toLowerCase();
  return kind === 'asset' || kind === 'folder' ? kind : null;
}

export const Shortcut = z.object({
  id: z.number().int(),
  name: z.string(),
  shortable_id: z.number().int(),
  shortable_type: ShortableTypeSchema,
  /** The folder to open: the folder itself, or the asset's folder. */
  folder_id: z.number().int(),
  brand: BrandSummary,
});
export type Shortcut = z.infer<typeof Shortcut>;

export const ShortcutResponse = z.object({ shortcut: Shortcut });
export const ShortcutRemoved = z.object({ message: z.string() });
