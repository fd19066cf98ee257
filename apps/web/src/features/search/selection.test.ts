import { describe, expect, it } from 'vitest';
import type { AssetCard } from '@brandvault/contract';
import { assetCard } from '../../test/fixtures';
import type { FolderCard } from '@brandvault/contract';
import { commonAbilities, deselect, emptySelection, selectAll, toggle, toggleFolder } from './selection';

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
    expect(commonAbilities(s)).toEqual({ move: true, copy: true, remove: true, download: true });
    s = toggle(s, [card(1), card(2, { remove: false })], 1);
    expect(commonAbilities(s)).toEqual({ move: true, copy: true, remove: false, download: true });
    expect(commonAbilities(emptySelection)).toEqual({ move: false, copy: false, remove: false, download: false });
  });

  it('takes folders beside assets, and then offers only the download', () => {
    const folder = { id: 9, name: 'Summer' } as FolderCard;
    let s = toggle(emptySelection, list, 0);
    s = toggleFolder(s, folder);
    expect([...s.folders.keys()]).toEqual([9]);
    expect(commonAbilities(s)).toEqual({ move: false, copy: false, remove: false, download: true });
    // A folder alone can be downloaded; an asset that may not be blocks the whole selection.
    expect(commonAbilities(toggleFolder(emptySelection, folder)).download).toBe(true);
    expect(commonAbilities(toggle(s, [card(5, { download: false })], 0)).download).toBe(false);
    // Unticking the loaded assets keeps the folder; ticking the folder again takes it out.
    s = deselect(s, list);
    expect(ids(s)).toEqual([]);
    expect(s.folders.size).toBe(1);
    expect(toggleFolder(s, folder).folders.size).toBe(0);
  });
});
