export { AdminTable } from './AdminTable';
export type { AdminTableProps } from './AdminTable';
export { useTableUrl, DEFAULT_PER_PAGE } from './useTableUrl';
export type { TableUrl, UseTableUrlOptions } from './useTableUrl';
export type { TableSearchConfig } from './TableToolbar';
export type {
  ColumnDef,
  DateRangeFilterDef,
  FilterDef,
  PageOf,
  RowAction,
  SelectFilterDef,
  SortDir,
  SortState,
  TableQuery,
  TableSelection,
  TableState,
  TextFilterDef,
} from './types';
