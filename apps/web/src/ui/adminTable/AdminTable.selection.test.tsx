import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../app/Providers';
import { AdminTable } from './AdminTable';
import type { FilterDef } from './types';
import { useTableUrl } from './useTableUrl';

interface Row {
  id: number;
  name: string;
}
const ROWS: Row[] = [1, 2, 3].map((id) => ({ id, name: `Row ${id}` }));

/** A table with row selection, and a "place" filter that depends on the "group" filter. */
function Harness() {
  const [selected, setSelected] = useState<Set<string | number>>(new Set());
  const base: FilterDef[] = [
    {
      type: 'select',
      key: 'group',
      label: 'Group',
      allLabel: 'All groups',
      resets: ['place'],
      options: [
        { value: 'a', label: 'A' },
        { value: 'b', label: 'B' },
      ],
    },
  ];
  const probe = useTableUrl({ filters: base });
  const filters: FilterDef[] = [
    ...base,
    {
      type: 'select',
      key: 'place',
      label: 'Place',
      allLabel: 'All places',
      disabled: !probe.state.filters.group,
      options: [{ value: 'x', label: 'X' }],
    },
  ];
  const table = useTableUrl({ filters });
  return (
    <>
      <AdminTable<Row>
        table={table}
        query={{
          data: { items: ROWS, total: 3, page: 1, per_page: 20 },
          isError: false,
          error: null,
          refetch: () => 0,
        }}
        label="Things"
        columns={[{ key: 'name', header: 'Name', cell: (r) => r.name }]}
        rowKey={(r) => r.id}
        selection={{ selected, onChange: setSelected, label: (r) => `Select ${r.name}`, allLabel: 'Select all' }}
        empty={{ icon: null, title: 'Nothing yet', description: 'Add the first thing.' }}
        noMatch={{ title: 'No match', description: 'Nothing matches.' }}
      />
      <output data-testid="chosen">{[...selected].join(',')}</output>
    </>
  );
}

function renderTable(path: string) {
  const router = createMemoryRouter([{ path: '/things', element: <Harness /> }], { initialEntries: [path] });
  render(
    <Providers env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return () => new URLSearchParams(router.state.location.search);
}

describe('AdminTable selection and dependent filters', { timeout: 20_000 }, () => {
  it('selects rows one by one and the whole page from the header', async () => {
    const user = userEvent.setup();
    renderTable('/things');
    const all = await screen.findByRole('checkbox', { name: 'Select all' });
    await user.click(screen.getByRole('checkbox', { name: 'Select Row 2' }));
    expect(screen.getByTestId('chosen')).toHaveTextContent('2');
    expect(all).toHaveAttribute('data-indeterminate', 'true');
    await user.click(all);
    expect(screen.getByTestId('chosen')).toHaveTextContent('1,2,3');
    expect(all).toBeChecked();
    await user.click(all);
    expect(screen.getByTestId('chosen')).toBeEmptyDOMElement();
  });

  it('disables a dependent filter until its parent is set, and clears it when the parent changes', async () => {
    const user = userEvent.setup();
    const search = renderTable('/things?group=a&place=x');
    await user.click(await screen.findByRole('combobox', { name: 'Group' }));
    await user.click(await screen.findByRole('option', { name: 'B' }));
    await waitFor(() => expect(search().get('group')).toBe('b'));
    expect(search().get('place')).toBeNull();
    await user.click(screen.getByRole('combobox', { name: 'Group' }));
    await user.click(await screen.findByRole('option', { name: 'All groups' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Place' })).toBeDisabled());
  });
});
