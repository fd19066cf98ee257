import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AssetCard } from '@brandvault/contract';
import { useSession } from '../../state/session';
import { assetCard, brand, brandFull, loginAnswer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const root = {
  id: 1,
  brand_id: 7,
  parent_id: null,
  name: 'Acme',
  visibility: 'PUBLIC',
  image_uri: null,
  is_root: true,
  status: 'ACTIVE',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  breadcrumbs: [{ id: 1, name: 'Acme' }],
  children: [],
  abilities: { update: false, move: false, remove: false, create_folder: false, upload: false },
};

const card = (id: number, name: string): AssetCard =>
  assetCard(id, {
    folder_id: 1,
    name,
    size: 1000,
    width: 10,
    height: 10,
    author: 'Ana',
    thumbnail_url: null,
    preview_url: null,
    derivatives: 'none',
    abilities: { ...assetCard(id).abilities, remove: false },
  });

const facets = { author: [{ value: 'Ana', count: 2 }], type: [], category: [], language: [], extension: [] };

/** The API as the searcher sees it: the folder, its tree, the session, and `list` for searches. */
function stubApi(list: (body: { q?: string }) => AssetCard[], permissions = loginAnswer.permissions) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.startsWith('/api/ops/folder/tree')) return json(200, { brand_id: 7, root: { ...root, children: [] } });
      if (url === '/api/ops/folder/1') return json(200, { folder: root });
      if (url === '/api/ops/brand/7') return json(200, { brand: brandFull });
      // The brand home's "Recently added" row (its own tests are the page's): empty here.
      if (url.startsWith('/api/ops/asset/list/all/1?page=1&per_page=8'))
        return json(200, {
          items: [],
          total: 0,
          total_capped: false,
          page: 1,
          per_page: 8,
          facets,
          facets_capped: false,
        });
      if (url.startsWith('/api/ops/asset/list/all/1')) {
        const body = JSON.parse(String(init?.body)) as { q?: string };
        bodies.push(body);
        const items = list(body);
        return json(200, {
          items,
          total: items.length,
          total_capped: false,
          page: 1,
          per_page: 100,
          facets,
          facets_capped: false,
        });
      }
      return json(200, {
        session_user: loginAnswer.session_user,
        permissions,
        emulator: loginAnswer.emulator,
      });
    }),
  );
  return bodies;
}

describe('Searcher', () => {
  beforeEach(() => {
    useSession.getState().reset();
    useSession.getState().signIn(loginAnswer);
    useSession.getState().selectBrand(brand);
  });

  it('debounces typing into the URL, searches the subtree and offers only allowed bulk actions', async () => {
    const permissions = [...loginAnswer.permissions, { name: 'asset.update' as const }];
    useSession.getState().signIn({ ...loginAnswer, permissions });
    useSession.getState().selectBrand(brand);
    const bodies = stubApi(
      (body) => (body.q ? [card(2, 'logo-blue.jpg'), card(3, 'logo-red.jpg')] : [card(4, 'other.jpg')]),
      permissions,
    );
    const { router } = renderApp('/brand');
    await screen.findByTestId('asset-card-4', {}, { timeout: 8000 });
    // Browsing a folder is not a search: its template comes from the selection bar.
    expect(screen.queryByTestId('search-template')).toBeNull();
    expect(bodies[0]).toEqual({ recursive: false, sort: { attribute: 'name', mode: 'asc' } });

    const box = screen.getByRole('searchbox', { name: 'Search assets' });
    fireEvent.change(box, { target: { value: 'lo' } });
    fireEvent.change(box, { target: { value: 'logo' } });
    // Nothing is sent per keystroke; after the pause, one request and one URL change.
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(router.state.location.search).toBe('?q=logo'));
    await screen.findByTestId('asset-card-2');
    expect(bodies.filter((b) => (b as { q?: string }).q)).toEqual([
      { q: 'logo', recursive: true, sort: { attribute: 'name', mode: 'asc' } },
    ]);
    expect(screen.getByTestId('search-total')).toHaveTextContent('2 assets');
    // The whole result as a spreadsheet template, not only what is loaded or selected.
    fireEvent.click(screen.getByTestId('search-template'));
    expect(await screen.findByText('The 2 assets of this search')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));

    // Select both; move and copy are allowed, remove is not.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select logo-blue.jpg' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select logo-red.jpg' }), { shiftKey: true });
    const bar = screen.getByTestId('selection-bar');
    expect(bar).toHaveTextContent('2 selected');
    expect(screen.getByRole('button', { name: 'Move' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();

    // Back returns to the folder listing, and the box follows the URL.
    await router.navigate(-1);
    await waitFor(() => expect(box).toHaveValue(''));
    await screen.findByTestId('asset-card-4');
  });

  it('sorts by type from the sort dropdown: the URL and the request follow', async () => {
    const bodies = stubApi(() => [card(4, 'other.jpg')]);
    const user = userEvent.setup();
    const { router } = renderApp('/brand');
    await screen.findByTestId('asset-card-4', {}, { timeout: 8000 });
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    expect(await screen.findByRole('option', { name: 'Type (A–Z)' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Type (Z–A)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=type-desc'));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ recursive: false, sort: { attribute: 'type', mode: 'desc' } }));
  }, 20_000);

  it("opens the viewer from a tile, and Open details goes to the asset's page in its place", async () => {
    stubApi(() => [card(4, 'other.jpg')]);
    const { router } = renderApp('/brand');
    fireEvent.click(await screen.findByRole('link', { name: 'other.jpg' }, { timeout: 8000 }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=4'));
    fireEvent.click(await screen.findByRole('link', { name: 'Open details' }, { timeout: 8000 }));
    // The asset page is a lazy route: the router moves once its chunk is loaded, slow on a busy machine.
    await waitFor(() => expect(router.state.location.pathname).toBe('/brand/asset/4'), { timeout: 8000 });
    // Back leaves the asset page for the folder, not for the viewer it replaced.
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/brand'));
    expect(router.state.location.search).toBe('');
  }, 20_000);

  it('asks nothing for a date range that ends before it starts, says so and clears the dates', async () => {
    const bodies = stubApi(() => [card(4, 'other.jpg')]);
    const { router } = renderApp('/brand?from=2025-03-10&to=2025-03-01');
    await screen.findByText('Check the dates', {}, { timeout: 8000 });
    expect(screen.getByText('The “To” date comes before the “From” date.')).toBeInTheDocument();
    expect(screen.getByText('Must be on or after the “From” date')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Clear dates' }));
    await screen.findByTestId('asset-card-4');
    expect(router.state.location.search).toBe('');
    // The listing (and the panel's folder counts) are asked for again, without dates.
    expect(bodies.length).toBeGreaterThan(0);
    for (const b of bodies) expect(b).not.toHaveProperty('date_to');
  });
});
