import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, RouterProvider, createMemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AssetView } from '@brandvault/contract';
import { Providers } from '../../app/Providers';
import { ConfirmDialog } from '../../ui/confirm/ConfirmDialog';
import { assetCard, assetView } from '../../test/fixtures';
import { AssetMetaForm } from './AssetMetaForm';

const asset: AssetView = assetView(assetCard(5, { name: 'hero.jpg', ext: 'jpg' }));

function renderForm() {
  const router = createMemoryRouter(
    [
      {
        path: '/asset',
        element: (
          <>
            <AssetMetaForm asset={asset} />
            <Link to="/elsewhere">Elsewhere</Link>
            <ConfirmDialog />
          </>
        ),
      },
      { path: '/elsewhere', element: <p>Another screen</p> },
    ],
    { initialEntries: ['/asset'] },
  );
  render(
    <Providers env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('the metadata form', () => {
  // The description's autosizing textarea listens to document.fonts, which jsdom lacks.
  beforeAll(() => {
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() },
      });
  });

  it('asks before leaving with unsaved changes: Keep editing stays, Leave goes', async () => {
    const user = userEvent.setup();
    const router = renderForm();
    // Untouched, leaving asks nothing.
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByText('Another screen')).toBeInTheDocument();
    await router.navigate('/asset');

    await user.type(await screen.findByLabelText('Description'), 'Spring campaign');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(dialog).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/asset');
    expect(screen.getByLabelText('Description')).toHaveValue('Spring campaign');

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByText('Another screen')).toBeInTheDocument();
  });
});
