import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../state/session';
import { brand, loginAnswer } from '../../test/fixtures';
import { Providers } from '../Providers';
import { makeQueryClient } from '../queryClient';
import { HeaderSearch, useHeaderSearch } from './HeaderSearch';

function renderSearch() {
  const router = createMemoryRouter(
    [
      { path: '/collections', element: <HeaderSearch /> },
      { path: '/brand', element: <p>brand home</p> },
    ],
    { initialEntries: ['/collections'] },
  );
  render(
    <Providers client={makeQueryClient()} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('HeaderSearch', () => {
  beforeEach(() => {
    useSession.getState().reset();
    useHeaderSearch.getState().setOpened(false);
    useSession.getState().signIn(loginAnswer);
  });

  it('is hidden while no brand is open', () => {
    renderSearch();
    expect(screen.queryByRole('button', { name: /Search/ })).toBeNull();
  });

  it("takes the words to the open brand's searcher from another page", async () => {
    useSession.getState().selectBrand(brand);
    const router = renderSearch();
    await userEvent.click(screen.getByRole('button', { name: 'Search Acme' }));
    const box = await screen.findByLabelText('Words to find in all of Acme');
    await userEvent.type(box, 'blue logo{Enter}');
    expect(router.state.location.pathname).toBe('/brand');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('blue logo');
  });

  it('opens on "/" typed outside a text field', async () => {
    useSession.getState().selectBrand(brand);
    renderSearch();
    await userEvent.keyboard('/');
    expect(await screen.findByRole('dialog', { name: 'Search Acme' })).toBeInTheDocument();
  });
});
