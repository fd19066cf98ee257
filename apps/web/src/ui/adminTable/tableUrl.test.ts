import { describe, expect, it } from 'vitest';
import { activeFilters, isNarrowed, nextSort, parseTableState, writeTableState } from './tableUrl';
import type { TableUrlConfig } from './tableUrl';

const config: TableUrlConfig = {
  filters: [
    {
      type: 'select',
      key: 'status',
      label: 'Status',
      allLabel: 'All',
      options: [
        { value: 'ACTIVE', label: 'Active' },
        { value: 'INACTIVE', label: 'Inactive' },
      ],
    },
    { type: 'text', key: 'ip', label: 'IP' },
    { type: 'dateRange', key: 'date', label: 'Date', fromLabel: 'From', toLabel: 'To' },
  ],
  perPage: 20,
  perPageOptions: [20, 50],
  sortKeys: ['name', 'created'],
  defaultSort: { key: 'created', dir: 'desc' },
};

const parse = (qs: string) => parseTableState(new URLSearchParams(qs), config);
const write = (qs: string, patch: Partial<ReturnType<typeof parse>>) =>
  writeTableState(new URLSearchParams(qs), { ...parse(qs), ...patch }, config).toString();

describe('admin table URL state', () => {
  it('reads every part from the URL', () => {
    expect(
      parse('q=ann&status=ACTIVE&ip=10.0&date_from=2026-01-01&date_to=2026-02-01&page=3&per_page=50&sort=-name'),
    ).toEqual({
      search: 'ann',
      page: 3,
      perPage: 50,
      sort: { key: 'name', dir: 'desc' },
      filters: { status: 'ACTIVE', ip: '10.0', date_from: '2026-01-01', date_to: '2026-02-01' },
    });
  });

  it('falls back to the defaults for anything missing, malformed or unknown', () => {
    expect(parse('status=NOPE&page=-2&per_page=33&sort=password&date_from=yesterday')).toEqual({
      search: '',
      page: 1,
      perPage: 20,
      sort: { key: 'created', dir: 'desc' },
      filters: { status: '', ip: '', date_from: '', date_to: '' },
    });
    expect(parse('page=1.5').page).toBe(1);
  });

  it('keeps an unlisted select value when the filter accepts one (options still loading)', () => {
    const loose: TableUrlConfig = {
      ...config,
      filters: [{ type: 'select', key: 'user', label: 'User', allLabel: 'All', options: [], acceptUnlisted: true }],
    };
    const s = parseTableState(new URLSearchParams('user=5&page=2'), loose);
    expect(s.filters).toEqual({ user: '5' });
    expect(writeTableState(new URLSearchParams(), { ...s, page: 3 }, loose).toString()).toBe('user=5&page=3');
  });

  it('leaves defaults out of the URL and keeps parameters it does not own', () => {
    expect(write('view=grid', {})).toBe('view=grid');
    expect(
      write('view=grid&q=ann&page=4', { search: '', page: 1, sort: { key: 'created', dir: 'desc' }, perPage: 20 }),
    ).toBe('view=grid');
    expect(write('', { search: ' ann ', page: 2, perPage: 50, sort: { key: 'name', dir: 'asc' } })).toBe(
      'q=ann&sort=name&per_page=50&page=2',
    );
    expect(write('', { filters: { status: 'INACTIVE', ip: '', date_from: '2026-01-01', date_to: '' } })).toBe(
      'status=INACTIVE&date_from=2026-01-01',
    );
  });

  it('tells narrowed lists and lists the active filters', () => {
    expect(isNarrowed(parse('page=3&sort=name'))).toBe(false);
    expect(isNarrowed(parse('q=x'))).toBe(true);
    expect(isNarrowed(parse('date_to=2026-01-01'))).toBe(true);
    expect(activeFilters(parse('status=ACTIVE&q=x'))).toEqual({ status: 'ACTIVE' });
  });

  it('cycles a header through ascending, descending and the default order', () => {
    const fallback = { key: 'created', dir: 'desc' } as const;
    expect(nextSort(fallback, 'name', fallback)).toEqual({ key: 'name', dir: 'asc' });
    expect(nextSort({ key: 'name', dir: 'asc' }, 'name', fallback)).toEqual({ key: 'name', dir: 'desc' });
    expect(nextSort({ key: 'name', dir: 'desc' }, 'name', fallback)).toEqual(fallback);
    // The default column flips instead of getting stuck on itself.
    expect(nextSort(fallback, 'created', fallback)).toEqual({ key: 'created', dir: 'asc' });
    expect(nextSort({ key: 'name', dir: 'desc' }, 'name', null)).toBeNull();
  });
});
