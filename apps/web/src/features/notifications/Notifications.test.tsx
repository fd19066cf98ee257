import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@brandvault/contract';
import i18n from '../../i18n';
import { useSession } from '../../state/session';
import { brand, loginAnswer, notification } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { notificationExcerpt, notificationSentence, notificationTarget } from './labels';
import { notificationStreamSwitch } from './useNotificationStream';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const me = {
  session_user: loginAnswer.session_user,
  permissions: loginAnswer.permissions,
  emulator: loginAnswer.emulator,
  favorites_id: 41,
};

const LIST = '/api/ops/notification/list';
const page = (items: Notification[], unread: number, over: { total?: number; page?: number } = {}) => ({
  items,
  total: over.total ?? items.length,
  page: over.page ?? 1,
  per_page: 20,
  unread,
});

type Handler = (method: string, url: string, body: unknown, init?: RequestInit) => Response | undefined;
function stubApi(handler: Handler) {
  const calls: { method: string; url: string; body: unknown; headers: Record<string, string> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body, headers: (init?.headers ?? {}) as Record<string, string> });
      return handler(method, url, body, init) ?? (url.startsWith('/api/auth/me') ? json(200, me) : json(404, {}));
    }),
  );
  return calls;
}

const bell = (name: string | RegExp = /^Notifications/) => screen.findByRole('button', { name });

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t; path=/';
  useSession.getState().reset();
  useSession.getState().signIn(loginAnswer);
});

afterEach(() => {
  notificationStreamSwitch.enabled = false;
  void i18n.changeLanguage('en');
});

describe('notification bell', () => {
  it('shows the unread count in its name and a capped badge', async () => {
    stubApi((_m, url) => (url === '/api/ops/notification/unread' ? json(200, { unread: 150 }) : undefined));
    renderApp('/brand/choose');
    expect(await bell('Notifications, 150 unread')).toBeInTheDocument();
    expect(screen.getByText('99+')).toBeInTheDocument();
  });

  it('says just "Notifications" when nothing is unread', async () => {
    stubApi((_m, url) => (url === '/api/ops/notification/unread' ? json(200, { unread: 0 }) : undefined));
    renderApp('/brand/choose');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument(), {
      timeout: 8000,
    });
  });

  it('lists notifications as text and marks them all read', async () => {
    let unread = 2;
    const items = [
      notification(2, { excerpt: '<b>Nice</b> colours @Ada' }),
      notification(1, {
        kind: 'share',
        asset: null,
        comment_id: null,
        excerpt: null,
        collection_name: 'Launch kit',
        path: '/collections/shared/3/using/abc',
      }),
      notification(0, { kind: 'upload_comment', read_at: '2026-11-20T10:00:00.000Z', excerpt: null }),
    ];
    const calls = stubApi((method, url) => {
      if (url === '/api/ops/notification/unread') return json(200, { unread });
      if (url.startsWith(LIST)) return json(200, page(items, unread));
      if (url === '/api/ops/notification/read/all' && method === 'POST') {
        unread = 0;
        return json(200, { unread: 0 });
      }
    });
    const user = userEvent.setup();
    renderApp('/brand/choose');
    await user.click(await bell('Notifications, 2 unread'));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    const list = within(await within(dialog).findByRole('list', { name: 'Notifications' }));
    const buttons = list.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([
      expect.stringContaining('Ana López mentioned you on logo.png'),
      expect.stringContaining('Ana López shared “Launch kit” with you'),
      expect.stringContaining('Ana López commented on your upload logo.png'),
    ]);
    // The excerpt is text, never markup.
    expect(list.getByText('<b>Nice</b> colours @Ada')).toBeInTheDocument();
    expect(dialog.querySelector('b')).toBeNull();
    expect(list.getAllByText('Unread')).toHaveLength(2);
    expect(calls.filter((c) => c.url.startsWith(LIST)).map((c) => c.url)).toEqual([`${LIST}?page=1&per_page=20`]);

    await user.click(within(dialog).getByRole('button', { name: 'Mark all as read' }));
    expect(await bell('Notifications')).toBeInTheDocument();
    await waitFor(() => expect(list.queryAllByText('Unread')).toHaveLength(0));
    expect(within(dialog).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('recovers from an error with a retry, then loads more pages', async () => {
    let fail = true;
    const first = Array.from({ length: 20 }, (_, i) => notification(100 - i, { read_at: '2026-11-20T10:00:00.000Z' }));
    const calls = stubApi((_m, url) => {
      if (url === '/api/ops/notification/unread') return json(200, { unread: 0 });
      if (url === `${LIST}?page=1&per_page=20`) {
        // A refusal, which the client does not retry by itself.
        if (fail) return json(403, { error: { status: 403, code: 'FORBIDDEN', message: 'No' } });
        return json(200, page(first, 0, { total: 21 }));
      }
      if (url === `${LIST}?page=2&per_page=20`)
        return json(
          200,
          page([notification(80, { kind: 'reply', read_at: '2026-11-20T10:00:00.000Z' })], 0, { total: 21, page: 2 }),
        );
    });
    const user = userEvent.setup();
    renderApp('/brand/choose');
    await user.click(await bell());
    expect(await screen.findByText('The notifications could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const list = within(await screen.findByRole('list', { name: 'Notifications' }));
    expect(list.getAllByRole('button')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(
      await list.findByRole('button', { name: /Ana López replied in a conversation on logo\.png/ }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.filter((c) => c.url.startsWith(LIST))).toHaveLength(3);
  });

  it('says when there is nothing yet', async () => {
    stubApi((_m, url) => {
      if (url === '/api/ops/notification/unread') return json(200, { unread: 0 });
      if (url.startsWith(LIST)) return json(200, page([], 0));
    });
    const user = userEvent.setup();
    renderApp('/brand/choose');
    await user.click(await bell());
    expect(await screen.findByText("You're all caught up")).toBeInTheDocument();
  });

  it('opening a comment notification marks it read, selects its brand and goes to the comment', async () => {
    useSession.getState().selectBrand(null);
    const calls = stubApi((method, url) => {
      if (url === '/api/ops/notification/unread') return json(200, { unread: 1 });
      if (url.startsWith(LIST)) return json(200, page([notification(4)], 1));
      if (url === '/api/ops/notification/4/read' && method === 'POST') return json(200, { unread: 0 });
    });
    const user = userEvent.setup();
    const { router } = renderApp('/brand/choose');
    await user.click(await bell('Notifications, 1 unread'));
    await user.click(await screen.findByRole('button', { name: /Ana López mentioned you on logo\.png/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/brand/asset/5'));
    expect(router.state.location.search).toBe('?comment=34');
    expect(useSession.getState().selectedBrand).toEqual(brand);
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/ops/notification/4/read')).toBe(true),
    );
    expect(await bell('Notifications')).toBeInTheDocument();
  });

  it('opening a share goes to its link', async () => {
    const share = notification(6, {
      kind: 'share',
      asset: null,
      comment_id: null,
      collection_name: 'Launch kit',
      path: '/collections/shared/3/using/abc',
      read_at: '2026-11-20T10:00:00.000Z',
    });
    const calls = stubApi((_m, url) => {
      if (url === '/api/ops/notification/unread') return json(200, { unread: 0 });
      if (url.startsWith(LIST)) return json(200, page([share], 0));
    });
    const user = userEvent.setup();
    const { router } = renderApp('/brand/choose');
    await user.click(await bell());
    await user.click(await screen.findByRole('button', { name: /shared “Launch kit” with you/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/collections/shared/3/using/abc'));
    // Already read: nothing to tell the server.
    expect(calls.some((c) => c.url.includes('/read'))).toBe(false);
  });

  it('a ready download reads as such, in both languages, and opens the downloads page', async () => {
    const ready = notification(7, {
      kind: 'download',
      actor: null,
      asset: null,
      comment_id: null,
      excerpt: 'Acme 2026-11-25 14.05.zip',
      path: '/downloads',
    });
    expect(notificationSentence(i18n.getFixedT('es'), ready)).toBe('Tu descarga está lista: Acme 2026-11-25 14.05.zip');
    stubApi((_m, url) => {
      if (url === '/api/ops/notification/unread') return json(200, { unread: 1 });
      if (url.startsWith(LIST)) return json(200, page([ready], 1));
      if (url.startsWith('/api/ops/asset/download/list'))
        return json(200, { items: [], total: 0, page: 1, per_page: 20 });
      if (url === '/api/jobs/mine') return json(200, { items: [] });
    });
    const user = userEvent.setup();
    const { router } = renderApp('/brand/choose');
    await user.click(await bell(/^Notifications, 1 unread/));
    const item = await screen.findByTestId('notification-7');
    // The name is in the sentence: no excerpt repeating it.
    expect(within(item).getAllByText(/Acme 2026-11-25 14\.05\.zip/)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: /Your download is ready: Acme 2026-11-25 14\.05\.zip/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/downloads'));
  });

  it('an expiry notice names the asset and its last day, in both languages, and opens the asset', () => {
    const soon = notification(8, { kind: 'expiring', actor: null, comment_id: null, excerpt: '2027-03-12' });
    expect(notificationSentence(i18n.getFixedT('en'), soon)).toBe('logo.png can be used until 12 Mar 2027');
    expect(notificationSentence(i18n.getFixedT('es'), { ...soon, kind: 'expired' })).toMatch(
      /^logo\.png caducó el 12 mar 2027$/,
    );
    expect(notificationExcerpt(soon)).toBeNull();
    expect(notificationTarget(soon)).toBe(`/brand/asset/${soon.asset!.id}`);
  });

  it('says what happened in Spanish too', () => {
    const es = i18n.getFixedT('es');
    expect(notificationSentence(es, notification(1))).toBe('Ana López te mencionó en logo.png');
    expect(notificationSentence(es, notification(1, { kind: 'share', collection_name: 'Kit' }))).toBe(
      'Ana López compartió «Kit» contigo',
    );
    expect(notificationSentence(es, notification(1, { actor: null, asset: null, kind: 'reply' }))).toBe(
      'Alguien respondió en una conversación de un recurso que ya no puedes ver',
    );
  });
});

describe('live notifications', () => {
  it('a streamed notification raises the count and joins the list without a refetch', async () => {
    notificationStreamSwitch.enabled = true;
    const enc = new TextEncoder();
    let push: ((text: string) => void) | null = null;
    const calls = stubApi((_m, url, _b, init) => {
      if (url === '/api/ops/notification/unread') return json(200, { unread: 1 });
      if (url.startsWith(LIST)) return json(200, page([notification(1, { kind: 'reply' })], 1));
      if (url === '/api/ops/notification/stream') {
        const body = new ReadableStream<Uint8Array>({
          start(ctrl) {
            push = (text) => ctrl.enqueue(enc.encode(text));
            init?.signal?.addEventListener('abort', () => ctrl.error(new DOMException('Aborted', 'AbortError')));
          },
        });
        return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
      }
    });
    const user = userEvent.setup();
    renderApp('/brand/choose');
    await user.click(await bell('Notifications, 1 unread'));
    const list = within(await screen.findByRole('list', { name: 'Notifications' }));
    expect(list.getAllByRole('button')).toHaveLength(1);
    await waitFor(() => expect(push).not.toBeNull());
    const stream = calls.find((c) => c.url === '/api/ops/notification/stream')!;
    expect(stream.headers).toMatchObject({ Authorization: 'Bearer test-token' });

    const event = { notification: notification(2, { actor: { id: 3, name: 'Luis' } }), unread: 2 };
    push!(`: heartbeat\n\nid: 2\nevent: notification\ndata: ${JSON.stringify(event)}\n\n`);
    expect(await bell('Notifications, 2 unread')).toBeInTheDocument();
    await waitFor(() => expect(list.getAllByRole('button')).toHaveLength(2));
    expect(list.getAllByRole('button')[0]).toHaveTextContent('Luis mentioned you on logo.png');
    expect(await screen.findByText('New mention')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith(LIST))).toHaveLength(1);
    expect(calls.filter((c) => c.url === '/api/ops/notification/stream')).toHaveLength(1);
  });
});

describe('e-mail notification settings', () => {
  it('loads the switches and saves a change', async () => {
    let saved = { email: { mention: true, reply: true, upload_comment: false, share: true } };
    const calls = stubApi((method, url, body) => {
      if (url === '/api/ops/notification/settings' && method === 'GET') return json(200, saved);
      if (url === '/api/ops/notification/settings' && method === 'PUT') {
        saved = body as typeof saved;
        return json(200, saved);
      }
    });
    const user = userEvent.setup();
    renderApp('/users/me');
    const card = within(await screen.findByRole('region', { name: 'E-mail notifications' }));
    const replies = await card.findByRole('switch', { name: 'Replies' });
    expect(replies).toBeChecked();
    expect(card.getByRole('switch', { name: 'Comments on my uploads' })).not.toBeChecked();
    await user.click(replies);
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
        { email: { mention: true, reply: false, upload_comment: false, share: true } },
      ]),
    );
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(card.getByRole('switch', { name: 'Replies' })).not.toBeChecked();
  });

  it('offers a retry when the settings do not load', async () => {
    stubApi(() => undefined);
    renderApp('/users/me');
    const card = within(await screen.findByRole('region', { name: 'E-mail notifications' }));
    expect(await card.findByText('The e-mail settings could not be loaded.')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
