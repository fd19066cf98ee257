import { act, render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { FilterDef } from './types';
import { useTableUrl } from './useTableUrl';
import type { TableUrl } from './useTableUrl';

const filters: FilterDef[] = [
  { type: 'select', key: 'brand', label: 'Brand', allLabel: 'All brands', acceptUnlisted: true, options: [] },
  {
    type: 'select',
    key: 'status',
    label: 'Status',
    allLabel: 'All statuses',
    options: [{ value: 'INACTIVE', label: 'Removed' }],
  },
];

describe('useTableUrl', () => {
  it('keeps both of two filters picked before the address has caught up with the first', async () => {
    let table!: TableUrl;
    function Page() {
      table = useTableUrl({ filters });
      return null;
    }
    const router = createMemoryRouter([{ path: '/asset/manager', element: <Page /> }], {
      initialEntries: ['/asset/manager'],
    });
    render(<RouterProvider router={router} />);
    await act(async () => {
      table.setFilters({ brand: '14' });
      table.setFilters({ status: 'INACTIVE' });
    });
    const query = new URLSearchParams(router.state.location.search);
    expect([query.get('brand'), query.get('status')]).toEqual(['14', 'INACTIVE']);
    expect(table.state.filters).toMatchObject({ brand: '14', status: 'INACTIVE' });
  });
});
