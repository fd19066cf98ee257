import { useState } from 'react';
import type { AssetCard } from '@brandvault/contract';

/**
 * Selected assets by id, keeping the cards themselves so the actions still know names and
 * abilities after the list refetches or scrolls them out of the loaded pages.
 */
export interface Selection {
  items: Map<number, AssetCard>;
  /** Index of the last plain click: the start of a shift-click range. */
  anchor: number | null;
}

export const emptySelection: Selection = { items: new Map(), anchor: null };

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
  return { items, anchor: index };
}

export function selectAll(sel: Selection, list: AssetCard[]): Selection {
  const items = new Map(sel.items);
  for (const a of list) items.set(a.id, a);
  return { items, anchor: sel.anchor };
}

/** What the selected items all allow: an action is offered only when every item allows it. */
export function commonAbilities(sel: Selection) {
  const list = [...sel.items.values()];
  const all = (k: keyof AssetCard['abilities']) => list.length > 0 && list.every((a) => a.abilities[k]);
  return { move: all('move'), copy: all('copy'), remove: all('remove') };
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
    clear: () => update(() => emptySelection),
  };
}
