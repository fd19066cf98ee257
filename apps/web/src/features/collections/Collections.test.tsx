import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Collection } from '@brandvault/contract';
import { Providers } from '../../app/Providers';
import { makeQueryClient } from '../../app/queryClient';
import { useSession } from '../../state/session';
import { assetCard, loginAnswer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { AddToCollectionModal } from './AddToCollectionModal';
import { FavoriteButton } from './FavoriteButton';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const me = {
  session_user: loginAnswer.session_user,
  permissions: loginAnswer.permissions,
  emulator: loginAnswer.emulator,
  favorites_id: 41,
};

const collection = (id: number, name: string, over: Partial<Collection> = {}): Collection => ({
  id,
  name,
  is_favorites: false,
  asset_count: 3,
  thumbnails: [],
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
  abilities: { update: true, remove: true, add_assets: true, remove_assets: true },
  ...over,
});

type Handler = (method: string, url: string, body: unknown) => Response | undefined;
function stubApi(handler: Handler) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      return handler(method, url, body) ?? (url.startsWith('/api/auth/me') ? json(200, me) : json(404, {}));
    }),
  );
  return calls;
}

function renderAlone(node: React.ReactNode) {
  const client = makeQueryClient();
  render(
    <Providers client={client} env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter>{node}</MemoryRouter>
      </QueryClientProvider>
    </Providers>,
  );
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t; path=/';
  useSession.getState().reset();
  useSession.getState().signIn(loginAnswer);
});

describe('favourites', () => {
  it('the heart shows the favourite state and toggles it', async () => {
    let favs = [5];
    const calls = stubApi((method, url, body) => {
      if (url === '/api/ops/collection/favorites/assets/get') return json(200, { collection_id: 41, asset_ids: favs });
      if (url === '/api/ops/collection/favorites/remove') {
        favs = favs.filter((i) => !(body as { ids: number[] }).ids.includes(i));
        return json(200, { collection_id: 41, asset_ids: favs });
      }
      if (url === '/api/ops/collection/favorites/add') {
        favs = [...favs, ...(body as { ids: number[] }).ids];
        return json(200, { collection_id: 41, asset_ids: favs });
      }
    });
    const user = userEvent.setup();
    renderAlone(<FavoriteButton assetId={5} name="photo-5.jpg" />);
    const heart = await screen.findByRole('button', { name: 'Remove photo-5.jpg from favourites' });
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    await user.click(heart);
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/ops/collection/favorites/remove'));
    const off = await screen.findByRole('button', { name: 'Add photo-5.jpg to favourites' });
    expect(off).toHaveAttribute('aria-pressed', 'false');
    await user.click(off);
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/ops/collection/favorites/add').map((c) => c.body)).toEqual([
        { ids: [5] },
      ]),
    );
  });

  it('is not offered without collection.view', () => {
    useSession.getState().signIn({ ...loginAnswer, permissions: [{ name: 'brand.view' }] });
    stubApi(() => undefined);
    renderAlone(<FavoriteButton assetId={7} name="photo-7.jpg" />);
    expect(screen.queryByRole('button', { name: /photo-7\.jpg/ })).toBeNull();
  });
});

describe('add to collection', () => {
  it('adds the selection to a chosen collection, or to a new one', async () => {
    const calls = stubApi((method, url) => {
      if (url.startsWith('/api/ops/collection/own/list'))
        return json(200, { items: [collection(3, 'Launch')], total: 1, page: 1, per_page: 200 });
      if (url === '/api/ops/collection/3/assets/add')
        return json(200, { message: 'Added', changed: 2, collection: collection(3, 'Launch', { asset_count: 5 }) });
      if (url === '/api/ops/collection/new' && method === 'POST')
        return json(201, { collection: collection(9, 'Spring', { asset_count: 2 }) });
    });
    const user = userEvent.setup();
    const onDone = vi.fn();
    renderAlone(<AddToCollectionModal opened assetIds={[5, 6]} onClose={() => undefined} onDone={onDone} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add 2 assets to a collection' });
    // Neither chosen nor named: it says what to do.
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Choose a collection or name a new one')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: 'Collection' }));
    await user.click(await screen.findByRole('option', { name: 'Launch (3)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/ops/collection/3/assets/add')?.body).toEqual({ ids: [5, 6] }),
    );
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
  });

  it('creates a new collection with the assets, with the server’s field message on a taken name', async () => {
    let tries = 0;
    const calls = stubApi((method, url) => {
      if (url.startsWith('/api/ops/collection/own/list'))
        return json(200, { items: [], total: 0, page: 1, per_page: 200 });
      if (url === '/api/ops/collection/new') {
        tries += 1;
        return tries === 1
          ? json(422, {
              error: {
                status: 422,
                code: 'INVALID_DATA',
                message: 'Invalid',
                fields: { name: 'Name has already been taken' },
              },
            })
          : json(201, { collection: collection(9, 'Spring 2', { asset_count: 1 }) });
      }
    });
    const user = userEvent.setup();
    renderAlone(<AddToCollectionModal opened assetIds={[5]} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'New collection name' }), 'Spring');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Name has already been taken')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'New collection name' }), ' 2');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/ops/collection/new').map((c) => c.body)).toEqual([
        { name: 'Spring', asset_ids: [5] },
        { name: 'Spring 2', asset_ids: [5] },
      ]),
    );
  });
});

describe('collections pages', () => {
  it('lists collections, switches to the list and renames one', async () => {
    let name = 'Launch';
    const calls = stubApi((method, url) => {
      if (url.startsWith('/api/ops/collection/own/list'))
        return json(200, { items: [collection(3, name)], total: 1, page: 1, per_page: 200 });
      if (url === '/api/ops/collection/3/update') {
        name = 'Launch 2026';
        return json(200, { collection: collection(3, name) });
      }
    });
    const user = userEvent.setup();
    renderApp('/collections/own');
    expect(await screen.findByRole('heading', { name: 'My collections' })).toBeInTheDocument();
    const card = await screen.findByTestId('collection-card-3');
    expect(within(card).getByText('3 assets')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Launch' })).toHaveAttribute('href', '/collections/own/3');

    await user.click(within(card).getByRole('button', { name: 'Actions for Launch' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename collection' });
    const input = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(input);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is a required field')).toBeInTheDocument();
    await user.type(input, 'Launch 2026');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/ops/collection/3/update')?.body).toEqual({ name: 'Launch 2026' }),
    );
    expect(await screen.findByRole('link', { name: 'Launch 2026' })).toBeInTheDocument();
  });

  it('says so when there are none, and offers to make one', async () => {
    stubApi((method, url) => {
      if (url.startsWith('/api/ops/collection/own/list'))
        return json(200, { items: [], total: 0, page: 1, per_page: 200 });
    });
    renderApp('/collections/own');
    expect(await screen.findByText('No collections yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'New collection' }).length).toBeGreaterThan(0);
  });

  it('shows a collection’s assets as the searcher does and removes a selection from it', async () => {
    let items = [assetCard(5), assetCard(6)];
    const calls = stubApi((method, url, body) => {
      if (url.startsWith('/api/ops/collection/3/own/view'))
        return json(200, {
          collection: collection(3, 'Launch', { asset_count: items.length }),
          assets: { items, total: items.length, page: 1, per_page: 100 },
        });
      if (url === '/api/ops/collection/3/assets/remove') {
        const ids = (body as { ids: number[] }).ids;
        items = items.filter((a) => !ids.includes(a.id));
        return json(200, {
          message: 'Removed',
          changed: ids.length,
          collection: collection(3, 'Launch', { asset_count: items.length }),
        });
      }
      if (url === '/api/ops/collection/favorites/assets/get') return json(200, { collection_id: 41, asset_ids: [] });
    });
    const user = userEvent.setup();
    renderApp('/collections/own/3');
    expect(await screen.findByRole('heading', { name: 'Launch' })).toBeInTheDocument();
    expect(screen.getByText('2 assets')).toBeInTheDocument();
    await user.click(await screen.findByRole('checkbox', { name: 'Select photo-5.jpg' }));
    const bar = await screen.findByTestId('selection-bar');
    expect(within(bar).getByRole('button', { name: 'Add to collection' })).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Remove from collection' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/ops/collection/3/assets/remove')?.body).toEqual({ ids: [5] }),
    );
    expect(await screen.findByText('1 asset')).toBeInTheDocument();
  });

  it('sorts a collection from the list headers as the searcher does, by size and type too', async () => {
    const calls = stubApi((_method, url) => {
      if (url.startsWith('/api/ops/collection/3/own/view'))
        return json(200, {
          collection: collection(3, 'Launch', { asset_count: 2 }),
          assets: { items: [assetCard(5), assetCard(6)], total: 2, page: 1, per_page: 100 },
        });
      if (url === '/api/ops/collection/favorites/assets/get') return json(200, { collection_id: 41, asset_ids: [] });
    });
    const user = userEvent.setup();
    renderApp('/collections/own/3');
    expect(await screen.findByRole('heading', { name: 'Launch' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'List' }));
    const views = () => calls.filter((c) => c.url.startsWith('/api/ops/collection/3/own/view')).map((c) => c.url);
    await user.click(await screen.findByRole('button', { name: 'Sort by Size' }));
    await waitFor(() => expect(views().at(-1)).toContain('sort=size-desc'));
    await user.click(await screen.findByRole('button', { name: 'Sort by Type' }));
    await waitFor(() => expect(views().at(-1)).toContain('sort=type-asc'));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('Type (A–Z)'));
  });

  it('answers an unknown collection with the not-found text and a retry', async () => {
    stubApi((method, url) => {
      if (url.startsWith('/api/ops/collection/77/own/view'))
        return json(404, { error: { status: 404, code: 'NOT_FOUND', message: "We can't find The Resource" } });
    });
    renderApp('/collections/own/77');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
