import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SharedView } from '@brandvault/contract';
import { useSession } from '../../state/session';
import { loginAnswer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const TOKEN = 'A'.repeat(43);
const PUBLIC = `/collections/shared/7/public/using/${TOKEN}`;

const view = (over: Partial<SharedView> = {}): SharedView => ({
  collection: { id: 7, name: 'Agency picks', asset_count: 2 },
  brand: { id: 3, name: 'Acme', logo_uri: null, accent_color: '#2b8a3e' },
  shared_by: 'Sara Sharer',
  message: '<b>Hello</b>',
  expires_at: null,
  allow_download: true,
  zip_url: `/api/ops/collection/7/shared/${TOKEN}/zip?pass=p`,
  zip_terms: [],
  assets: {
    items: [1, 2].map((id) => ({
      id,
      name: `photo-${id}.jpg`,
      ext: 'jpg',
      mime: 'image/jpeg',
      type: 'image',
      size: 2048,
      width: 800,
      height: 600,
      duration_seconds: null,
      thumbnail_url: `/api/ops/collection/7/shared/${TOKEN}/asset/${id}/thumbnail?pass=p`,
      preview_url: `/api/ops/collection/7/shared/${TOKEN}/asset/${id}/preview?pass=p`,
      download_url: `/api/ops/collection/7/shared/${TOKEN}/asset/${id}/original?pass=p`,
      terms: [],
      fields: id === 1 ? [{ key: 'region', label: 'Region', value: 'Europe › <i>Spain</i>' }] : [],
    })),
    total: 2,
    page: 1,
    per_page: 60,
  },
  ...over,
});

function stubApi(handler: (method: string, url: string, body: unknown) => Response | undefined) {
  const calls: { method: string; url: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url });
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      return handler(method, url, body) ?? json(404, { error: { status: 404, code: 'NOT_FOUND', message: 'gone' } });
    }),
  );
  return calls;
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t; path=/';
  sessionStorage.clear();
  useSession.getState().reset();
});

describe('a public shared collection', () => {
  it('asks for the password, then shows the assets with the message as text and downloads', async () => {
    let unlocked = false;
    const calls = stubApi((method, url, body) => {
      if (method === 'POST' && url.endsWith('/unlock')) {
        if ((body as { password: string }).password !== 'right-one')
          return json(422, {
            error: { status: 422, code: 'INVALID_DATA', message: 'x', fields: { password: 'Password is invalid' } },
          });
        unlocked = true;
        return json(200, { pass: 'the-pass', expires_at: '2026-11-26T00:00:00.000Z' });
      }
      if (url.includes('/public/view'))
        return unlocked && url.includes('pass=the-pass')
          ? json(200, view())
          : json(401, { error: { status: 401, code: 'PASSWORD_REQUIRED', message: 'Protected' } });
      return undefined;
    });
    renderApp(PUBLIC);
    const user = userEvent.setup();
    expect(await screen.findByText('This link is protected')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('Password is invalid')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'right-one');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('heading', { name: 'Agency picks' })).toBeInTheDocument();
    // The pass is kept for this browser session only, and the page never left for /login.
    expect(sessionStorage.getItem(`share-pass:7:${TOKEN}`)).toBe('the-pass');
    expect(screen.getByText('<b>Hello</b>')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Download photo-1.jpg' })).toHaveAttribute(
      'href',
      expect.stringContaining('/asset/1/original?pass=p'),
    );
    expect(screen.getByRole('link', { name: 'Download all (zip)' })).toHaveAttribute(
      'href',
      `/api/ops/collection/7/shared/${TOKEN}/zip?pass=p`,
    );
    expect(calls.some((c) => c.url.startsWith('/api/auth/me'))).toBe(false);
  });

  it('shows the fields the brand marked for share pages in the asset’s viewer, as text', async () => {
    stubApi((_m, url) => (url.includes('/public/view') ? json(200, view()) : undefined));
    renderApp(PUBLIC);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /photo-1\.jpg/ }));
    const details = await screen.findByRole('dialog');
    expect(details).toHaveTextContent('Region');
    expect(screen.getByText('Europe › <i>Spain</i>')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.queryByText('Region')).toBeNull();
  });

  it('shows a licensed asset’s terms before its download, and downloads it accepted', async () => {
    const licence = {
      id: 3,
      name: 'Stock Co. 2026',
      holder: null,
      terms: 'Editorial use only.',
      channels: ['Web'],
      territories: ['ES'],
      valid_until: null,
    };
    const base = view();
    const items = base.assets.items.map((a) => (a.id === 1 ? { ...a, terms: [licence] } : a));
    stubApi((_m, url) =>
      url.includes('/public/view') ? json(200, { ...base, assets: { ...base.assets, items } }) : undefined,
    );
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    renderApp(PUBLIC);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Download photo-1.jpg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Usage terms' });
    expect(dialog).toHaveTextContent('Editorial use only.');
    expect(clicked).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Accept and download' }));
    await waitFor(() =>
      expect(clicked).toEqual([`/api/ops/collection/7/shared/${TOKEN}/asset/1/original?pass=p&ack=1`]),
    );
    click.mockRestore();
  });

  it('shows one “not available” state for an unknown, expired or revoked link, and an empty one', async () => {
    stubApi(() => undefined);
    renderApp(PUBLIC);
    expect(await screen.findByText('Link not available')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('shows an empty state when every asset was removed, and no download without the right', async () => {
    stubApi((_m, url) =>
      url.includes('/public/view')
        ? json(
            200,
            view({ allow_download: false, zip_url: null, assets: { items: [], total: 0, page: 1, per_page: 60 } }),
          )
        : undefined,
    );
    renderApp(PUBLIC);
    expect(await screen.findByText('Nothing to show')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Download/ })).toBeNull();
  });
});

describe('a signed-in shared link', () => {
  it('sends a signed-out visitor to sign in and back to the link', async () => {
    stubApi((method, url) => {
      if (method === 'POST' && url === '/api/login') return json(200, loginAnswer);
      if (url.startsWith('/api/auth/me'))
        return json(200, {
          session_user: loginAnswer.session_user,
          permissions: loginAnswer.permissions,
          emulator: loginAnswer.emulator,
          favorites_id: 1,
        });
      if (url.includes(`/shared/${TOKEN}/view`)) return json(200, view());
      return json(200, {});
    });
    const { router } = renderApp(`/collections/shared/7/using/${TOKEN}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent(`/collections/shared/7/using/${TOKEN}`)}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/E-?mail/i), 'ana@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'password-123');
    await user.click(screen.getByRole('button', { name: /Log ?in|Sign in/i }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/collections/shared/7/using/${TOKEN}`));
    expect(await screen.findByRole('heading', { name: 'Agency picks' })).toBeInTheDocument();
  });
});

describe('shared with me', () => {
  it('lists on My Collections what others shared with the user, message as text, opening the link', async () => {
    useSession.getState().signIn(loginAnswer);
    stubApi((_m, url) => {
      if (url.startsWith('/api/auth/me'))
        return json(200, {
          session_user: loginAnswer.session_user,
          permissions: loginAnswer.permissions,
          emulator: loginAnswer.emulator,
          favorites_id: 1,
        });
      if (url.startsWith('/api/ops/collection/own/list'))
        return json(200, { items: [], total: 0, page: 1, per_page: 200 });
      if (url === '/api/ops/collection/shared/list')
        return json(200, {
          items: [
            {
              id: 3,
              path: `/collections/shared/7/using/${TOKEN}`,
              collection_name: 'Launch kit',
              shared_by: 'Sara Sharer',
              message: '<i>for review</i>',
              expires_at: null,
              has_password: true,
              allow_download: true,
              created_at: '2026-11-24T10:00:00.000Z',
            },
          ],
        });
      return undefined;
    });
    renderApp('/collections/own');
    const section = await screen.findByRole('region', { name: 'Shared with me' });
    expect(section).toHaveTextContent('Launch kit');
    expect(section).toHaveTextContent('From Sara Sharer');
    expect(section).toHaveTextContent('<i>for review</i>');
    expect(screen.getByRole('link', { name: /Launch kit/ })).toHaveAttribute(
      'href',
      `/collections/shared/7/using/${TOKEN}`,
    );
  });
});
