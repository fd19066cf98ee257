import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SavedSearch } from '@brandvault/contract';
import { useSession } from '../../state/session';
import { assetCard, loginAnswer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const me = {
  session_user: loginAnswer.session_user,
  permissions: loginAnswer.permissions,
  emulator: loginAnswer.emulator,
  favorites_id: 41,
};

const smart: SavedSearch = {
  id: 5,
  brand_id: 1,
  brand_name: 'Acme',
  folder_id: 3,
  name: 'European photos',
  search: { q: '', recursive: true, sort: { attribute: 'name', mode: 'asc' } },
  owner: { id: 1, name: 'Ana Admin' },
  mine: true,
  pinned: false,
  shared_with_brand: false,
  as_collection: true,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  abilities: { update: true, share: false, remove: true },
};

/** The saved searches shown as collections, and the assets the smart one's search finds. */
function stubApi(items: ReturnType<typeof assetCard>[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith('/api/ops/saved-search/list')) return json(200, { items: [smart], can_share: false });
      if (url.startsWith('/api/ops/saved-search/5/results'))
        return json(200, {
          items,
          total: items.length,
          total_capped: false,
          page: 1,
          per_page: 100,
          facets: { author: [], type: [], category: [], language: [], extension: [] },
        });
      if (url.startsWith('/api/auth/me')) return json(200, me);
      if (url === '/api/ops/collection/favorites/assets/get') return json(200, { collection_id: 41, asset_ids: [] });
      return json(404, {});
    }),
  );
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t; path=/';
  useSession.getState().reset();
  useSession.getState().signIn(loginAnswer);
});

describe('smart collection page', () => {
  it('shows what its search finds as the searcher does, in a grid or a list', async () => {
    stubApi([assetCard(5), assetCard(6)]);
    const user = userEvent.setup();
    renderApp('/collections/own/smart/5');
    expect(await screen.findByRole('heading', { name: 'European photos' })).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'Select photo-5.jpg' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'List' }));
    expect(await screen.findByRole('button', { name: 'Sort by Size' })).toBeInTheDocument();
  });

  it('says nothing matches when its search finds nothing', async () => {
    stubApi([]);
    renderApp('/collections/own/smart/5');
    expect(await screen.findByText('Nothing matches right now')).toBeInTheDocument();
  });

  it('answers a smart collection that is gone with its own words and a retry', async () => {
    stubApi([]);
    renderApp('/collections/own/smart/9');
    expect(
      await screen.findByText('This smart collection no longer exists or is no longer shared with you.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
