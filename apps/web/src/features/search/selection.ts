import { useState } from 'react';
import type { AssetCard, FolderCard } from '@brandvault/contract';

/**
 * Selected assets by id, keeping the cards themselves so the actions still know names and
 * abilities after the list refetches or scrolls them out of the loaded pages.
 */
export interface Selection {
  items: Map<number, AssetCard>;
  /** Subfolders picked beside the assets (only downloads take whole folders). */
  folders: Map<number, FolderCard>;
  /** Index of the last plain click: the start of a shift-click range. */
  anchor: number | null;
}

export const emptySelection: Selection = { items: new Map(), folders: new Map(), anchor: null };

/** A click on the checkbox of `list[index]`; with shift, the range from the anchor takes its new state. */
export function toggle(sel: Selection, list: AssetCard[], index: number, shift = false): Selection {
  const target = list[index];
  if (!target) return sel;
  const items = new Map(sel.items);
  const select = !items.has(target.id);
  if (shift && sel.anchor !== null && list[sel.anchor]) {
    const [from, to] = sel.anchor < index ? [sel.anchor, index] : [index, sel.anchor];
    for (let i = from; i <= to; i += 1) {
      const a = list[i]!;
      if (select) items.set(a.id, a);
      else items.delete(a.id);
    }
  } else if (select) {
    items.set(target.id, target);
  } else {
    items.delete(target.id);
  }
  return { ...sel, items, anchor: index };
}

/** Adds or takes out one subfolder. */
export function toggleFolder(sel: Selection, folder: FolderCard): Selection {
  const folders = new Map(sel.folders);
  if (folders.has(folder.id)) folders.delete(folder.id);
  else folders.set(folder.id, folder);
  return { ...sel, folders };
}

/** Takes the given assets out, keeping the folders (the list header's "select all" unticked). */
export function deselect(sel: Selection, list: AssetCard[]): Selection {
  const items = new Map(sel.items);
  for (const a of list) items.delete(a.id);
  return { ...sel, items };
}

export function selectAll(sel: Selection, list: AssetCard[]): Selection {
  const items = new Map(sel.items);
  for (const a of list) items.set(a.id, a);
  return { ...sel, items };
}

/**
 * What the selected items all allow: an action is offered only when every item allows it. The
 * asset actions do not take folders, so a selection holding one offers only the download.
 */
export function commonAbilities(sel: Selection) {
  const list = [...sel.items.values()];
  const assetsOnly = sel.folders.size === 0;
  const all = (k: keyof AssetCard['abilities']) => list.length > 0 && list.every((a) => a.abilities[k]);
  return {
    move: assetsOnly && all('move'),
    copy: assetsOnly && all('copy'),
    remove: assetsOnly && all('remove'),
    download: (list.length > 0 || sel.folders.size > 0) && list.every((a) => a.abilities.download),
  };
}

/** Selection that starts over whenever `scope` (the query) changes. */
export function useSelection(scope: string) {
  const [state, setState] = useState({ scope, sel: emptySelection });
  const sel = state.scope === scope ? state.sel : emptySelection;
  const update = (fn: (s: Selection) => Selection) =>
    setState((prev) => ({ scope, sel: fn(prev.scope === scope ? prev.sel : emptySelection) }));
  return {
    selection: sel,
    toggle: (list: AssetCard[], index: number, shift: boolean) => update((s) => toggle(s, list, index, shift)),
    selectAll: (list: AssetCard[]) => update((s) => selectAll(s, list)),
    deselect: (list: AssetCard[]) => update((s) => deselect(s, list)),
    toggleFolder: (folder: FolderCard) => update((s) => toggleFolder(s, folder)),
    clear: () => update(() => emptySelection),
  };
}
