import { describe, expect, it } from 'vitest';
import { emptySearch, filterCount, parseSearch, sortFromOption, sortOption, toBody, writeSearch } from './searchState';
import { withField } from './fieldState';

describe("the brand's own fields in the search URL", () => {
  it('keeps field filters and a field sort through a shared link', () => {
    const state = {
      ...emptySearch,
      fields: { region: { any: [3] }, launch: { from: '2026-01-01' }, approved: { is: true } },
      sort: sortFromOption('f:budget-desc' as never),
    };
    const url = new URLSearchParams(writeSearch(new URLSearchParams('folder=2'), state).toString());
    expect(url.get('sort')).toBe('f:budget-desc');
    const back = parseSearch(url);
    expect(back.fields).toEqual(state.fields);
    expect(back.sort).toEqual({ attribute: 'name', mode: 'desc', field: 'budget' });
    expect(sortOption(back.sort)).toBe('f:budget-desc');
    expect(filterCount(back)).toBe(3);
    expect(toBody(back)).toMatchObject({
      recursive: true,
      fields: state.fields,
      sort: { field: 'budget', mode: 'desc' },
    });
  });

  it('ignores an edited or broken field parameter instead of failing', () => {
    expect(parseSearch(new URLSearchParams('mf=%7Bnot-json')).fields).toEqual({});
    expect(parseSearch(new URLSearchParams('mf={"x":{"bogus":1}}')).fields).toEqual({});
    expect(parseSearch(new URLSearchParams('sort=f:Bad Key-asc')).sort).toEqual(emptySearch.sort);
  });

  it('drops a field whose condition is emptied', () => {
    expect(withField({ a: { any: [1] } }, 'a', { any: [] })).toEqual({});
    expect(withField({}, 'b', { min: 3 })).toEqual({ b: { min: 3 } });
    expect(withField({ b: { min: 3 } }, 'b', { min: undefined, max: undefined })).toEqual({});
  });
});
