import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GuidelineAsset, GuidelinePage, GuidelinePublicTree } from '@brandvault/contract';
import { useSession } from '../../state/session';
import { renderApp } from '../../test/renderApp';

const TOKEN = 'G'.repeat(43);
const BASE = `/api/ops/guidelines/public/${TOKEN}`;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const node = {
  id: 3,
  brand_id: 7,
  parent_id: null,
  kind: 'page' as const,
  position: 0,
  title: 'Logo',
  title_es: null,
  status: 'published' as const,
  unpublished_changes: false,
  published_version: 1,
  updated_at: '2026-11-30T10:00:00.000Z',
};
const tree = (allow: boolean): GuidelinePublicTree => ({
  locked: false,
  brand: { id: 7, name: 'Acme' },
  items: [node],
  expires_at: null,
  allow_download: allow,
  pass: 'p1',
});
const logo = (download: GuidelineAsset['download']): GuidelineAsset => ({
  id: 11,
  available: true,
  name: 'logo.png',
  ext: 'png',
  mime: 'image/png',
  type: 'image',
  width: 800,
  height: 400,
  thumbnail_url: `${BASE}/asset/11/thumbnail?pass=p1`,
  preview_url: `${BASE}/asset/11/preview?pass=p1`,
  warning: null,
  placeholder: null,
  download,
});
const page = (download: GuidelineAsset['download']): GuidelinePage => ({
  ...node,
  view: 'published',
  cover_asset_id: null,
  content: {
    title: 'Logo',
    blocks: [{ id: 'a1', type: 'assets', asset_ids: [11], downloads: ['original', 'png', 'webp', 'presets'] }],
  },
  es: null,
  assets: [logo(download)],
  crop_presets: download ? [{ id: 1, name: 'Square', width: 400, height: 400, format: 'png' }] : [],
  abilities: { manage: false },
});

/** The server as the link answers: its tree, its page, and image bytes for any copy asked for. */
function stubLink(download: GuidelineAsset['download']) {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, headers: (init?.headers ?? {}) as Record<string, string> });
      if (url.startsWith(`${BASE}/page/3`)) return json(200, page(download));
      if (url.includes('/crop?'))
        return new Response(new Blob(['png']), {
          status: 200,
          headers: { 'content-type': 'image/png', 'content-disposition': 'attachment; filename="logo-crop.png"' },
        });
      if (url.startsWith(BASE)) return json(200, tree(download !== null));
      return json(404, { error: { status: 404, code: 'NOT_FOUND', message: 'gone' } });
    }),
  );
  return calls;
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t; path=/';
  sessionStorage.clear();
  useSession.getState().reset();
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:copy', revokeObjectURL: () => undefined }));
});
afterEach(() => vi.restoreAllMocks());

describe('an asset block through a public guidelines link', { timeout: 20_000 }, () => {
  it("offers the link holder the original, the block's formats and the presets, fetched through the link", async () => {
    const crop = `${BASE}/asset/11/crop?pass=p1`;
    const calls = stubLink({
      state: 'ready',
      url: `${BASE}/asset/11/original?pass=p1`,
      convert: true,
      crop_url: crop,
      terms: [],
    });
    // The saved file's name, instead of jsdom's navigation.
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderApp(`/guidelines/public/${TOKEN}`);
    const user = userEvent.setup();
    const block = await screen.findByTestId('guideline-page');
    const original = await within(block).findByRole('link', { name: 'Download logo.png as Original' });
    expect(original).toHaveAttribute('href', `${BASE}/asset/11/original?pass=p1`);

    await user.click(within(block).getByRole('button', { name: 'Download logo.png as WEBP' }));
    await waitFor(() => expect(saved).toEqual(['logo-crop.png']));
    const webp = calls.find((c) => c.url.includes('/crop?'))!;
    // The link's address with the pass first, the full picture in WebP; no session goes with it.
    expect(webp.url.startsWith(`${crop}&`)).toBe(true);
    expect(new URL(webp.url, 'http://x').searchParams.get('format')).toBe('webp');
    expect(new URL(webp.url, 'http://x').searchParams.get('width')).toBe('800');
    expect(webp.headers.Authorization).toBeUndefined();

    await user.click(within(block).getByRole('button', { name: 'Crop presets for logo.png' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Square (400 × 400)' }));
    await waitFor(() => expect(calls.filter((c) => c.url.includes('/crop?'))).toHaveLength(2));
    const square = new URL(calls.filter((c) => c.url.includes('/crop?'))[1]!.url, 'http://x').searchParams;
    expect([square.get('pass'), square.get('width'), square.get('height'), square.get('format')]).toEqual([
      'p1',
      '400',
      '400',
      'png',
    ]);
  });

  it('shows a licensed asset’s terms before the original or a copy, and takes them accepted', async () => {
    const licence = {
      id: 5,
      name: 'Stock Co. 2026',
      holder: 'Stock Co.',
      terms: 'Editorial use only.',
      channels: ['web'],
      territories: [],
      valid_until: null,
    };
    const original = `${BASE}/asset/11/original?pass=p1`;
    const calls = stubLink({
      state: 'confirm',
      url: original,
      convert: true,
      crop_url: `${BASE}/asset/11/crop?pass=p1`,
      terms: [licence],
    });
    const followed: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      followed.push(this.getAttribute('href') ?? '');
    });
    const copies = () => calls.filter((c) => c.url.includes('/crop?'));
    renderApp(`/guidelines/public/${TOKEN}`);
    const user = userEvent.setup();
    const block = await screen.findByTestId('guideline-page');

    // The original: the terms first, nothing followed until they are accepted, then with ack=1.
    await user.click(await within(block).findByRole('link', { name: 'Download logo.png as Original' }));
    const dialog = await screen.findByRole('dialog', { name: 'Usage terms' });
    expect(dialog).toHaveTextContent('Stock Co. 2026 (Stock Co.)');
    expect(dialog).toHaveTextContent('Editorial use only.');
    expect(followed).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Accept and download' }));
    await waitFor(() => expect(followed).toEqual([`${original}&ack=1`]));

    // A copy: turned down, nothing is fetched; accepted, the link's crop address with ack=1.
    await user.click(within(block).getByRole('button', { name: 'Download logo.png as WEBP' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Usage terms' })).getByRole('button', { name: 'Cancel' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Usage terms' })).toBeNull());
    expect(copies()).toEqual([]);
    await user.click(within(block).getByRole('button', { name: 'Download logo.png as WEBP' }));
    const again = await screen.findByRole('dialog', { name: 'Usage terms' });
    await user.click(within(again).getByRole('button', { name: 'Accept and download' }));
    await waitFor(() => expect(copies()).toHaveLength(1));
    const asked = new URL(copies()[0]!.url, 'http://x').searchParams;
    expect([asked.get('pass'), asked.get('format'), asked.get('ack')]).toEqual(['p1', 'webp', '1']);
  });

  it('offers nothing to take through a link without downloads', async () => {
    stubLink(null);
    renderApp(`/guidelines/public/${TOKEN}`);
    const block = await screen.findByTestId('guideline-page');
    expect(await within(block).findByText('logo.png')).toBeInTheDocument();
    expect(within(block).queryByRole('link', { name: /Download logo\.png/ })).toBeNull();
    expect(within(block).queryByRole('button', { name: /Download logo\.png|Crop presets/ })).toBeNull();
  });
});
