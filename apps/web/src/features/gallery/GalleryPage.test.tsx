import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AssetCard } from '@brandvault/contract';
import i18n from '../../i18n';
import { useSession } from '../../state/session';
import { assetCard, brand, loginAnswer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const tree = {
  brand_id: 7,
  root: {
    id: 1,
    parent_id: null,
    name: 'Acme',
    visibility: 'PUBLIC',
    children: [{ id: 3, parent_id: 1, name: 'Campaigns', visibility: 'PUBLIC', children: [] }],
  },
};
const facets = { author: [], type: [], category: [], language: [], extension: [] };
const page = (items: AssetCard[], n: number, total: number) => ({
  items,
  total,
  total_capped: false,
  page: n,
  per_page: 100,
  facets,
  facets_capped: false,
});
const many = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) =>
    assetCard(from + i, {
      name: `photo-${from + i}.jpg`,
      width: i % 2 ? 1600 : 900,
      height: 1200,
      thumbnail_url: `/t/${from + i}.webp`,
    }),
  );

function stub(search: (url: string, body: unknown) => Response) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, body });
      if (url.startsWith('/api/ops/folder/tree')) return json(200, tree);
      if (url.startsWith('/api/ops/asset/list/all/1')) return search(url, body);
      return json(200, {
        session_user: loginAnswer.session_user,
        permissions: loginAnswer.permissions,
        emulator: loginAnswer.emulator,
      });
    }),
  );
  return calls;
}

describe('GalleryPage (/brand2)', () => {
  beforeEach(() => {
    useSession.getState().reset();
    useSession.getState().signIn(loginAnswer);
    useSession.getState().selectBrand(brand);
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it("shows the brand's latest assets across folders in justified rows, and loads more", async () => {
    const calls = stub((url) =>
      url.includes('page=2') ? json(200, page(many(200, 20), 2, 120)) : json(200, page(many(100, 100), 1, 120)),
    );
    const user = userEvent.setup();
    renderApp('/brand2');
    const first = await screen.findByTestId('gallery-100');
    expect(first).toHaveAttribute('href', '/brand/asset/100');
    expect(first).toHaveAccessibleName('photo-100.jpg');
    // The whole brand (its root with subfolders), newest first.
    const search = calls.find((c) => c.url.startsWith('/api/ops/asset/list/all/1'))!;
    expect(search.url).toContain('page=1');
    expect(search.body).toEqual({ recursive: true, sort: { attribute: 'date', mode: 'desc' } });
    expect(screen.getByTestId('gallery-summary')).toHaveTextContent('120 assets, newest first');
    // Every full row is as wide as the wall (960 unmeasured) at one height.
    const rows = within(screen.getByRole('list', { name: 'Latest assets of Acme' })).getAllByRole('listitem');
    const full = rows
      .slice(0, -1)
      .map(
        (r) =>
          [...r.querySelectorAll('a')].reduce((s, a) => s + parseFloat(a.style.width), 0) +
          4 * (r.querySelectorAll('a').length - 1),
      );
    expect(new Set(full)).toEqual(new Set([960]));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByTestId('gallery-219')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('opens the folder tree in a drawer', async () => {
    stub(() => json(200, page(many(1, 3), 1, 3)));
    const user = userEvent.setup();
    renderApp('/brand2');
    await screen.findByTestId('gallery-1');
    await user.click(screen.getByRole('button', { name: 'Show folders' }));
    const drawer = await screen.findByRole('dialog', { name: 'Folders' });
    expect(within(drawer).getByRole('link', { name: 'Campaigns' })).toHaveAttribute('href', '/brand?folder=3');
  });

  it('says so when the brand has no assets, in Spanish', async () => {
    await i18n.changeLanguage('es');
    stub(() => json(200, page([], 1, 0)));
    renderApp('/brand2');
    expect(await screen.findByText('Todavía no hay recursos')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Inicio de la marca' }).length).toBeGreaterThan(0);
  });

  it('offers a retry when the assets cannot be loaded', async () => {
    stub(() => json(500, { error: { code: 'SERVER_ERROR', message: 'Server Error' } }));
    renderApp('/brand2');
    expect(await screen.findByRole('button', { name: /Try again|Retry/ })).toBeInTheDocument();
  });
});
