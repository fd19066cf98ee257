import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_PERMISSIONS } from '@brandvault/contract';
import type { Extension } from '@brandvault/contract';
import { useSession } from '../../state/session';
import { loginAnswer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const row = (id: number, name: string, mime: string, over: Partial<Extension> = {}): Extension => ({
  id,
  name,
  mime_type: mime,
  asset_type: 'document',
  status: 'ACTIVE',
  dangerous: false,
  updated_at: '2026-11-20T10:00:00.000Z',
  ...over,
});

const adminAnswer = {
  ...loginAnswer,
  session_user: { ...loginAnswer.session_user, roles: [{ name: 'admin' as const }] },
  permissions: ROLE_PERMISSIONS.admin.map((name) => ({ name })),
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface Call {
  method: string;
  url: string;
  body: Record<string, unknown> | undefined;
}

function stubApi(rows: Extension[]) {
  const calls: Call[] = [];
  let current = rows;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
      calls.push({ method, url, body });
      if (url.startsWith('/api/ops/extension/all')) {
        const status = new URL(url, 'http://x').searchParams.get('status');
        const items = status ? current.filter((r) => r.status === status) : current;
        return json(200, { items, total: items.length, page: 1, per_page: 50 });
      }
      const change = /^\/api\/ops\/extension\/(\d+)\/status\/change$/.exec(url);
      if (change && method === 'PUT') {
        current = current.map((r) => (r.id === Number(change[1]) ? { ...r, status: body!.status as 'ACTIVE' } : r));
        return json(200, { extension: current.find((r) => r.id === Number(change[1])), warning: null });
      }
      if (url === '/api/ops/extension/create') {
        return json(422, {
          error: {
            status: 422,
            code: 'INVALID_DATA',
            message: 'The Information that you provided is invalid, please review it and try again.',
            fields: { name: 'Name has already been taken' },
          },
        });
      }
      if (url === '/api/jobs/mine') return json(200, { items: [] });
      return json(200, {
        session_user: adminAnswer.session_user,
        permissions: adminAnswer.permissions,
        emulator: adminAnswer.emulator,
        favorites_id: adminAnswer.favorites_id,
      });
    }),
  );
  return calls;
}

const rowOf = async (name: string) => (await screen.findByTestId(`extension-row-${name}`)) as HTMLElement;

describe('ExtensionsPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    useSession.getState().reset();
    useSession.getState().signIn(adminAnswer);
  });

  it('lists the allow-list with status and a warning on types that can run code', async () => {
    stubApi([
      row(1, 'txt', 'text/plain'),
      row(2, 'svg', 'image/svg+xml', { dangerous: true, asset_type: 'image', status: 'INACTIVE' }),
    ]);
    renderApp('/extension/all');
    const txt = within(await rowOf('txt'));
    expect(txt.getByText('.txt')).toBeInTheDocument();
    expect(txt.getByText('Allowed')).toBeInTheDocument();
    expect(txt.queryByLabelText('This type can run code')).not.toBeInTheDocument();
    const svg = within(await rowOf('svg'));
    expect(svg.getByLabelText('This type can run code')).toBeInTheDocument();
    expect(svg.getByText('Refused')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Extensions' })).toBeInTheDocument();
  });

  it('removes an extension after the confirmation and shows it refused', async () => {
    const calls = stubApi([row(1, 'txt', 'text/plain')]);
    renderApp('/extension/all');
    const txt = within(await rowOf('txt'));
    await userEvent.click(txt.getByRole('button', { name: 'Remove .txt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove extension?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
        url: '/api/ops/extension/1/status/change',
        body: { status: 'INACTIVE' },
      }),
    );
    expect(await within(await rowOf('txt')).findByText('Refused')).toBeInTheDocument();
    expect(await screen.findByText('.txt files can no longer be uploaded.')).toBeInTheDocument();
  });

  it('checks the add form in the browser and shows the server’s field errors in place', async () => {
    const calls = stubApi([row(1, 'png', 'image/png')]);
    renderApp('/extension/all');
    await rowOf('png');
    await userEvent.click(screen.getByRole('button', { name: 'Add extension' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an extension' });
    await userEvent.type(within(dialog).getByLabelText(/^Extension/), 'png');
    await userEvent.type(within(dialog).getByLabelText(/^MIME type/), 'notamime');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add extension' }));
    expect(await within(dialog).findByText('MIME type must be a MIME type such as image/png')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/ops/extension/create')).toBe(false);
    const mime = within(dialog).getByLabelText(/^MIME type/);
    await userEvent.clear(mime);
    await userEvent.type(mime, 'image/png');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add extension' }));
    expect(await within(dialog).findByText('Name has already been taken')).toBeInTheDocument();
  });
});
