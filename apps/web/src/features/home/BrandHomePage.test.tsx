import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AssetCard, Brand, Folder } from '@brandvault/contract';
import { useSession } from '../../state/session';
import { assetCard, brand, brandFull, loginAnswer } from '../../test/fixtures';
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
    children: [
      {
        id: 2,
        parent_id: 1,
        name: 'Logos',
        visibility: 'PUBLIC',
        children: [{ id: 5, parent_id: 2, name: 'Drafts', visibility: 'PRIVATE', children: [] }],
      },
      { id: 3, parent_id: 1, name: 'Campaigns', visibility: 'PUBLIC', children: [] },
    ],
  },
};

const logos: Folder = {
  id: 2,
  brand_id: 7,
  parent_id: 1,
  name: 'Logos',
  visibility: 'PUBLIC',
  image_uri: null,
  is_root: false,
  updated_at: '2026-11-20T10:00:00.000Z',
  status: 'ACTIVE',
  created_at: '2026-11-20T10:00:00.000Z',
  breadcrumbs: [
    { id: 1, name: 'Acme' },
    { id: 2, name: 'Logos' },
  ],
  children: [
    {
      id: 5,
      brand_id: 7,
      parent_id: 2,
      name: 'Drafts',
      visibility: 'PRIVATE',
      image_uri: null,
      is_root: false,
      updated_at: '2026-11-20T10:00:00.000Z',
      abilities: { update: true, move: true, remove: true, create_folder: true, upload: false },
      asset_count: 3,
      mosaic: ['/thumbs/51.webp'],
    },
  ],
  abilities: { update: true, move: true, remove: true, create_folder: true, upload: false },
};

const asset: AssetCard = assetCard(41, {
  name: 'wordmark.svg',
  ext: 'svg',
  mime: 'image/svg+xml',
  size: 2048,
  width: 400,
  height: 100,
  visibility: 'PRIVATE',
  thumbnail_url: '/thumbs/41.webp',
  preview_url: null,
});

const fullBrand: Brand = {
  ...brandFull,
  description: 'Coffee roasters.\nSince 1990.',
  figures: { assets: 1204, last_upload: new Date(Date.now() - 2 * 86400000).toISOString().slice(0, 10) },
};

describe('BrandHomePage', () => {
  beforeEach(() => {
    useSession.getState().reset();
    useSession.getState().signIn(loginAnswer);
    useSession.getState().selectBrand(brand);
  });

  it('opens the top folder named by the brand while the folder tree is still on its way', async () => {
    const top: Folder = { ...logos, id: 1, parent_id: null, name: 'Acme', is_root: true, breadcrumbs: [] };
    const pages: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (url.startsWith('/api/ops/asset/list/all/1') && !String(init?.body).includes('"recursive":true'))
          pages.push(url);
        // A large brand's tree takes its time; nothing else waits for it.
        if (url.startsWith('/api/ops/folder/tree')) return new Promise<Response>(() => undefined);
        if (url === '/api/ops/brand/7') return json(200, { brand: fullBrand });
        if (url === '/api/ops/folder/1') return json(200, { folder: top });
        if (url.startsWith('/api/ops/asset/list/all/1'))
          return json(200, {
            items: [asset],
            total: 1,
            total_capped: false,
            page: 1,
            per_page: 100,
            facets: { author: [], type: [{ value: 'image', count: 1 }], category: [], language: [], extension: [] },
            facets_capped: false,
          });
        return json(200, {
          session_user: loginAnswer.session_user,
          permissions: loginAnswer.permissions,
          emulator: loginAnswer.emulator,
        });
      }),
    );
    renderApp('/brand');
    expect((await screen.findAllByTestId('asset-card-41')).length).toBeGreaterThan(0);
    expect(screen.getByTestId('folder-card-5')).toBeInTheDocument();
    // The route's loader asked for the folder's first page; the grid showed that answer, not a second.
    expect(pages).toEqual([expect.stringMatching(/\?page=1&per_page=(25|50|100)$/)]);
  });

  it('shows the tree, breadcrumbs, subfolders and asset cards of the folder in the URL', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        calls.push(url);
        if (url.startsWith('/api/ops/folder/tree')) return json(200, tree);
        if (url === '/api/ops/brand/7') return json(200, { brand: fullBrand });
        if (url === '/api/ops/folder/2') return json(200, { folder: logos });
        if (url.startsWith('/api/ops/asset/list/all/2'))
          return json(200, {
            items: [asset],
            total: 1,
            total_capped: false,
            page: 1,
            per_page: 100,
            facets: { author: [], type: [{ value: 'image', count: 1 }], category: [], language: [], extension: [] },
            facets_capped: false,
          });
        return json(200, {
          session_user: loginAnswer.session_user,
          permissions: loginAnswer.permissions,
          emulator: loginAnswer.emulator,
        });
      }),
    );
    renderApp('/brand?folder=2');
    const card = await screen.findByTestId('asset-card-41');
    expect(card).toHaveAttribute('href', '/brand/asset/41');
    // The name without its extension, which has its own badge; the whole name in the title.
    expect(within(card).getByText('wordmark')).toHaveAttribute('title', 'wordmark.svg');
    expect(within(card).getByText('SVG')).toBeInTheDocument();
    expect(within(card).getByText('2 kB')).toBeInTheDocument();
    expect(within(card).getByText('Private')).toBeInTheDocument();

    const crumbs = screen.getByRole('navigation', { name: 'Folder path' });
    expect(within(crumbs).getByRole('link', { name: 'Acme' })).toHaveAttribute('href', '/brand?folder=1');
    expect(screen.getByRole('heading', { level: 1, name: 'Logos' })).toBeInTheDocument();

    // The cards may come before the tree (the loader asked for them first): the tree fills in after.
    const folderTree = await screen.findByRole('tree', { name: 'Folder tree' });
    // The path to the current folder is open and the current folder is marked.
    expect(within(folderTree).getByRole('link', { name: 'Logos' })).toHaveAttribute('aria-current', 'page');
    expect(within(folderTree).getByRole('link', { name: /Drafts/ })).toBeInTheDocument();

    expect(screen.getByTestId('folder-card-5')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New folder' })).toBeInTheDocument();
    // abilities.upload is false here: no upload button.
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
    expect(calls.some((c) => c.startsWith('/api/ops/folder/tree?brand_id=7&with=folders'))).toBe(true);
  });

  it("leads the brand's managers from its home to one settings page for watermark and crop presets", async () => {
    useSession.getState().signIn({
      ...loginAnswer,
      permissions: [...loginAnswer.permissions, { name: 'asset.manage' }],
    });
    useSession.getState().selectBrand(brand);
    const root: Folder = { ...logos, id: 1, parent_id: null, name: 'Acme', is_root: true, children: [] };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.startsWith('/api/ops/folder/tree')) return json(200, tree);
        if (url === '/api/ops/folder/1') return json(200, { folder: root });
        if (url === '/api/ops/brand/7/watermark')
          return json(200, {
            watermark: {
              brand_id: 7,
              image_url: null,
              position: 'tiled',
              opacity: 40,
              scale: 30,
              apply_to_guests: true,
              traceable: false,
              version: 1,
              updated_at: null,
              abilities: { update: true },
            },
          });
        if (url === '/api/ops/brand/7') return json(200, { brand: fullBrand });
        if (url === '/api/ops/brand/7/crop/presets')
          return json(200, { brand_id: 7, presets: [], abilities: { update: true } });
        if (url.startsWith('/api/ops/asset/list/all/1'))
          return json(200, {
            items: [],
            total: 0,
            total_capped: false,
            page: 1,
            per_page: 100,
            facets: { author: [], type: [], category: [], language: [], extension: [] },
            facets_capped: false,
          });
        return json(200, {
          session_user: loginAnswer.session_user,
          permissions: [...loginAnswer.permissions, { name: 'asset.manage' }],
          emulator: loginAnswer.emulator,
        });
      }),
    );
    const { router } = renderApp('/brand?folder=1');
    const user = userEvent.setup();
    // Not on the brand home any more: one settings page, from the brand's menus.
    // Lazy routes: their chunks load slowly on a busy machine.
    await user.click(await screen.findByRole('button', { name: 'Brand settings' }, { timeout: 15_000 }));
    expect(screen.queryByRole('button', { name: 'Watermark' })).toBeNull();
    await user.click(await screen.findByRole('menuitem', { name: 'Watermark, crops and smart search' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/brand/settings/watermark'), { timeout: 15_000 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Brand settings' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Watermark' })).toHaveAttribute('aria-selected', 'true');
    // Smart search is for brand managers (brand.manage); this asset manager has the other two.
    expect(screen.queryByRole('tab', { name: 'Smart search' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Crop presets' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/brand/settings/crop-presets'));
    expect(await screen.findByRole('button', { name: 'Add preset' })).toBeInTheDocument();
    // The navbar's brand menu leads there too.
    await user.click(screen.getByTestId('brand-switcher'));
    expect(await screen.findByRole('menuitem', { name: 'Brand settings' })).toHaveAttribute('href', '/brand/settings');
  }, 60_000);

  it("heads the brand's top folder with its picture, description, figures and recent assets", async () => {
    const root: Folder = { ...logos, id: 1, parent_id: null, name: 'Acme', is_root: true, children: [] };
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        calls.push(`${url} ${String(init?.body ?? '')}`);
        if (url.startsWith('/api/ops/folder/tree')) return json(200, tree);
        if (url === '/api/ops/folder/1') return json(200, { folder: root });
        if (url === '/api/ops/brand/7') return json(200, { brand: fullBrand });
        if (url.startsWith('/api/ops/asset/list/all/1'))
          return json(200, {
            items: [asset],
            total: 1,
            total_capped: false,
            page: 1,
            per_page: 8,
            facets: { author: [], type: [], category: [], language: [], extension: [] },
            facets_capped: false,
          });
        return json(200, {
          session_user: loginAnswer.session_user,
          permissions: loginAnswer.permissions,
          emulator: loginAnswer.emulator,
        });
      }),
    );
    renderApp('/brand');
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme' })).toBeInTheDocument();
    const description = await screen.findByTestId('brand-description');
    // Shown as text, lines kept.
    expect(description.textContent).toBe('Coffee roasters.\nSince 1990.');
    const figures = screen.getByTestId('brand-figures');
    expect(within(figures).getByText('1,204 assets')).toBeInTheDocument();
    expect(within(figures).getByText('Updated 2 days ago')).toBeInTheDocument();
    const recent = await screen.findByRole('list', { name: 'Recently added assets' });
    expect(within(recent).getByTestId('recent-41')).toHaveAttribute('href', '/brand/asset/41');
    // The searcher's own call: the whole brand, newest first, one small page.
    expect(
      calls.some(
        (c) =>
          c.startsWith('/api/ops/asset/list/all/1?page=1&per_page=8 ') &&
          c.includes('"recursive":true') &&
          c.includes('"attribute":"date","mode":"desc"'),
      ),
    ).toBe(true);
  }, 20_000);
});
