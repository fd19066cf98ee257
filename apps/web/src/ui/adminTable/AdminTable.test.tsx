import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { AdminTable } from './AdminTable';
import type { FilterDef, RowAction, TableQuery, TableState } from './types';
import { useTableUrl } from './useTableUrl';

interface Row {
  id: number;
  name: string;
  active: boolean;
}

// Rows 1, 4, 7 and 10 are off; five to a page.
const ROWS: Row[] = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `Row ${i + 1}`, active: i % 3 !== 0 }));

const filters: FilterDef[] = [
  {
    type: 'select',
    key: 'status',
    label: 'Status',
    allLabel: 'All statuses',
    options: [
      { value: 'on', label: 'On' },
      { value: 'off', label: 'Off' },
    ],
  },
];

/** A list API in memory: search by name, the status filter, sorting by name, pages. */
function fromMemory(rows: Row[]) {
  return (s: TableState): TableQuery<Row> => {
    let items = rows.filter((r) => r.name.toLowerCase().includes(s.search.toLowerCase()));
    if (s.filters.status) items = items.filter((r) => r.active === (s.filters.status === 'on'));
    if (s.sort?.key === 'name') {
      items = [...items].sort((a, b) => a.name.localeCompare(b.name));
      if (s.sort.dir === 'desc') items.reverse();
    }
    const start = (s.page - 1) * s.perPage;
    return {
      data: { items: items.slice(start, start + s.perPage), total: items.length, page: s.page, per_page: s.perPage },
      isError: false,
      error: null,
      refetch: () => undefined,
    };
  };
}

const edit = vi.fn();
const actions: RowAction<Row>[] = [
  { key: 'edit', label: 'Edit', inline: true, onClick: edit },
  { key: 'wake', label: 'Wake up', hidden: (r) => r.active, onClick: () => undefined },
];

function Harness({ source }: { source: (s: TableState) => TableQuery<Row> }) {
  const table = useTableUrl({ filters, perPage: 5, perPageOptions: [5, 10], sort: { keys: ['name'] } });
  return (
    <AdminTable<Row>
      table={table}
      query={source(table.state)}
      label="Things"
      columns={[
        { key: 'name', header: 'Name', sortable: true, cell: (r) => r.name },
        { key: 'state', header: 'State', visibleFrom: 'sm', cell: (r) => (r.active ? 'on' : 'off') },
      ]}
      rowKey={(r) => r.id}
      rowName={(r) => r.name}
      search={{ label: 'Search things', placeholder: 'Name' }}
      actions={actions}
      empty={{ icon: null, title: 'Nothing yet', description: 'Add the first thing.' }}
      noMatch={{ title: 'No match', description: 'Nothing matches.' }}
    />
  );
}

function renderTable(path: string, source = fromMemory(ROWS)) {
  const router = createMemoryRouter([{ path: '/things', element: <Harness source={source} /> }], {
    initialEntries: [path],
  });
  render(
    <Providers env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  const search = () => new URLSearchParams(router.state.location.search);
  return { router, search };
}

/** Waits for the router's transition to render, which a busy machine makes slow. */
const slow = { timeout: 4000 };

const names = () =>
  within(screen.getByRole('table', { name: 'Things' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]!.textContent);

async function chooseStatus(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(screen.getByRole('combobox', { name: 'Status' }));
  await user.click(await screen.findByRole('option', { name: label }));
}

// Mantine's first renders are slow on a busy machine.
describe('AdminTable URL state', { timeout: 15_000 }, () => {
  it('reads search, filter, order and page from the URL', () => {
    renderTable('/things?q=row&status=on&sort=-name&page=2');
    expect(screen.getByRole('searchbox', { name: 'Search things' })).toHaveValue('row');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('On');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    // 8 rows on, names descending, second page of 5.
    expect(names()).toEqual(['Row 2', 'Row 12', 'Row 11']);
    expect(screen.getByText('6–8 of 8')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sort by Name' }).closest('th')).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('writes the search after typing pauses, back on page 1, and leaves defaults out', async () => {
    const user = userEvent.setup();
    const { router, search } = renderTable('/things?page=2');
    await user.type(screen.getByRole('searchbox', { name: 'Search things' }), 'Row 1');
    await waitFor(() => expect(search().get('q')).toBe('Row 1'), slow);
    expect(search().has('page')).toBe(false);
    await waitFor(() => expect(names()).toEqual(['Row 1', 'Row 10', 'Row 11', 'Row 12']), slow);

    // One history entry for the whole word: back shows the box as it was.
    await act(() => router.navigate(-1));
    expect(search().toString()).toBe('page=2');
    expect(screen.getByRole('searchbox', { name: 'Search things' })).toHaveValue('');
    await act(() => router.navigate(1));
    expect(screen.getByRole('searchbox', { name: 'Search things' })).toHaveValue('Row 1');

    await user.click(screen.getByRole('button', { name: 'Clear: Search things' }));
    await waitFor(() => expect(search().toString()).toBe(''), slow);
  });

  it('goes back to page 1 when a filter changes and drops the default filter from the URL', async () => {
    const user = userEvent.setup();
    const { search } = renderTable('/things');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(search().get('page')).toBe('2');
    await chooseStatus(user, 'Off');
    expect(search().toString()).toBe('status=off');
    expect(names()[0]).toBe('Row 1');
    await chooseStatus(user, 'All statuses');
    expect(search().toString()).toBe('');
  });

  it('restores the state on back and forward', async () => {
    const user = userEvent.setup();
    const { router, search } = renderTable('/things');
    await chooseStatus(user, 'On');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(search().toString()).toBe('status=on&page=2');

    await act(() => router.navigate(-1));
    expect(search().toString()).toBe('status=on');
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await act(() => router.navigate(-1));
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('All statuses');
    await act(() => router.navigate(1));
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('On');
  });

  it('sorts by a header: ascending, descending, then the default order', async () => {
    const user = userEvent.setup();
    const { search } = renderTable('/things?page=2');
    const header = screen.getByRole('button', { name: 'Sort by Name' });
    await user.click(header);
    expect(search().toString()).toBe('sort=name');
    await user.click(header);
    expect(search().toString()).toBe('sort=-name');
    await user.click(header);
    expect(search().toString()).toBe('');
  });

  it('writes a page size other than the default, back on page 1', async () => {
    const user = userEvent.setup();
    const { search } = renderTable('/things?page=2');
    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    await user.click(await screen.findByRole('option', { name: '10' }));
    expect(search().toString()).toBe('per_page=10');
    expect(names()).toHaveLength(10);
  });

  it('moves a link past the last page to the last page', async () => {
    const { search } = renderTable('/things?page=9');
    await waitFor(() => expect(search().get('page')).toBe('3'), slow);
    await waitFor(() => expect(names()).toEqual(['Row 11', 'Row 12']), slow);
  });
});

describe('AdminTable states', { timeout: 15_000 }, () => {
  it('says the table is empty when nothing narrows it', () => {
    renderTable('/things', fromMemory([]));
    expect(screen.getByText('Nothing yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear search and filters' })).not.toBeInTheDocument();
  });

  it('says nothing matches under a filter, and clears search and filters', async () => {
    const user = userEvent.setup();
    const { search } = renderTable('/things?q=zzz&status=off&sort=name');
    expect(screen.getByText('No match')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(search().toString()).toBe('sort=name');
    expect(screen.getByRole('searchbox', { name: 'Search things' })).toHaveValue('');
    expect(names()).toHaveLength(5);
  });

  it('shows skeleton rows while the first page loads', () => {
    renderTable('/things', () => ({ data: undefined, isError: false, error: null, refetch: () => undefined }));
    expect(screen.getByRole('table', { name: 'Things' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Nothing yet')).not.toBeInTheDocument();
  });

  it('shows the error with a retry', async () => {
    const user = userEvent.setup();
    const refetch = vi.fn();
    renderTable('/things', () => ({ data: undefined, isError: true, error: new Error('boom'), refetch }));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('offers the row actions inline and in a menu, hiding what a row does not allow', async () => {
    const user = userEvent.setup();
    renderTable('/things?q=Row 1');
    const row = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement;
    await user.click(within(row('Row 11')).getByRole('button', { name: 'Edit' }));
    expect(edit).toHaveBeenCalledWith(ROWS[10]);

    await user.click(within(row('Row 11')).getByRole('button', { name: 'Actions for Row 11' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Wake up' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    // Row 10 is off: it may be woken up.
    await user.click(within(row('Row 10')).getByRole('button', { name: 'Actions for Row 10' }));
    expect(await screen.findByRole('menuitem', { name: 'Wake up' })).toBeInTheDocument();
  });
});
