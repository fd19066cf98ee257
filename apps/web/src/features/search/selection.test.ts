import { describe, expect, it } from 'vitest';
import type { AssetCard } from '@brandvault/contract';
import { assetCard } from '../../test/fixtures';
import { commonAbilities, emptySelection, selectAll, toggle } from './selection';

const card = (id: number, over: Partial<AssetCard['abilities']> = {}) =>
  assetCard(id, { name: `a${id}.jpg`, abilities: { ...assetCard(id).abilities, ...over } });
const list = [1, 2, 3, 4, 5, 6].map((id) => card(id));
const ids = (s: { items: Map<number, AssetCard> }) => [...s.items.keys()].sort((a, b) => a - b);

describe('selection', () => {
  it('toggles one item at a time', () => {
    let s = toggle(emptySelection, list, 1);
    s = toggle(s, list, 3);
    expect(ids(s)).toEqual([2, 4]);
    s = toggle(s, list, 1);
    expect(ids(s)).toEqual([4]);
  });

  it('selects the range from the last click with shift, in either direction', () => {
    let s = toggle(emptySelection, list, 4);
    s = toggle(s, list, 1, true);
    expect(ids(s)).toEqual([2, 3, 4, 5]);
    // The anchor moved to the last click (index 1); shift-clicking a selected item unselects that range.
    s = toggle(s, list, 2, true);
    expect(ids(s)).toEqual([4, 5]);
  });

  it('selects everything loaded, keeping what was selected before', () => {
    const s = selectAll(toggle(emptySelection, [card(99)], 0), list);
    expect(ids(s)).toEqual([1, 2, 3, 4, 5, 6, 99]);
  });

  it('offers an action only when every selected item allows it', () => {
    let s = toggle(emptySelection, [card(1), card(2, { remove: false })], 0);
    expect(commonAbilities(s)).toEqual({ move: true, copy: true, remove: true });
    s = toggle(s, [card(1), card(2, { remove: false })], 1);
    expect(commonAbilities(s)).toEqual({ move: true, copy: true, remove: false });
    expect(commonAbilities(emptySelection)).toEqual({ move: false, copy: false, remove: false });
  });
});
