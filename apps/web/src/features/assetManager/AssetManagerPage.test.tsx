import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_PERMISSIONS } from '@brandvault/contract';
import type { AssetManagerRow, PermissionName } from '@brandvault/contract';
import { useSession } from '../../state/session';
import { brand, loginAnswer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const other = { ...brand, id: 8, name: 'Globex', slug: 'globex' };
const row = (id: number, over: Partial<AssetManagerRow> = {}): AssetManagerRow => ({
  id,
  name: `photo-${id}.jpg`,
  ext: 'jpg',
  mime: 'image/jpeg',
  type: 'image',
  size: 204800,
  status: 'ACTIVE',
  visibility: 'PUBLIC',
  thumbnail_url: null,
  brand: { id: brand.id, name: brand.name },
  folder: { id: 2, path: ['Campaigns', '2026'] },
  uploader: { id: 5, name: 'Grace Hopper' },
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
  abilities: {
    update: true,
    move: true,
    copy: true,
    remove: true,
    restore: false,
    download: true,
    version: true,
    lock_name: true,
  },
  ...over,
});
const removed = (id: number, over: Partial<AssetManagerRow> = {}) =>
  row(id, {
    status: 'INACTIVE',
    abilities: { ...row(id).abilities, move: false, remove: false, restore: true, update: false },
    ...over,
  });

const answerWith = (permissions: readonly PermissionName[], role = 'admin' as const) => ({
  ...loginAnswer,
  session_user: { ...loginAnswer.session_user, roles: [{ name: role }], brands: [brand, other] },
  permissions: permissions.map((name) => ({ name })),
});
const adminAnswer = answerWith(ROLE_PERMISSIONS.admin);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** The API in memory: the list (by status), the bulk status call, the brands and the shell's calls. */
function stubApi(rows: AssetManagerRow[], opts: { fail?: number } = {}) {
  const calls: Call[] = [];
  let current = rows;
  let failures = opts.fail ?? 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
      calls.push({ method, url, body });
      if (url.startsWith('/api/ops/asset/all/status/change')) {
        const ids = body!.ids as number[];
        const status = body!.status as 'ACTIVE' | 'INACTIVE';
        current = current.map((r) => (ids.includes(r.id) ? (status === 'ACTIVE' ? row(r.id) : removed(r.id)) : r));
        return json(200, { message: 'Done', status, changed: ids.length });
      }
      if (url.startsWith('/api/ops/asset/all')) {
        if (failures > 0) {
          failures -= 1;
          return json(500, { error: { status: 500, code: 'SERVER_ERROR', message: 'Unexpected' } });
        }
        const status = new URL(url, 'http://x').searchParams.get('status');
        const items = status ? current.filter((r) => r.status === status) : current;
        const brands = [
          { id: brand.id, name: brand.name, status: 'ACTIVE' },
          { id: other.id, name: other.name, status: 'ACTIVE' },
        ];
        return json(200, { items, total: items.length, total_capped: false, page: 1, per_page: 50, brands });
      }
      if (url.startsWith('/api/ops/brand/list')) return json(200, { items: [brand, other] });
      if (url.startsWith('/api/ops/users/all')) return json(200, { items: [], total: 0, page: 1, per_page: 100 });
      if (url === '/api/jobs/mine') return json(200, { items: [] });
      if (url === '/api/ops/notification/unread') return json(200, { unread: 0 });
      return json(200, {
        session_user: adminAnswer.session_user,
        permissions: adminAnswer.permissions,
        emulator: adminAnswer.emulator,
        favorites_id: adminAnswer.favorites_id,
      });
    }),
  );
  const listUrls = () =>
    calls.filter((c) => c.url.startsWith('/api/ops/asset/all?')).map((c) => new URL(c.url, 'http://x'));
  return { calls, listUrls };
}

/** The first render downloads (transforms) the lazy shell and page, hence the longer wait. */
const rowOf = async (id: number) => (await screen.findByTestId(`asset-manager-row-${id}`)) as HTMLElement;

describe('AssetManagerPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    useSession.getState().reset();
    useSession.getState().signIn(adminAnswer);
  });

  it('lists every asset with its brand, folder, size, uploader and status, newest first', async () => {
    const { listUrls } = stubApi([row(1), removed(2, { brand: { id: other.id, name: other.name } })]);
    renderApp('/asset/manager');
    const first = within(await rowOf(1));
    expect(first.getByRole('link', { name: 'photo-1.jpg' })).toHaveAttribute('href', '/brand/asset/1');
    expect(first.getAllByText(/Acme/).length).toBeGreaterThan(0);
    expect(first.getByText('Campaigns / 2026')).toBeInTheDocument();
    expect(first.getByText('Grace Hopper')).toBeInTheDocument();
    expect(first.getByText('Active')).toBeInTheDocument();
    expect(within(await rowOf(2)).getAllByText('Removed').length).toBeGreaterThan(0);
    expect(Object.fromEntries(listUrls()[0]!.searchParams)).toEqual({ page: '1', sort: 'date', dir: 'desc' });
    expect(screen.getByRole('heading', { name: 'Manage assets' })).toBeInTheDocument();
    expect(screen.getByText('1–2 of 2 assets')).toBeInTheDocument();
  });

  it('filters by status and sorts through the URL and the request', async () => {
    const user = userEvent.setup();
    const { listUrls } = stubApi([row(1), removed(2)]);
    const { router } = renderApp('/asset/manager');
    await rowOf(1);
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Removed' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('status')).toBe('INACTIVE'));
    await waitFor(() => expect(listUrls().at(-1)!.searchParams.get('status')).toBe('INACTIVE'));
    await waitFor(() => expect(screen.queryByTestId('asset-manager-row-1')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Sort by Size' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('size'));
    await waitFor(() => expect(listUrls().at(-1)!.searchParams.get('dir')).toBe('asc'));
    // The folder waits for a brand.
    expect(screen.getByRole('combobox', { name: 'Folder' })).toBeDisabled();
  });

  it('removes a selection after the removal confirmation, which Enter does not confirm', async () => {
    const user = userEvent.setup();
    const { calls } = stubApi([row(1), row(3), removed(2)]);
    renderApp('/asset/manager');
    await rowOf(1);
    await user.click(screen.getByRole('checkbox', { name: 'Select photo-1.jpg' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select photo-3.jpg' }));
    const bar = within(screen.getByTestId('asset-manager-bar'));
    expect(bar.getByText('2 selected')).toBeInTheDocument();
    await user.click(bar.getByRole('button', { name: 'Remove' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove 2 assets?' }));
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'POST',
        url: '/api/ops/asset/all/status/change',
        body: { ids: [1, 3], status: 'INACTIVE' },
      }),
    );
    expect(await screen.findByText('2 assets were removed.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByTestId('asset-manager-row-1')).getAllByText('Removed').length).toBeGreaterThan(0),
    );
    expect(screen.queryByTestId('asset-manager-bar')).not.toBeInTheDocument();
  });

  it('restores a removed asset from its row after the restore confirmation', async () => {
    const user = userEvent.setup();
    const { calls } = stubApi([removed(2)]);
    renderApp('/asset/manager');
    const line = within(await rowOf(2));
    await user.click(line.getByRole('button', { name: 'Restore photo-2.jpg' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Restore asset?' }));
    await user.click(dialog.getByRole('button', { name: 'Restore' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'POST',
        url: '/api/ops/asset/all/status/change',
        body: { ids: [2], status: 'ACTIVE' },
      }),
    );
    expect(await screen.findByText('“photo-2.jpg” was restored.')).toBeInTheDocument();
  });

  it('offers restore for the removed part of a mixed selection, and no move across brands', async () => {
    const user = userEvent.setup();
    stubApi([row(1), row(4, { brand: { id: other.id, name: other.name } }), removed(2)]);
    renderApp('/asset/manager');
    await rowOf(1);
    await user.click(screen.getByRole('checkbox', { name: 'Select every asset on this page' }));
    const bar = within(screen.getByTestId('asset-manager-bar'));
    expect(bar.getByText('3 selected')).toBeInTheDocument();
    expect(bar.getByRole('button', { name: 'Restore 1' })).toBeInTheDocument();
    expect(bar.getByRole('button', { name: 'Remove 2' })).toBeInTheDocument();
    expect(bar.getByRole('button', { name: 'Move' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(bar.getByRole('button', { name: 'Move' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens an asset of another brand by selecting that brand first', async () => {
    const user = userEvent.setup();
    stubApi([row(4, { brand: { id: other.id, name: other.name } })]);
    useSession.getState().selectBrand(brand);
    const { router } = renderApp('/asset/manager');
    await user.click(within(await rowOf(4)).getByRole('link', { name: 'photo-4.jpg' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/brand/asset/4'));
    expect(useSession.getState().selectedBrand?.id).toBe(other.id);
  });

  it('says when there are no assets, and offers a retry after an error', async () => {
    const user = userEvent.setup();
    // 5xx answers are retried once by the query client: two failures show the error.
    const { listUrls } = stubApi([], { fail: 2 });
    renderApp('/asset/manager');
    const retry = await screen.findByRole('button', { name: /try again|retry/i });
    await user.click(retry);
    expect(await screen.findByText('No assets yet')).toBeInTheDocument();
    expect(listUrls().length).toBe(3);
  });

  it('is closed to those without asset.manage', async () => {
    const member = answerWith(ROLE_PERMISSIONS.member, 'admin');
    useSession.getState().reset();
    useSession.getState().signIn({ ...member, session_user: { ...member.session_user, roles: [{ name: 'member' }] } });
    const { listUrls } = stubApi([row(1)]);
    renderApp('/asset/manager');
    expect(await screen.findByText('Not allowed')).toBeInTheDocument();
    expect(listUrls()).toEqual([]);
  });
});
