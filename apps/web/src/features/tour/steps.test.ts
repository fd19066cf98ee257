import { describe, expect, it } from 'vitest';
import { FINAL_STEP, INTRO_STEPS, SEARCHER_STEPS, resolveSteps, tourTotal } from './steps';

/** A page holding exactly these anchors. */
const page = (...anchors: string[]) => {
  const els = new Map(anchors.map((a) => [a, document.createElement('div')]));
  return (anchor: string) => els.get(anchor);
};

const all = [
  'searcher-header',
  'left-sidebar',
  'filters-toggle',
  'sort',
  'searcher-buttons',
  'folder-card',
  'asset-card',
];

describe('tour steps', () => {
  it('are 12 plus the final one, as the spec counts them', () => {
    expect(INTRO_STEPS.map((s) => s.id)).toEqual(['logo', 'collections', 'favorites', 'brands']);
    expect(SEARCHER_STEPS.map((s) => s.id)).toEqual([
      'welcome',
      'header',
      'sidebar',
      'filters',
      'sort',
      'buttons',
      'folder',
      'asset',
    ]);
    expect(INTRO_STEPS.length + SEARCHER_STEPS.length).toBe(12);
    expect(FINAL_STEP.id).toBe('done');
    expect(tourTotal(INTRO_STEPS.length)).toBe(13);
  });

  it('number the searcher on from the intro and keep the welcome, which stands nowhere', () => {
    const steps = resolveSteps(SEARCHER_STEPS, page(...all), 5);
    expect(steps.map((s) => [s.def.id, s.number])).toEqual([
      ['welcome', 5],
      ['header', 6],
      ['sidebar', 7],
      ['filters', 8],
      ['sort', 9],
      ['buttons', 10],
      ['folder', 11],
      ['asset', 12],
    ]);
    expect(steps[0]!.element).toBeUndefined();
  });

  it('leave out an intro step whose element is missing, and count one fewer', () => {
    const steps = resolveSteps(INTRO_STEPS, page('logo', 'my_collections', 'brand-cards'));
    expect(steps.map((s) => s.def.id)).toEqual(['logo', 'collections', 'brands']);
    expect(tourTotal(steps.length)).toBe(12);
  });

  it('keep the folder and asset steps centred when the brand shows none, so the count stays 13', () => {
    const bare = all.filter((a) => a !== 'folder-card' && a !== 'asset-card');
    const steps = resolveSteps(SEARCHER_STEPS, page(...bare), 5);
    expect(steps.map((s) => [s.def.id, s.number, s.element])).toContainEqual(['folder', 11, undefined]);
    expect(steps.at(-1)).toMatchObject({ def: { id: 'asset' }, number: 12, element: undefined });
    expect(tourTotal(4, steps.length)).toBe(13);
    // An asset of a folder ("Recently added") stands in for one at the top level.
    const recent = resolveSteps(SEARCHER_STEPS, page(...bare, 'asset-recent'), 5);
    expect(recent.at(-1)).toMatchObject({ def: { id: 'asset' }, anchor: 'asset-recent' });
  });

  it('stand on the fallback anchor when the first is not on screen (the burger of a phone)', () => {
    const steps = resolveSteps(INTRO_STEPS, page('logo', 'menu-compact', 'brand-cards'));
    expect(steps.map((s) => [s.def.id, s.anchor])).toEqual([
      ['logo', 'logo'],
      ['collections', 'menu-compact'],
      ['favorites', 'menu-compact'],
      ['brands', 'brand-cards'],
    ]);
    const wide = resolveSteps(INTRO_STEPS, page('logo', 'my_collections', 'my_favorites', 'menu-compact'));
    expect(wide.map((s) => s.anchor)).toEqual(['logo', 'my_collections', 'my_favorites']);
  });
});
