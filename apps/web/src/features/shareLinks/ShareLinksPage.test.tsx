import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_PERMISSIONS } from '@brandvault/contract';
import type { AdminUser, PermissionName, ShareLink } from '@brandvault/contract';
import { useSession } from '../../state/session';
import { loginAnswer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const toUsers: ShareLink = {
  id: 3,
  link: null,
  expires_at: null,
  resource_name: 'Spring launch',
  resource_type: 'collection',
  resource_id: 12,
  created_by: { id: 5, name: 'Grace Hopper' },
  shared_to: [
    { id: 6, name: 'Alan Turing' },
    { id: 7, name: 'Edsger Dijkstra' },
    { id: 8, name: 'Barbara Liskov' },
  ],
  audience: 'users',
  has_password: true,
  allow_download: true,
  watermark: false,
  traceable: true,
  views: 1234,
  downloads: 56,
  state: 'active',
  created_at: '2026-11-20T10:00:00.000Z',
  abilities: { revoke: true, update: true },
};

const toAnyone: ShareLink = {
  ...toUsers,
  id: 4,
  expires_at: '2026-11-27T10:00:00.000Z',
  resource_name: 'Press kit',
  resource_id: 13,
  shared_to: [],
  audience: 'anyone',
  has_password: false,
  views: 0,
  downloads: 0,
  state: 'revoked',
  abilities: { revoke: false, update: false },
};

const grace: AdminUser = {
  id: 5,
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.com',
  lang: 'en',
  status: 'ACTIVE',
  verified_at: null,
  approved_at: '2026-11-01T00:00:00.000Z',
  created_at: '2026-11-01T00:00:00.000Z',
  last_login_at: null,
  photo_uri: null,
  photo_thumb_uri: null,
  company: null,
  country: null,
  phone: null,
  position: null,
  roles: [{ name: 'member' }],
  permissions: [],
  brands: [],
  locked_until: null,
  abilities: { edit: true, change_status: true, unlock: false, photo: true },
};

const answerWith = (permissions: readonly PermissionName[]) => ({
  ...loginAnswer,
  session_user: { ...loginAnswer.session_user, roles: [{ name: 'admin' as const }] },
  permissions: permissions.map((name) => ({ name })),
});
const adminAnswer = answerWith(ROLE_PERMISSIONS.admin);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const page = (items: ShareLink[]) => json(200, { items, total: items.length, page: 1, per_page: 20 });

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** The API in memory: the list (by state), the users for the creator filter, and `update`. */
function stubApi(
  rows: ShareLink[],
  answer = adminAnswer,
  onUpdate?: (id: number, body: Record<string, unknown>) => Response,
) {
  const calls: Call[] = [];
  let current = rows;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
      calls.push({ method, url, body });
      if (url.startsWith('/api/ops/share-link/all')) {
        const state = new URL(url, 'http://x').searchParams.get('state');
        return page(state ? current.filter((r) => r.state === state) : current);
      }
      const update = /^\/api\/ops\/share-link\/(\d+)\/update$/.exec(url);
      if (update && method === 'PATCH') {
        const id = Number(update[1]);
        if (onUpdate) return onUpdate(id, body!);
        current = current.map((r) =>
          r.id === id && body?.revoke ? { ...r, state: 'revoked', abilities: { revoke: false, update: false } } : r,
        );
        return json(200, { share_link: current.find((r) => r.id === id) });
      }
      if (url.startsWith('/api/ops/users/all')) return json(200, { items: [grace], total: 1, page: 1, per_page: 100 });
      if (url === '/api/jobs/mine') return json(200, { items: [] });
      return json(200, {
        session_user: answer.session_user,
        permissions: answer.permissions,
        emulator: answer.emulator,
        favorites_id: answer.favorites_id,
      });
    }),
  );
  const listUrls = () =>
    calls.filter((c) => c.url.startsWith('/api/ops/share-link/all')).map((c) => new URL(c.url, 'http://x'));
  return { calls, listUrls };
}

/** The first render downloads (transforms) the lazy shell and page, hence the longer wait. */
const rowOf = async (id: number) => (await screen.findByTestId(`share-link-row-${id}`)) as HTMLElement;

// Mantine's first renders are slow on a busy machine.
describe('ShareLinksPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    useSession.getState().reset();
    useSession.getState().signIn(adminAnswer);
  });

  it('lists every link with its audience, expiry, counts and status', async () => {
    const { listUrls } = stubApi([toUsers, toAnyone]);
    renderApp('/share-link/manage');
    const first = await rowOf(3);
    expect(within(first).getByText('Collection link #3')).toBeInTheDocument();
    expect(within(first).getAllByText('Spring launch').length).toBeGreaterThan(0);
    expect(within(first).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(first).getByText('Alan Turing and 2 more')).toBeInTheDocument();
    expect(within(first).getByText('+2')).toBeInTheDocument();
    expect(within(first).getAllByText('Never').length).toBeGreaterThan(0);
    expect(within(first).getByText('Yes')).toBeInTheDocument();
    expect(within(first).getByText('1,234')).toBeInTheDocument();
    expect(within(first).getByText('Active')).toBeInTheDocument();

    const second = within(await rowOf(4));
    expect(second.getAllByText('Anyone with the link').length).toBeGreaterThan(0);
    expect(second.getByText('No')).toBeInTheDocument();
    expect(second.getByText('Revoked')).toBeInTheDocument();
    // A revoked link offers nothing: its abilities say so.
    expect(second.queryByRole('button')).not.toBeInTheDocument();

    expect(Object.fromEntries(listUrls()[0]!.searchParams)).toEqual({ page: '1', per_page: '20' });
    expect(screen.queryByRole('button', { name: /^Copy the address/ })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Share links' })).toBeInTheDocument();
  });

  it("shows the address with a copy button when the server sends it (the link is the caller's own)", async () => {
    const address = 'http://localhost/collections/shared/12/using/abc';
    stubApi([{ ...toUsers, link: address }]);
    renderApp('/share-link/manage');
    const row = within(await rowOf(3));
    expect(row.getByRole('link', { name: address })).toHaveAttribute('href', address);
    expect(row.getByRole('button', { name: 'Copy the address of Collection link #3' })).toBeInTheDocument();
  });

  it('filters by status through the URL and the request', async () => {
    const user = userEvent.setup();
    const { listUrls } = stubApi([toUsers, toAnyone]);
    const { router } = renderApp('/share-link/manage');
    await rowOf(3);
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Revoked' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('state')).toBe('revoked'));
    await waitFor(() => expect(listUrls().at(-1)!.searchParams.get('state')).toBe('revoked'));
    await waitFor(() => expect(screen.queryByTestId('share-link-row-3')).not.toBeInTheDocument());
    expect(screen.getByTestId('share-link-row-4')).toBeInTheDocument();
  });

  it('reads the creator from the URL and names them once the users arrive', async () => {
    const { listUrls } = stubApi([toUsers]);
    renderApp('/share-link/manage?created_by=5');
    await rowOf(3);
    expect(listUrls()[0]!.searchParams.get('created_by')).toBe('5');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Created by' })).toHaveValue('Grace Hopper (grace@example.com)'),
    );
  });

  it('revokes a link after confirmation', async () => {
    const user = userEvent.setup();
    const { calls } = stubApi([toUsers]);
    renderApp('/share-link/manage');
    const row = await rowOf(3);
    await user.click(within(row).getByRole('button', { name: 'Actions for Collection link #3' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this share link?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));

    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'PATCH', url: '/api/ops/share-link/3/update', body: { revoke: true } }),
    );
    await waitFor(() =>
      expect(within(screen.getByTestId('share-link-row-3')).getByText('Revoked')).toBeInTheDocument(),
    );
    expect(await screen.findByText('Share link revoked')).toBeInTheDocument();
    expect(within(screen.getByTestId('share-link-row-3')).queryByRole('button')).not.toBeInTheDocument();
  });

  it("offers only the actions a row's abilities grant", async () => {
    const user = userEvent.setup();
    stubApi([{ ...toUsers, abilities: { revoke: true, update: false } }]);
    renderApp('/share-link/manage');
    const row = await rowOf(3);
    await user.click(within(row).getByRole('button', { name: 'Actions for Collection link #3' }));
    expect(await screen.findByRole('menuitem', { name: 'Revoke' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Change expiry' })).not.toBeInTheDocument();
  });

  it('shows a link’s protection and turns its watermark on', async () => {
    const user = userEvent.setup();
    const { calls } = stubApi([toUsers], adminAnswer, (id, body) =>
      json(200, { share_link: { ...toUsers, id, watermark: body.watermark === true } }),
    );
    renderApp('/share-link/manage');
    const row = await rowOf(3);
    expect(within(row).getByText('Traceable')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Actions for Collection link #3' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Turn watermark on' }));
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'PATCH', url: '/api/ops/share-link/3/update', body: { watermark: true } }),
    );
    expect(
      await screen.findByText('Files shared through “Spring launch” now carry the watermark.'),
    ).toBeInTheDocument();
  });

  it('does not revoke when the confirmation is declined', async () => {
    const user = userEvent.setup();
    const { calls } = stubApi([toUsers]);
    renderApp('/share-link/manage');
    const row = await rowOf(3);
    await user.click(within(row).getByRole('button', { name: 'Actions for Collection link #3' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Revoke' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('changes the expiry, and shows a refused amount under its field', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const { calls } = stubApi([toUsers], adminAnswer, (id) => {
      if (refuse) {
        refuse = false;
        return json(422, {
          error: {
            status: 422,
            code: 'INVALID_DATA',
            message: 'Check the data sent.',
            fields: { expiry_amount: 'Expiry must be less than or equal to 10000' },
          },
        });
      }
      return json(200, { share_link: { ...toUsers, id, expires_at: '2026-12-01T10:00:00.000Z' } });
    });
    renderApp('/share-link/manage');
    const row = await rowOf(3);
    await user.click(within(row).getByRole('button', { name: 'Actions for Collection link #3' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Change expiry' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change expiry' }));
    // Seven days unless told otherwise; "never" takes no amount.
    expect(dialog.getByRole('textbox', { name: 'Amount' })).toHaveValue('7');
    await user.click(dialog.getByRole('combobox', { name: 'Expires after' }));
    await user.click(await screen.findByRole('option', { name: 'Never' }));
    expect(dialog.queryByRole('textbox', { name: 'Amount' })).not.toBeInTheDocument();
    await user.click(dialog.getByRole('combobox', { name: 'Expires after' }));
    await user.click(await screen.findByRole('option', { name: 'Hours' }));

    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Expiry must be less than or equal to 10000')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH').at(-1)!.body).toEqual({ expiry_unit: 'hours', expiry_amount: 7 });

    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Expiry changed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks for an amount before sending', async () => {
    const user = userEvent.setup();
    const { calls } = stubApi([toUsers]);
    renderApp('/share-link/manage');
    const row = await rowOf(3);
    await user.click(within(row).getByRole('button', { name: 'Actions for Collection link #3' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Change expiry' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change expiry' }));
    await user.clear(dialog.getByRole('textbox', { name: 'Amount' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Expiry is a required field')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('offers no actions and no creator filter to a viewer without shareLink.manage and user.view', async () => {
    const viewer = answerWith(['shareLink.view']);
    useSession.getState().signIn(viewer);
    const { calls } = stubApi([toUsers], viewer);
    renderApp('/share-link/manage?created_by=5');
    const row = await rowOf(3);
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Created by' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/ops/users/all'))).toBe(false);
  });

  it('says when there are no links yet', async () => {
    stubApi([]);
    renderApp('/share-link/manage');
    expect(await screen.findByText('No share links yet')).toBeInTheDocument();
  });

  it('shows a page error with a retry when the list fails', async () => {
    stubApi([]);
    const ok = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
        String(input).startsWith('/api/ops/share-link/all')
          ? json(500, { error: { status: 500, code: 'UNEXPECTED', message: '' } })
          : ok(input, init),
      ),
    );
    renderApp('/share-link/manage');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('keeps people without shareLink.view out', async () => {
    const member = answerWith(['collection.view']);
    useSession.getState().signIn(member);
    const { listUrls } = stubApi([toUsers], member);
    renderApp('/share-link/manage');
    expect(await screen.findByText('Not allowed')).toBeInTheDocument();
    expect(listUrls()).toHaveLength(0);
  });
});
