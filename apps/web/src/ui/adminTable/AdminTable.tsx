import { useEffect } from 'react';
import type { ReactNode } from 'react';
import {
  Box,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Skeleton,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconFilterOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';
import { EmptyBlock } from '../EmptyBlock';
import { PageError } from '../PageError';
import { PagePagination } from '../PagePagination';
import classes from './AdminTable.module.css';
import { nextSort } from './tableUrl';
import { RowActions } from './RowActions';
import { TableToolbar } from './TableToolbar';
import type { TableSearchConfig } from './TableToolbar';
import type { ColumnDef, RowAction, TableQuery, TableSelection } from './types';
import type { TableUrl } from './useTableUrl';

const DIVIDER = '1px solid var(--mantine-color-gray-2)';

export interface AdminTableProps<T> {
  /** From `useTableUrl`: the URL state this table shows and changes. */
  table: TableUrl;
  /** The page's list query, asked with `table.state` (see `TableQuery`). */
  query: TableQuery<T>;
  columns: ColumnDef<T>[];
  rowKey: (row: T) => string | number;
  /** The table's accessible name. */
  label: string;
  search?: TableSearchConfig;
  actions?: RowAction<T>[];
  /** Names a row in its menu button's label ("Actions for …"); defaults to the row key. */
  rowName?: (row: T) => string;
  /** Extra attributes per row, e.g. `{ 'data-testid': … }`. */
  rowProps?: (row: T) => Record<string, string>;
  /** No rows at all, nothing narrowing them: what fills this table. */
  empty: { icon: ReactNode; title: string; description: string; action?: ReactNode };
  /** Nothing matches the search and filters; a "clear filters" action comes with it. */
  noMatch: { title: string; description: string };
  /** Footer text; defaults to "from–to of total". */
  range?: (r: { from: string; to: string; total: string }) => string;
  /** More controls at the toolbar's end. */
  toolbar?: ReactNode;
  /** A checkbox per row and one for the page, for the page's own bulk actions. */
  selection?: TableSelection<T>;
  skeletonRows?: number;
}

/**
 * The admin screens' table (UX.md "Admin screens"): search, filters, order, page and page size in
 * the URL; skeleton rows while loading; an empty block that tells "nothing yet" from "nothing
 * matches"; a page error with retry; row actions that stay reachable on a phone.
 */
export function AdminTable<T>(props: AdminTableProps<T>) {
  const { t } = useTranslation();
  const { table, query, actions = [], empty, noMatch } = props;
  const { data } = query;
  const { state } = table;
  const pages = data ? Math.max(1, Math.ceil(data.total / Math.max(1, data.per_page))) : 1;
  const overshoot = Boolean(data && data.total > 0 && data.items.length === 0 && state.page > pages);

  // A link (or a removed last row) points past the last page: go to the last one instead.
  useEffect(() => {
    if (overshoot) table.setPage(pages, { replace: true });
  }, [overshoot, pages]); // eslint-disable-line react-hooks/exhaustive-deps -- `table` changes every render.

  let body: ReactNode;
  if (query.isError && !data) {
    body = (
      <Box p="md">
        <PageError error={query.error} onRetry={() => void query.refetch()} />
      </Box>
    );
  } else if (data && data.items.length === 0 && !overshoot) {
    body = table.narrowed ? (
      <EmptyBlock
        framed={false}
        icon={<IconFilterOff size={28} stroke={1.6} />}
        title={noMatch.title}
        description={noMatch.description}
        action={
          <Button variant="light" onClick={table.clear}>
            {t('adminTable.clearFilters')}
          </Button>
        }
      />
    ) : (
      <EmptyBlock framed={false} {...empty} />
    );
  } else {
    body = <Rows {...props} actions={actions} loading={!data || overshoot} />;
  }

  return (
    <Paper withBorder>
      <TableToolbar table={table} search={props.search} extra={props.toolbar} />
      {body}
      {data && data.total > 0 && !overshoot && <Footer {...props} pages={pages} />}
    </Paper>
  );
}

function Rows<T>({
  table,
  query,
  columns,
  actions,
  rowKey,
  rowName,
  rowProps,
  label,
  loading,
  selection,
  skeletonRows = 8,
}: AdminTableProps<T> & { actions: RowAction<T>[]; loading: boolean }) {
  const { t } = useTranslation();
  const withActions = actions.length > 0;
  const stale = Boolean(query.isPlaceholderData);
  const keys = (query.data?.items ?? []).map(rowKey);
  const chosen = keys.filter((k) => selection?.selected.has(k)).length;
  const toggle = (key: string | number) => {
    const next = new Set(selection!.selected);
    if (!next.delete(key)) next.add(key);
    selection!.onChange(next);
  };
  return (
    // Anything wider than the screen scrolls inside the table, never the page (positioned, so that
    // its visually hidden labels are clipped with it rather than stretch the page).
    <Box style={{ overflowX: 'auto', position: 'relative' }}>
      <Table className={classes.table} highlightOnHover aria-label={label} aria-busy={loading || stale}>
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={1}>
                <Checkbox
                  size="xs"
                  aria-label={selection.allLabel}
                  checked={keys.length > 0 && chosen === keys.length}
                  indeterminate={chosen > 0 && chosen < keys.length}
                  disabled={loading || keys.length === 0}
                  onChange={() => selection.onChange(new Set(chosen === keys.length ? [] : keys))}
                />
              </Table.Th>
            )}
            {columns.map((c) => (
              <HeaderCell key={c.key} column={c} table={table} />
            ))}
            {withActions && (
              <Table.Th ta="right" w={1}>
                <Text span inherit visibleFrom="sm">
                  {t('adminTable.actions')}
                </Text>
                <VisuallyHidden hiddenFrom="sm">{t('adminTable.actions')}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}>
          {loading || !query.data
            ? Array.from({ length: skeletonRows }, (_, i) => (
                <Table.Tr key={i}>
                  {selection && (
                    <Table.Td>
                      <Skeleton height={16} width={16} />
                    </Table.Td>
                  )}
                  {columns.map((c, j) => (
                    <Table.Td key={c.key} visibleFrom={c.visibleFrom}>
                      <Skeleton height={j === 0 ? 30 : 14} width={j === 0 ? '80%' : '60%'} />
                    </Table.Td>
                  ))}
                  {withActions && (
                    <Table.Td>
                      <Skeleton height={22} width={28} ml="auto" />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))
            : query.data.items.map((row) => (
                <Table.Tr
                  key={rowKey(row)}
                  bg={selection?.selected.has(rowKey(row)) ? 'var(--mantine-primary-color-light)' : undefined}
                  {...rowProps?.(row)}
                >
                  {selection && (
                    <Table.Td>
                      <Checkbox
                        size="xs"
                        aria-label={selection.label(row)}
                        checked={selection.selected.has(rowKey(row))}
                        onChange={() => toggle(rowKey(row))}
                      />
                    </Table.Td>
                  )}
                  {columns.map((c) => (
                    <Table.Td key={c.key} visibleFrom={c.visibleFrom} ta={c.align}>
                      {c.cell(row)}
                    </Table.Td>
                  ))}
                  {withActions && (
                    <Table.Td>
                      <RowActions row={row} actions={actions} rowName={rowName?.(row) ?? String(rowKey(row))} />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}

function HeaderCell<T>({ column, table }: { column: ColumnDef<T>; table: TableUrl }) {
  const { t } = useTranslation();
  const common = { visibleFrom: column.visibleFrom, w: column.width, ta: column.align } as const;
  if (!column.sortable) return <Table.Th {...common}>{column.header}</Table.Th>;
  const sort = table.state.sort;
  const dir = sort?.key === column.key ? sort.dir : null;
  const Icon = dir === 'asc' ? IconArrowUp : dir === 'desc' ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th {...common} aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}>
      <UnstyledButton
        onClick={() => table.setSort(nextSort(sort, column.key, table.config.defaultSort))}
        aria-label={t('adminTable.sortBy', { column: column.header })}
        fw="inherit"
        fz="inherit"
      >
        <Group gap={4} wrap="nowrap" justify={column.align === 'right' ? 'flex-end' : undefined}>
          {column.header}
          <Icon size={14} stroke={1.8} color={dir ? undefined : 'var(--mantine-color-gray-5)'} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

function Footer<T>({ table, query, range, pages }: AdminTableProps<T> & { pages: number }) {
  const { t } = useTranslation();
  const data = query.data!;
  const from = (data.page - 1) * data.per_page + 1;
  const to = Math.min(data.total, data.page * data.per_page);
  const nums = { from: formatNumber(from), to: formatNumber(to), total: formatNumber(data.total) };
  const sizes = table.config.perPageOptions;
  return (
    <Group justify="space-between" p="md" gap="sm" style={{ borderTop: DIVIDER }}>
      <Text size="sm" c="dimmed">
        {range ? range(nums) : t('adminTable.range', nums)}
      </Text>
      <Group gap="sm" wrap="wrap">
        {sizes.length > 1 && (
          <Select
            aria-label={t('adminTable.perPage')}
            size="xs"
            w={80}
            allowDeselect={false}
            data={sizes.map((n) => ({ value: String(n), label: formatNumber(n) }))}
            value={String(table.state.perPage)}
            onChange={(v) => v && table.setPerPage(Number(v))}
          />
        )}
        {pages > 1 && (
          <PagePagination total={pages} value={Math.min(table.state.page, pages)} onChange={(p) => table.setPage(p)} />
        )}
      </Group>
    </Group>
  );
}
