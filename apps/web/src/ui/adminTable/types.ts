import type { ReactNode } from 'react';
import type { MantineBreakpoint, MantineColor } from '@mantine/core';

/** One column of an admin table. */
export interface ColumnDef<T> {
  /** Stable id; for a sortable column also the sort key written to the URL (`sort=key` / `sort=-key`). */
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Any CSS width (number: px). */
  width?: number | string;
  /** Needs the key to be listed in `useTableUrl({ sort: { keys } })` too. */
  sortable?: boolean;
  /** Narrow screens hide the column below this breakpoint: keep the essentials without it. */
  visibleFrom?: MantineBreakpoint;
  align?: 'left' | 'right' | 'center';
}

interface FilterBase {
  /** URL parameter name; must not be `q`, `page`, `per_page` or `sort`. */
  key: string;
  label: string;
  /** Filters that depend on this one (a folder on its brand): changing this one clears them. */
  resets?: readonly string[];
}

/** One value out of a list; the empty value ("all") is the default and stays out of the URL. */
export interface SelectFilterDef extends FilterBase {
  type: 'select';
  options: readonly { value: string; label: string }[];
  /** Label of the "no filter" choice, e.g. "All statuses". */
  allLabel: string;
  /** Type to narrow a long list of options. */
  searchable?: boolean;
  /**
   * Keep a URL value that is not among `options` (yet), e.g. while the options load; otherwise an
   * unknown value is ignored as if the filter were unset.
   */
  acceptUnlisted?: boolean;
  /** Not to be chosen yet (e.g. a folder before its brand); shows the "all" choice. */
  disabled?: boolean;
}

/** Free text, debounced like the search box. */
export interface TextFilterDef extends FilterBase {
  type: 'text';
  placeholder?: string;
}

/**
 * Two dates (YYYY-MM-DD) written as `${key}_from` and `${key}_to`, which are also their names in
 * `state.filters`.
 */
export interface DateRangeFilterDef extends FilterBase {
  type: 'dateRange';
  fromLabel: string;
  toLabel: string;
}

export type FilterDef = SelectFilterDef | TextFilterDef | DateRangeFilterDef;

/** An entry of a row's action menu. */
export interface RowAction<T> {
  key: string;
  label: string | ((row: T) => string);
  /** A fuller accessible name for the inline button, e.g. "Edit Acme" where the button says "Edit". */
  ariaLabel?: (row: T) => string;
  icon?: ReactNode | ((row: T) => ReactNode);
  onClick: (row: T) => void;
  /** Not offered for this row (the server said no, or the row's state makes it meaningless). */
  hidden?: (row: T) => boolean;
  disabled?: (row: T) => boolean;
  /** Work for this row is under way: spinner on the button and the menu, actions disabled. */
  loading?: (row: T) => boolean;
  color?: MantineColor;
  /**
   * Also shown as a compact button in the row from `sm` up; below it, and always, the row's menu
   * lists every action so phones reach them too.
   */
  inline?: boolean;
  /** The inline button's variant (default `default`). */
  variant?: 'default' | 'light' | 'filled' | 'subtle';
}

/** Rows chosen with a checkbox each (and one for the whole page), for actions on them all. */
export interface TableSelection<T> {
  /** The chosen rows' keys (`rowKey`). */
  selected: ReadonlySet<string | number>;
  onChange: (selected: Set<string | number>) => void;
  /** The row checkbox's accessible name, e.g. "Select photo.jpg". */
  label: (row: T) => string;
  /** The header checkbox's accessible name, e.g. "Select every asset on this page". */
  allLabel: string;
}

export type SortDir = 'asc' | 'desc';
export interface SortState {
  key: string;
  dir: SortDir;
}

/** What the URL says about the table. */
export interface TableState {
  /** The committed search text (trimmed); '' when none. */
  search: string;
  /** 1-based. */
  page: number;
  perPage: number;
  sort: SortState | null;
  /** Every filter's value by URL name ('' when unset); a date range gives `${key}_from` and `${key}_to`. */
  filters: Record<string, string>;
}

/** One page of rows as the API answers it (`paginated(...)` in the contract). */
export interface PageOf<T> {
  items: T[];
  total: number;
  page: number;
  per_page: number;
}

/** The parts of a TanStack query result the table needs. */
export interface TableQuery<T> {
  data: PageOf<T> | undefined;
  isError: boolean;
  error: unknown;
  /** True while showing the previous page's rows (keepPreviousData) during a fetch. */
  isPlaceholderData?: boolean;
  refetch: () => unknown;
}
