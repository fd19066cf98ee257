import { describe, expect, it } from 'vitest';
import { FOLD_FROM, FOLD_TO, foldAccents } from './fold.js';
import * as built from './migrations/support/fold.js';

describe('accent folding', () => {
  it('folds queries with the table the search index was built with (frozen in migrations/support)', () => {
    expect(FOLD_FROM).toBe(built.FOLD_FROM);
    expect(FOLD_TO).toBe(built.FOLD_TO);
  });

  it('replaces each character of the table by its plain letter, as translate() does', () => {
    expect([...FOLD_FROM].length).toBe([...FOLD_TO].length);
    expect(foldAccents('Árbol ÉTÉ naïve')).toBe('arbol eTe naive');
  });
});
