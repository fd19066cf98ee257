import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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

  describe('themes, visual language and keywords', () => {
    afterEach(() => vi.unstubAllGlobals());
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    const vocab = (id: number, system: string, name: string) => ({
      id,
      brand_id: asset.brand.id,
      name,
      kind: 'list',
      system,
      option_count: 1,
      field_count: 0,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    });
    const option = (id: number, vocabulary_id: number, label: string, retired = false) => ({
      id,
      vocabulary_id,
      parent_id: null,
      label_en: label,
      label_es: label,
      position: id,
      depth: 0,
      retired,
      asset_count: 0,
    });

    it('offers the brand’s options as themes and visual languages, and suggests used keywords', async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async (input: RequestInfo | URL) => {
          const url = String(input);
          if (url.includes('/metadata/vocabularies'))
            return json({
              items: [vocab(1, 'themes', 'Themes'), vocab(2, 'language', 'Visual language')],
              abilities: { manage: false },
            });
          if (url.includes('/vocabulary/1/options'))
            return json({
              vocabulary: vocab(1, 'themes', 'Themes'),
              items: [option(10, 1, 'Beach'), option(11, 1, 'Bygone', true)],
            });
          if (url.includes('/vocabulary/2/options'))
            return json({
              vocabulary: vocab(2, 'language', 'Visual language'),
              items: [{ ...option(20, 2, 'Minimal'), label_es: 'Mínimo' }, option(21, 2, 'Bold')],
            });
          if (url.includes('/keywords/suggest')) return json({ items: [{ value: 'Sunrise', count: 3 }] });
          return new Response('{}', { status: 404 });
        }),
      );
      const user = userEvent.setup();
      renderForm();
      // Mantine's tags input also labels its hidden value input: type into the visible one.
      const input = (label: string) =>
        screen.getAllByLabelText(label).find((e) => e instanceof HTMLInputElement && e.type !== 'hidden')!;
      await screen.findAllByLabelText('Categories');
      await user.type(input('Categories'), 'B');
      expect(await screen.findByRole('option', { name: 'Beach' })).toBeInTheDocument();
      expect(screen.queryByRole('option', { name: 'Bygone' })).toBeNull();
      await user.type(input('Keywords'), 'su');
      expect(await screen.findByRole('option', { name: 'Sunrise' })).toBeInTheDocument();

      // The language is one of the list's options, found by its Spanish name too; nothing typed free.
      const language = input('Language');
      await user.type(language, 'minimo');
      expect(await screen.findByRole('option', { name: 'Minimal' })).toBeInTheDocument();
      expect(screen.queryByRole('option', { name: 'Bold' })).toBeNull();
      await user.clear(language);
      await user.type(language, 'Brutalist');
      expect(await screen.findByText('No option matches')).toBeInTheDocument();
    });
  });
});
