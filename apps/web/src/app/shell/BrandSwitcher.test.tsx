import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../state/session';
import { brand, loginAnswer } from '../../test/fixtures';
import { Providers } from '../Providers';
import { makeQueryClient } from '../queryClient';
import { BrandSwitcher } from './BrandSwitcher';

const beta = { ...brand, id: 8, name: 'Beta', slug: 'beta' };

function renderSwitcher() {
  const router = createMemoryRouter(
    [
      { path: '/elsewhere', element: <BrandSwitcher /> },
      { path: '/brand', element: <p>brand home</p> },
    ],
    { initialEntries: ['/elsewhere'] },
  );
  render(
    <Providers client={makeQueryClient()} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('BrandSwitcher', () => {
  beforeEach(() => {
    useSession.getState().reset();
    useSession.getState().signIn({
      ...loginAnswer,
      session_user: { ...loginAnswer.session_user, brands: [brand, beta] },
    });
  });

  it('shows nothing until a brand is selected', () => {
    renderSwitcher();
    expect(screen.queryByRole('button', { name: /Switch brand/ })).toBeNull();
  });

  it("lists the user's brands and switches to the one chosen, on its home", async () => {
    useSession.getState().selectBrand(brand);
    const router = renderSwitcher();
    await userEvent.click(screen.getByRole('button', { name: 'Switch brand, current: Acme' }));
    expect(await screen.findByRole('menuitem', { name: 'Acme' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('menuitem', { name: 'All brands' })).toHaveAttribute('href', '/brand/choose');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Beta' }));
    expect(useSession.getState().selectedBrand?.id).toBe(8);
    expect(router.state.location.pathname).toBe('/brand');
    expect(await screen.findByText('You are now working in Beta.')).toBeInTheDocument();
  });
});
