import { describe, expect, it } from 'vitest';
import {
  clearFilters,
  emptySearch,
  filterCount,
  fromBody,
  parseSearch,
  sortOption,
  toBody,
  writeSearch,
} from './searchState';
import type { SearchState } from './searchState';

const full: SearchState = {
  q: 'summer beach',
  author: ['Ana López', 'Bruno'],
  type: ['image', 'document'],
  categories: ['Campaign'],
  language: ['Minimal'],
  extension: ['jpg'],
  dateFrom: '2026-01-01',
  dateTo: '2026-03-31',
  visibility: 'PRIVATE',
  availability: ['expiring', 'expired'],
  expiringWithin: 30,
  colours: ['red', 'blue'],
  people: [],
  fields: {},
  detected: ['person', 'dog'],
  sort: { attribute: 'date', mode: 'latest' },
};

describe('search state in the URL', () => {
  it('carries people filters as repeated person parameters into the body (issue 42 §3)', () => {
    const s = parseSearch(new URLSearchParams('person=7&person=9&person=x'));
    expect(s.people).toEqual([7, 9]);
    expect(writeSearch(new URLSearchParams(), s).getAll('person')).toEqual(['7', '9']);
    expect(toBody(s).people).toEqual([7, 9]);
    expect(fromBody(toBody(s)).people).toEqual([7, 9]);
  });

  it('survives a round trip through the query string, next to the folder', () => {
    const url = writeSearch(new URLSearchParams('folder=12&view=5'), full);
    const again = new URLSearchParams(url.toString());
    expect(again.get('folder')).toBe('12');
    expect(again.get('view')).toBe('5');
    expect(parseSearch(again)).toEqual(full);
  });

  it('leaves a plain folder link plain: defaults write nothing', () => {
    expect(writeSearch(new URLSearchParams('folder=3'), emptySearch).toString()).toBe('folder=3');
  });

  it('ignores malformed values rather than sending them to the server', () => {
    const s = parseSearch(
      new URLSearchParams('type=image&type=bogus&from=yesterday&vis=SECRET&sort=size-up&author=%20'),
    );
    expect(s.type).toEqual(['image']);
    expect(s.dateFrom).toBe('');
    expect(s.visibility).toBeNull();
    expect(s.sort).toEqual({ attribute: 'name', mode: 'asc' });
    expect(s.author).toEqual([]);
  });

  it('keeps detected labels the model knows, and sends them as the body asks', () => {
    const s = parseSearch(new URLSearchParams('det=dog&det=unicorn&det=tennis_racket'));
    expect(s.detected).toEqual(['dog', 'tennis_racket']);
    expect(toBody(s)).toMatchObject({ detected: ['dog', 'tennis_racket'], recursive: true });
    expect(fromBody(toBody(s)).detected).toEqual(['dog', 'tennis_racket']);
  });

  it('keeps palette colours in palette order and drops unknown ones', () => {
    const s = parseSearch(new URLSearchParams('colour=blue&colour=crimson&colour=red'));
    expect(s.colours).toEqual(['red', 'blue']);
    expect(toBody(s).colours).toEqual(['red', 'blue']);
    expect(filterCount(s)).toBe(2);
  });

  it('keeps availability states in their order and a day count within bounds', () => {
    const s = parseSearch(new URLSearchParams('avail=expired&avail=lost&avail=expiring&within=30'));
    expect(s.availability).toEqual(['expiring', 'expired']);
    expect(s.expiringWithin).toBe(30);
    expect(parseSearch(new URLSearchParams('within=366')).expiringWithin).toBeNull();
    expect(parseSearch(new URLSearchParams('within=-1')).expiringWithin).toBeNull();
    expect(parseSearch(new URLSearchParams('within=0')).expiringWithin).toBe(0);
    expect(
      writeSearch(new URLSearchParams(), { ...emptySearch, availability: ['expired'], expiringWithin: 7 }).toString(),
    ).toBe('avail=expired&within=7');
  });

  it('replaces earlier searcher parameters instead of adding to them', () => {
    const once = writeSearch(new URLSearchParams(), full);
    const twice = writeSearch(once, { ...full, author: ['Bruno'] });
    expect(twice.getAll('author')).toEqual(['Bruno']);
  });
});

describe('a pasted address', () => {
  it('searches the first 500 characters of a longer text instead of failing', () => {
    const q = 'x'.repeat(600);
    const state = parseSearch(new URLSearchParams({ q }));
    expect(state.q).toHaveLength(500);
    expect(toBody(state).q).toBe('x'.repeat(500));
  });
});

describe('request body', () => {
  it('lists the folder alone while browsing', () => {
    expect(toBody(emptySearch)).toEqual({ recursive: false, sort: { attribute: 'name', mode: 'asc' } });
  });

  it('searches the subfolders too once there is a query or a filter', () => {
    expect(toBody({ ...emptySearch, q: '  logo ' })).toMatchObject({ q: 'logo', recursive: true });
    expect(toBody({ ...emptySearch, type: ['video'] })).toMatchObject({ type: ['video'], recursive: true });
    expect(toBody(full)).toEqual({
      q: 'summer beach',
      author: ['Ana López', 'Bruno'],
      type: ['image', 'document'],
      categories: ['Campaign'],
      language: ['Minimal'],
      extension: ['jpg'],
      date_from: '2026-01-01',
      date_to: '2026-03-31',
      visibility: 'PRIVATE',
      availability: ['expiring', 'expired'],
      expiring_within: 30,
      detected: ['person', 'dog'],
      colours: ['red', 'blue'],
      recursive: true,
      sort: { attribute: 'date', mode: 'latest' },
    });
  });

  it('counts filters and clears them, keeping the sort (and the words unless asked)', () => {
    expect(filterCount(full)).toBe(17);
    expect(clearFilters(full)).toEqual({ ...emptySearch, q: full.q, sort: full.sort });
    expect(clearFilters(full, false)).toEqual({ ...emptySearch, sort: full.sort });
  });

  it('shows the equivalent of every sort combination in the dropdown', () => {
    expect(sortOption({ attribute: 'name', mode: 'desc' })).toBe('name-desc');
    expect(sortOption({ attribute: 'name', mode: 'latest' })).toBe('date-latest');
    expect(sortOption({ attribute: 'date', mode: 'asc' })).toBe('date-oldest');
    expect(sortOption({ attribute: 'date', mode: 'desc' })).toBe('date-latest');
    expect(sortOption({ attribute: 'type', mode: 'asc' })).toBe('type-asc');
    expect(sortOption({ attribute: 'type', mode: 'desc' })).toBe('type-desc');
    expect(sortOption({ attribute: 'type', mode: 'oldest' })).toBe('date-oldest');
    expect(sortOption({ attribute: 'size', mode: 'desc' })).toBe('size-desc');
    expect(sortOption({ attribute: 'size', mode: 'asc' })).toBe('size-asc');
    expect(sortOption({ attribute: 'size', mode: 'latest' })).toBe('date-latest');
  });
});

describe('fromBody', () => {
  it('gives back the state a body was made from (a saved search reopened)', () => {
    const s = {
      ...emptySearch,
      q: 'poster',
      type: ['image' as const],
      categories: ['Spring'],
      dateFrom: '2026-01-01',
      visibility: 'PUBLIC' as const,
      sort: { attribute: 'date' as const, mode: 'latest' as const },
    };
    expect(fromBody(toBody(s))).toEqual(s);
  });

  it('keeps the brand field filters and a field sort of a saved search', () => {
    const s = {
      ...emptySearch,
      fields: { region: { any: [4] }, budget: { min: 10, max: 20 } },
      sort: { attribute: 'name' as const, mode: 'desc' as const, field: 'shoot_date' },
    };
    expect(fromBody(toBody(s))).toEqual(s);
  });
});
