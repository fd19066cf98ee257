import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_PERMISSIONS } from '@brandvault/contract';
import type { UploadRequest } from '@brandvault/contract';
import { useSession } from '../../state/session';
import { brand, loginAnswer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const TOKEN = 'B'.repeat(43);
const open: UploadRequest = {
  id: 12,
  brand: { id: 7, name: 'Acme' },
  folder: { id: 3, name: 'Campaigns' },
  owner: { id: 1, name: 'Ada Lovelace' },
  message: 'Launch photos',
  expires_at: '2026-12-07T10:00:00.000Z',
  closed_at: null,
  state: 'active',
  has_password: true,
  max_files: 20,
  max_bytes: 1024 ** 3,
  allowed_types: ['jpg'],
  url: `http://app.test/upload/${TOKEN}`,
  used: { files: 2, bytes: 4096, last_at: '2026-11-30T09:00:00.000Z' },
  uploads: [
    {
      asset_id: 91,
      file_name: 'stage.jpg',
      size: 2048,
      uploader_name: 'Ana Agency',
      uploader_email: 'ana@agency.example',
      created_at: '2026-11-30T09:00:00.000Z',
    },
  ],
  abilities: { close: true },
  created_at: '2026-11-30T08:00:00.000Z',
};
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
const member = {
  ...loginAnswer,
  permissions: ROLE_PERMISSIONS.member.map((name) => ({ name })),
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stubApi(rows: UploadRequest[]) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  let current = rows;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
      calls.push({ method, url, body });
      if (url.startsWith('/api/ops/upload-request/list'))
        return json(200, { items: current, total: current.length, page: 1, per_page: 20 });
      const close = /^\/api\/ops\/upload-request\/(\d+)\/close$/.exec(url);
      if (close) {
        current = current.map((r) =>
          r.id === Number(close[1])
            ? { ...r, state: 'closed', closed_at: r.created_at, abilities: { close: false } }
            : r,
        );
        return json(200, { upload_request: current[0] });
      }
      if (url === '/api/ops/upload-request/new' && method === 'POST') {
        const made = { ...open, id: 13, uploads: [], used: { files: 0, bytes: 0, last_at: null } };
        current = [made, ...current];
        return json(201, { upload_request: made });
      }
      if (url.startsWith('/api/ops/folder/tree')) return json(200, tree);
      if (url.startsWith('/api/ops/extension/allowed'))
        return json(200, {
          items: [
            { name: 'jpg', asset_type: 'image' },
            { name: 'png', asset_type: 'image' },
          ],
        });
      if (url === '/api/jobs/mine') return json(200, { items: [] });
      return json(200, {
        session_user: member.session_user,
        permissions: member.permissions,
        emulator: member.emulator,
        favorites_id: member.favorites_id,
      });
    }),
  );
  return calls;
}

describe('UploadRequestsPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    useSession.getState().reset();
    useSession.getState().signIn(member);
    useSession.getState().selectBrand(brand);
  });

  it('lists requests with what arrived, each file opening its asset, and the link to copy', async () => {
    stubApi([open]);
    renderApp('/upload-requests');
    const row = within(await screen.findByTestId('upload-request-row-12'));
    expect(row.getByText('Request #12 → Campaigns')).toBeInTheDocument();
    expect(row.getByRole('link', { name: `http://app.test/upload/${TOKEN}` })).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Copy the link of Request #12 → Campaigns' })).toBeInTheDocument();
    expect(row.getByText('Open')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(row.getByRole('button', { name: 'Show the files of Request #12 → Campaigns' }));
    expect(await screen.findByRole('link', { name: 'stage.jpg' })).toHaveAttribute('href', '/brand/asset/91');
    expect(screen.getByText(/Ana Agency <ana@agency.example>/)).toBeInTheDocument();
  });

  it('closes a request after confirmation', async () => {
    const calls = stubApi([open]);
    renderApp('/upload-requests');
    const user = userEvent.setup();
    const row = await screen.findByTestId('upload-request-row-12');
    await user.click(within(row).getAllByRole('button', { name: /Close now/ })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Close this request?' });
    await user.click(within(dialog).getByRole('button', { name: 'Close now' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/ops/upload-request/12/close')).toBe(true),
    );
    await waitFor(() =>
      expect(within(screen.getByTestId('upload-request-row-12')).getByText('Closed')).toBeInTheDocument(),
    );
  });

  it('makes a request into a folder of the brand and shows its link', async () => {
    const calls = stubApi([]);
    renderApp('/upload-requests');
    const user = userEvent.setup();
    expect(await screen.findByText('No upload requests yet')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'New request' })[0]!);
    const dialog = within(await screen.findByRole('dialog', { name: 'Ask for files' }));
    await user.click(dialog.getByRole('button', { name: 'Create link' }));
    expect(await dialog.findByText('Choose a folder')).toBeInTheDocument();
    await user.click(dialog.getByRole('combobox', { name: 'Folder' }));
    await user.click(await screen.findByRole('option', { name: '— Campaigns' }));
    await user.type(dialog.getByRole('textbox', { name: 'Message to the uploaders' }), 'Launch photos');
    await user.type(dialog.getByLabelText('Password (optional)'), 'agency-pass');
    await user.click(dialog.getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/ops/upload-request/new')).toBe(true));
    const sent = calls.find((c) => c.url === '/api/ops/upload-request/new')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      folder_id: 3,
      message: 'Launch photos',
      password: 'agency-pass',
      max_files: 20,
      max_bytes: 1024 ** 3,
      allowed_types: [],
    });
    expect(new Date(String(sent.expires_at)).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    expect(await screen.findByDisplayValue(`http://app.test/upload/${TOKEN}`)).toBeInTheDocument();
  });
});
