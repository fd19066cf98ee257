import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AssetCard, AssetSearchResponse } from '@brandvault/contract';
import i18n from '../../i18n';
import { useSession } from '../../state/session';
import { assetCard, assetView, brand, brandFull, loginAnswer } from '../../test/fixtures';
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

type Facets = AssetSearchResponse['facets'];
type Body = { q?: string; type?: string[]; extension?: string[] };

/**
 * The API as the searcher sees it: the folder, its tree, the session, and `list` for searches
 * (`facetsOf` for their facets); `requests` gets each search's per_page and body.
 */
function stubApi(
  list: (body: Body) => AssetCard[],
  permissions = loginAnswer.permissions,
  facetsOf: (body: Body) => Facets = () => facets,
  requests: { perPage: number; body: Body }[] = [],
) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.startsWith('/api/ops/folder/tree')) return json(200, { brand_id: 7, root: { ...root, children: [] } });
      if (url === '/api/ops/folder/1') return json(200, { folder: root });
      if (url === '/api/ops/brand/7') return json(200, { brand: brandFull });
      // The viewer's and the asset page's view of an asset listed in this search.
      const viewed = /^\/api\/ops\/asset\/(\d+)\/view/.exec(url);
      if (viewed) {
        const listed = list({} as Body).find((a) => a.id === Number(viewed[1]));
        if (listed) return json(200, { asset: assetView(listed) });
      }
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
      // Guidelines pages are found for "logo" only.
      const guide = /^\/api\/ops\/brand\/7\/guidelines\/search\?q=(.*)$/.exec(url);
      if (guide)
        return json(200, {
          items:
            decodeURIComponent(guide[1]!) === 'logo'
              ? [
                  {
                    page_id: 5,
                    path: ['Logo', 'On dark'],
                    path_es: ['Logotipo', 'Sobre oscuro'],
                    snippet: 'Use the white logo',
                  },
                ]
              : [],
        });
      if (url.startsWith('/api/ops/asset/list/all/1')) {
        const body = JSON.parse(String(init?.body)) as Body;
        const perPage = Number(new URL(url, 'http://x').searchParams.get('per_page'));
        bodies.push(body);
        requests.push({ perPage, body });
        const items = list(body).slice(0, perPage);
        return json(200, {
          items,
          total: items.length,
          total_capped: false,
          page: 1,
          per_page: perPage,
          facets: facetsOf(body),
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
    await screen.findByTestId('asset-card-4');
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
    await screen.findByTestId('asset-card-4');
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    expect(await screen.findByRole('option', { name: 'Type (A–Z)' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Type (Z–A)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=type-desc'));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ recursive: false, sort: { attribute: 'type', mode: 'desc' } }));
  }, 20_000);

  it('sorts from the list headers: type A–Z, size largest first, a second click turns it round', async () => {
    const bodies = stubApi(() => [card(4, 'other.jpg')]);
    const user = userEvent.setup();
    const { router } = renderApp('/brand');
    await screen.findByTestId('asset-card-4');
    await user.click(screen.getByText('List'));
    const sortBy = (column: string) => screen.getByRole('button', { name: `Sort by ${column}` });
    await user.click(await screen.findByRole('button', { name: 'Sort by Size' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=size-desc'));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ recursive: false, sort: { attribute: 'size', mode: 'desc' } }));
    await waitFor(() => expect(sortBy('Size')).toHaveAttribute('aria-pressed', 'true'));
    await user.click(sortBy('Size'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=size-asc'));
    await user.click(sortBy('Type'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=type-asc'));
    await waitFor(() => expect(sortBy('Size')).toHaveAttribute('aria-pressed', 'false'));
    expect(sortBy('Type')).toHaveAttribute('aria-pressed', 'true');
    // The dropdown names the same sort.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('Type (A–Z)'));
  }, 20_000);

  it("opens the viewer from a tile, and Open details goes to the asset's page in its place", async () => {
    stubApi(() => [card(4, 'other.jpg')]);
    const { router } = renderApp('/brand');
    fireEvent.click(await screen.findByRole('link', { name: 'other.jpg' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=4'));
    fireEvent.click(await screen.findByRole('button', { name: 'More actions' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Open details' }));
    // The asset page is a lazy route: the router moves once its chunk is loaded, slow on a busy machine.
    await waitFor(() => expect(router.state.location.pathname).toBe('/brand/asset/4'));
    // Back leaves the asset page for the folder, not for the viewer it replaced.
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/brand'));
    expect(router.state.location.search).toBe('');
  }, 20_000);

  it("keeps a ticked field's other values with the counts of the search without it", async () => {
    // Three images (2 jpg, 1 png) and two videos (mp4) whose author is Ana; the server's facets
    // are those of the filters it is sent, as it counts them.
    const assets = [
      { type: 'image', ext: 'jpg' },
      { type: 'image', ext: 'jpg' },
      { type: 'image', ext: 'png' },
      { type: 'video', ext: 'mp4' },
      { type: 'video', ext: 'mp4' },
    ];
    const count = (values: string[]) =>
      [...new Set(values)].map((value) => ({ value, count: values.filter((v) => v === value).length }));
    const facetsOf = (body: Body): Facets => {
      const hit = assets.filter(
        (a) => (!body.type || body.type.includes(a.type)) && (!body.extension || body.extension.includes(a.ext)),
      );
      return {
        author: [{ value: 'Ana', count: hit.length }],
        type: count(hit.map((a) => a.type)),
        category: [],
        language: [],
        // A value the count tables still hold after its last asset went: nothing to offer.
        extension: [...count(hit.map((a) => a.ext)), { value: 'gif', count: 0 }],
      };
    };
    const requests: { perPage: number; body: Body }[] = [];
    stubApi(() => [card(4, 'other.jpg')], loginAnswer.permissions, facetsOf, requests);
    const { router } = renderApp('/brand?type=image');
    const facet = (name: string) => screen.getByTestId(`facet-${name}`);
    const value = (name: string, label: string) =>
      within(facet(name))
        .getByRole('checkbox', { name: new RegExp(label) })
        .closest('.mantine-Checkbox-root')!;

    // The type list is that of the search without the type filter: Video stays, with its 2.
    const video = await within(await screen.findByTestId('facet-type')).findByRole(
      'checkbox',
      { name: /Video/ },
      { timeout: 8000 },
    );
    expect(video).not.toBeChecked();
    expect(within(facet('type')).getByRole('checkbox', { name: /Image/ })).toBeChecked();
    expect(value('type', 'Video')).toHaveTextContent(/^Video2$/);
    expect(value('type', 'Image')).toHaveTextContent(/^Image3$/);
    // Across fields it is AND: the extensions are those of the images only, without a zero.
    expect(value('extension', 'jpg')).toHaveTextContent(/^jpg2$/);
    expect(value('extension', 'png')).toHaveTextContent(/^png1$/);
    expect(within(facet('extension')).queryByRole('checkbox', { name: /mp4/ })).toBeNull();
    expect(within(facet('extension')).queryByRole('checkbox', { name: /gif/ })).toBeNull();
    // One facets request, for type alone, with the smallest page; none for the fields not ticked.
    // Facets do not depend on the order: the sort is left out.
    const facetRequests = () => requests.filter((r) => r.perPage === 1).map((r) => r.body);
    expect(facetRequests()).toEqual([{ recursive: true }]);

    // Ticking Video too widens the results (OR) and the type list stays as it was.
    fireEvent.click(video);
    await waitFor(() => expect(router.state.location.search).toBe('?type=image&type=video'));
    await waitFor(() => expect(value('extension', 'mp4')).toHaveTextContent(/^mp42$/), { timeout: 5000 });
    expect(value('type', 'Video')).toHaveTextContent(/^Video2$/);
    expect(within(facet('type')).getByRole('checkbox', { name: /Video/ })).toBeChecked();

    // Ticking an extension: its own list comes from the search without it (png stays listed),
    // and the type counts are now those of the jpg files.
    fireEvent.click(within(facet('extension')).getByRole('checkbox', { name: /jpg/ }));
    await waitFor(() => expect(value('type', 'Image')).toHaveTextContent(/^Image2$/), { timeout: 5000 });
    expect(within(facet('type')).queryByRole('checkbox', { name: /Video/ })).toBeChecked();
    expect(value('extension', 'png')).toHaveTextContent(/^png1$/);
    expect(value('extension', 'mp4')).toHaveTextContent(/^mp42$/);
    expect(facetRequests()).toHaveLength(3);
    expect(facetRequests()).toContainEqual({ type: ['image', 'video'], recursive: true });
    expect(facetRequests()).toContainEqual({ extension: ['jpg'], recursive: true });
  }, 20_000);

  it('asks nothing for a date range that ends before it starts, says so and clears the dates', async () => {
    const bodies = stubApi(() => [card(4, 'other.jpg')]);
    const { router } = renderApp('/brand?from=2025-03-10&to=2025-03-01');
    await screen.findByText('Check the dates');
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

  it('shows the guidelines pages a query finds above the assets, each a link to its page', async () => {
    stubApi((body) => (body.q ? [card(2, 'logo-blue.jpg')] : [card(4, 'other.jpg')]));
    const { router } = renderApp('/brand?q=logo');
    const group = await screen.findByRole('region', { name: 'Guidelines' });
    const link = within(group).getByRole('link', { name: 'Logo › On dark' });
    expect(link).toHaveAttribute('href', '/brand/guidelines/5');
    expect(within(group).getByText('Use the white logo')).toBeInTheDocument();
    await screen.findByTestId('asset-card-2');

    await router.navigate('/brand?q=blue');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Guidelines' })).toBeNull());
    await router.navigate('/brand');
    await screen.findByTestId('asset-card-4');
    expect(screen.queryByTestId('guideline-hits')).toBeNull();
  });

  it('names the group and the pages in Spanish for a Spanish reader', async () => {
    await i18n.changeLanguage('es');
    try {
      stubApi(() => [card(2, 'logo-blue.jpg')]);
      renderApp('/brand?q=logo');
      const group = await screen.findByRole('region', { name: 'Guías' });
      expect(within(group).getByRole('link', { name: 'Logotipo › Sobre oscuro' })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('names the words that found nothing, and clearing them lists the folder again', async () => {
    stubApi((b) => (b.q ? [] : [card(4, 'other.jpg')]));
    const { router } = renderApp('/brand?q=nothing-like-this');
    const clear = await screen.findByRole('button', { name: 'Clear search “nothing-like-this”' });
    expect(screen.getByText('Nothing matches “nothing-like-this”. Try other words.')).toBeInTheDocument();
    fireEvent.click(clear);
    await screen.findByTestId('asset-card-4');
    expect(router.state.location.search).toBe('');
  });
});
