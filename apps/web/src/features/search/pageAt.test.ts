import { describe, expect, it } from 'vitest';
import { SEARCH_PAGE_SIZE, firstPageSize, nextPageAt } from './api';

describe("the scroll's pages", () => {
  it('start with about a screenful: 25 on a phone or laptop, 50 on a large screen', () => {
    expect(firstPageSize(390, 844)).toBe(25);
    expect(firstPageSize(1280, 720)).toBe(25);
    expect(firstPageSize(1920, 1080)).toBe(50);
    expect(firstPageSize(2560, 1440)).toBe(SEARCH_PAGE_SIZE);
  });

  it('grow to 100 and meet without a gap or an overlap', () => {
    for (const first of [25, 50, 100]) {
      let loaded = first;
      const sizes = [first];
      while (loaded < 1000) {
        const next = nextPageAt(loaded, first);
        // The page starts exactly where the loaded items end.
        expect((next.page - 1) * next.per_page).toBe(loaded);
        sizes.push(next.per_page);
        loaded += next.per_page;
      }
      expect(sizes.at(-1)).toBe(SEARCH_PAGE_SIZE);
    }
    expect([nextPageAt(25, 25), nextPageAt(50, 25), nextPageAt(100, 25)]).toEqual([
      { page: 2, per_page: 25 },
      { page: 2, per_page: 50 },
      { page: 2, per_page: 100 },
    ]);
  });
});
