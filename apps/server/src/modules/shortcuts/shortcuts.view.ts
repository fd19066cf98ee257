import type { BrandSummary, ShortableType, Shortcut } from '@brandvault/contract';
import type { ShortcutRow } from './shortcuts.repo.js';

/** A shortcut row as the contract's `Shortcut`: with its brand, and the folder it opens. */
export const shortcutView = (s: ShortcutRow, brand: BrandSummary, folderId: number): Shortcut => ({
  id: s.id,
  name: s.name,
  shortable_id: s.shortable_id,
  shortable_type: s.shortable_type as ShortableType,
  folder_id: folderId,
  brand,
});
