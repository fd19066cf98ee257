import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { activeFilters, isNarrowed, parseTableState, writeTableState } from './tableUrl';
import type { TableUrlConfig } from './tableUrl';
import type { FilterDef, SortState, TableState } from './types';

export const DEFAULT_PER_PAGE = 20;

export interface UseTableUrlOptions {
  filters?: readonly FilterDef[];
  /** Default page size (never written to the URL); 20 unless said otherwise. */
  perPage?: number;
  /** Sizes offered in the footer; none or one: no size picker. */
  perPageOptions?: readonly number[];
  /** Sortable column keys and the default order; without it the table has no sorting. */
  sort?: { keys: readonly string[]; default?: SortState | null };
}

interface Nav {
  /** Replace the current history entry instead of pushing one (e.g. while typing). */
  replace?: boolean;
}

export interface TableUrl {
  state: TableState;
  /** Filters that are set (non-empty values only), keyed by URL name, to spread into an API query. */
  active: Record<string, string>;
  /** A search or a filter narrows the rows: "nothing matches" rather than "nothing yet". */
  narrowed: boolean;
  config: TableUrlConfig;
  setSearch: (search: string, nav?: Nav) => void;
  /** Sets one or more filters by URL name ('' clears); back to page 1. */
  setFilters: (patch: Record<string, string>, nav?: Nav) => void;
  setPage: (page: number, nav?: Nav) => void;
  setPerPage: (perPage: number) => void;
  /** null: the default order. */
  setSort: (sort: SortState | null) => void;
  /** Drops the search and every filter; the order and page size stay. */
  clear: () => void;
}

/**
 * An admin table's search, filters, order, page and page size, kept in the URL search params so
 * links, reload and back/forward restore them. Defaults stay out of the URL; any change that alters
 * which rows match goes back to page 1. Each change pushes a history entry unless asked to replace.
 */
export function useTableUrl(options: UseTableUrlOptions = {}): TableUrl {
  const [params, setParams] = useSearchParams();
  const perPage = options.perPage ?? DEFAULT_PER_PAGE;
  const config: TableUrlConfig = {
    filters: options.filters ?? [],
    perPage,
    perPageOptions: options.perPageOptions ?? [perPage],
    sortKeys: options.sort?.keys ?? [],
    defaultSort: options.sort?.default ?? null,
  };
  const state = parseTableState(params, config);

  // A second change before the URL has caught up with the first (a quick second pick while a
  // loader runs) builds on the first: React Router hands a functional update the params of the
  // last render, so the second would silently drop the first.
  const pending = useRef<{ from: string; next: URLSearchParams } | null>(null);
  const update = (change: (s: TableState) => TableState, nav: Nav = {}) => {
    const at = params.toString();
    const base = pending.current?.from === at ? pending.current.next : params;
    const next = writeTableState(new URLSearchParams(base), change(parseTableState(base, config)), config);
    pending.current = { from: at, next };
    setParams(next, { replace: nav.replace ?? false });
  };

  return {
    state,
    active: activeFilters(state),
    narrowed: isNarrowed(state),
    config,
    setSearch: (search, nav) => update((s) => ({ ...s, search: search.trim(), page: 1 }), nav),
    setFilters: (patch, nav) => update((s) => ({ ...s, filters: { ...s.filters, ...patch }, page: 1 }), nav),
    setPage: (page, nav) => update((s) => ({ ...s, page: Math.max(1, Math.floor(page)) }), nav),
    setPerPage: (size) => update((s) => ({ ...s, perPage: size, page: 1 })),
    setSort: (sort) => update((s) => ({ ...s, sort: sort ?? config.defaultSort, page: 1 })),
    clear: () =>
      update((s) => ({
        ...s,
        search: '',
        filters: Object.fromEntries(Object.keys(s.filters).map((k) => [k, ''])),
        page: 1,
      })),
  };
}
