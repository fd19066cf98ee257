import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SavedSearch } from '@brandvault/contract';
import { Providers } from '../../app/Providers';
import { makeQueryClient } from '../../app/queryClient';
import { useSession } from '../../state/session';
import { loginAnswer } from '../../test/fixtures';
import { SaveSearchButton } from './SaveSearchButton';
import { SavedSearchesMenu } from './SavedSearchesMenu';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

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
      return handler(method, url, body) ?? json(404, {});
    }),
  );
  return calls;
}

function Where() {
  const l = useLocation();
  return <output data-testid="where">{`${l.pathname}${l.search}`}</output>;
}

function renderAt(node: React.ReactNode) {
  const client = makeQueryClient();
  render(
    <Providers client={client} env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/brand?folder=3']}>
          <Routes>
            <Route
              path="*"
              element={
                <>
                  {node}
                  <Where />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </Providers>,
  );
}

const saved = (id: number, name: string, over: Partial<SavedSearch> = {}): SavedSearch => ({
  id,
  brand_id: 1,
  brand_name: 'Acme',
  folder_id: 3,
  name,
  search: { q: name.toLowerCase(), recursive: true, sort: { attribute: 'name', mode: 'asc' } },
  owner: { id: 1, name: 'Ana Admin' },
  mine: true,
  pinned: false,
  shared_with_brand: false,
  as_collection: false,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  abilities: { update: true, share: false, remove: true },
  ...over,
});

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t; path=/';
  useSession.getState().reset();
  useSession.getState().signIn(loginAnswer);
});

describe('save search dialog', () => {
  it('saves the current filters by name, as a smart collection when ticked', async () => {
    const calls = stubApi((method, url, body) => {
      if (method === 'POST' && url === '/api/ops/saved-search/new')
        return json(201, saved(9, (body as { name: string }).name));
    });
    const user = userEvent.setup();
    renderAt(<SaveSearchButton folderId={3} body={{ q: 'poster', type: ['image'], recursive: true }} />);
    await user.click(screen.getByRole('button', { name: 'Save search' }));
    await user.type(await screen.findByRole('textbox', { name: /Name/ }), '  Posters ');
    await user.click(screen.getByRole('checkbox', { name: /smart collection/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        name: 'Posters',
        folder_id: 3,
        search: { q: 'poster', type: ['image'], recursive: true },
        pinned: false,
        as_collection: true,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says so under the name when it is taken, and asks for a name first', async () => {
    const calls = stubApi((method, url) => {
      if (method === 'POST' && url === '/api/ops/saved-search/new')
        return json(422, {
          error: { code: 'INVALID_DATA', message: 'Invalid', fields: { name: 'Name has already been taken' } },
        });
    });
    const user = userEvent.setup();
    renderAt(<SaveSearchButton folderId={3} body={{ q: 'poster' }} />);
    await user.click(screen.getByRole('button', { name: 'Save search' }));
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Give the search a name')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Posters');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name has already been taken')).toBeInTheDocument();
  });
});

describe('saved searches menu', () => {
  it('lists pinned, own and shared ones and opens one by restoring its URL state', async () => {
    stubApi((method, url) => {
      if (url.startsWith('/api/ops/saved-search/list'))
        return json(200, {
          can_share: false,
          items: [
            saved(2, 'Logos', { pinned: true }),
            saved(1, 'Banners', {
              search: {
                q: 'banner',
                type: ['image'],
                date_from: '2026-01-01',
                recursive: true,
                sort: { attribute: 'date', mode: 'latest' },
              },
            }),
            saved(3, 'Team picks', { mine: false, shared_with_brand: true, folder_id: 7 }),
          ],
        });
    });
    const user = userEvent.setup();
    renderAt(<SavedSearchesMenu brandId={1} />);
    await user.click(await screen.findByRole('button', { name: /Saved searches/ }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Logos', 'Banners', 'Team picks', 'Manage saved searches…']);
    expect(screen.getByText('Pinned')).toBeInTheDocument();
    expect(screen.getByText('Shared with the brand')).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Banners' }));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(
        '/brand?folder=3&q=banner&type=image&from=2026-01-01&sort=date-latest',
      ),
    );
  });

  it('says when there are none yet', async () => {
    stubApi((method, url) =>
      url.startsWith('/api/ops/saved-search/list') ? json(200, { can_share: false, items: [] }) : undefined,
    );
    const user = userEvent.setup();
    renderAt(<SavedSearchesMenu brandId={1} />);
    await user.click(await screen.findByRole('button', { name: /Saved searches/ }));
    expect(await screen.findByText(/No saved searches yet/)).toBeInTheDocument();
  });
});
