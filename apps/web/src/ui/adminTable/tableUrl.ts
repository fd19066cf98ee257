import type { FilterDef, SortState, TableState } from './types';

/** Parameters the table itself owns; filter keys must not reuse them. */
export const TABLE_PARAMS = { search: 'q', page: 'page', perPage: 'per_page', sort: 'sort' } as const;

const MAX_PAGE = 100000;
const MAX_TEXT = 255;

export interface TableUrlConfig {
  filters: readonly FilterDef[];
  /** The default page size: it stays out of the URL. */
  perPage: number;
  /** Page sizes a link may ask for (the default is always allowed). */
  perPageOptions: readonly number[];
  /** Columns the list can be sorted by. */
  sortKeys: readonly string[];
  /** The order when the URL names none (it is never written). */
  defaultSort: SortState | null;
}

/** The URL names a filter uses: its key, or `${key}_from` and `${key}_to` for a date range. */
export function filterParams(def: FilterDef): string[] {
  return def.type === 'dateRange' ? [`${def.key}_from`, `${def.key}_to`] : [def.key];
}

export const isIsoDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v));

function positiveInt(raw: string | null, max: number): number | null {
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= max ? n : null;
}

function readFilter(def: FilterDef, params: URLSearchParams, out: Record<string, string>) {
  if (def.type === 'dateRange') {
    for (const name of filterParams(def)) {
      const v = params.get(name) ?? '';
      out[name] = isIsoDate(v) ? v : '';
    }
    return;
  }
  const v = (params.get(def.key) ?? '').trim().slice(0, MAX_TEXT);
  if (def.type === 'select') out[def.key] = def.acceptUnlisted || def.options.some((o) => o.value === v) ? v : '';
  else out[def.key] = v;
}

function readSort(raw: string | null, cfg: TableUrlConfig): SortState | null {
  if (!raw) return cfg.defaultSort;
  const desc = raw.startsWith('-');
  const key = desc ? raw.slice(1) : raw;
  return cfg.sortKeys.includes(key) ? { key, dir: desc ? 'desc' : 'asc' } : cfg.defaultSort;
}

/** Reads the table's state from the URL; anything malformed or unknown falls back to the default. */
export function parseTableState(params: URLSearchParams, cfg: TableUrlConfig): TableState {
  const perPage = positiveInt(params.get(TABLE_PARAMS.perPage), 1000);
  const filters: Record<string, string> = {};
  for (const def of cfg.filters) readFilter(def, params, filters);
  return {
    search: (params.get(TABLE_PARAMS.search) ?? '').trim().slice(0, MAX_TEXT),
    page: positiveInt(params.get(TABLE_PARAMS.page), MAX_PAGE) ?? 1,
    perPage: perPage !== null && cfg.perPageOptions.includes(perPage) ? perPage : cfg.perPage,
    sort: readSort(params.get(TABLE_PARAMS.sort), cfg),
    filters,
  };
}

const sameSort = (a: SortState | null, b: SortState | null) =>
  a === b || (a !== null && b !== null && a.key === b.key && a.dir === b.dir);

/**
 * Writes the state into a copy of `base`, leaving out every default (page 1, the default size and
 * order, empty search and filters); parameters that belong to someone else are kept.
 */
export function writeTableState(base: URLSearchParams, s: TableState, cfg: TableUrlConfig): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const p of Object.values(TABLE_PARAMS)) next.delete(p);
  for (const def of cfg.filters) for (const name of filterParams(def)) next.delete(name);

  const search = s.search.trim();
  if (search) next.set(TABLE_PARAMS.search, search);
  for (const def of cfg.filters)
    for (const name of filterParams(def)) {
      const v = (s.filters[name] ?? '').trim();
      if (v) next.set(name, v);
    }
  if (s.sort && !sameSort(s.sort, cfg.defaultSort))
    next.set(TABLE_PARAMS.sort, s.sort.dir === 'desc' ? `-${s.sort.key}` : s.sort.key);
  if (s.perPage !== cfg.perPage) next.set(TABLE_PARAMS.perPage, String(s.perPage));
  if (s.page > 1) next.set(TABLE_PARAMS.page, String(s.page));
  return next;
}

/** Whether a search or a filter narrows the rows (order and page size do not). */
export function isNarrowed(s: TableState): boolean {
  return s.search !== '' || Object.values(s.filters).some((v) => v !== '');
}

/** The filters that are set, ready to spread into an API query. */
export function activeFilters(s: TableState): Record<string, string> {
  return Object.fromEntries(Object.entries(s.filters).filter(([, v]) => v !== ''));
}

/**
 * The next order when a sortable header is clicked: ascending, descending, then back to the
 * default order (the column that is the default order just flips).
 */
export function nextSort(current: SortState | null, key: string, fallback: SortState | null): SortState | null {
  if (!current || current.key !== key) return { key, dir: 'asc' };
  if (current.dir === 'asc') return { key, dir: 'desc' };
  return fallback?.key === key ? { key, dir: 'asc' } : fallback;
}
