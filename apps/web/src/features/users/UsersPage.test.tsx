import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PERMISSIONS, ROLE_PERMISSIONS, ROLES } from '@brandvault/contract';
import type { AdminUser } from '@brandvault/contract';
import { useSession } from '../../state/session';
import { brand, loginAnswer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const pending: AdminUser = {
  id: 5,
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.com',
  lang: 'en',
  status: 'INACTIVE',
  verified_at: null,
  approved_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
  last_login_at: '2026-11-26T09:30:00.000Z',
  photo_uri: null,
  photo_thumb_uri: null,
  company: 'Navy',
  country: null,
  phone: null,
  position: null,
  roles: [{ name: 'guest' }],
  permissions: [],
  brands: [],
  locked_until: null,
  abilities: { edit: true, change_status: true, unlock: false, photo: true },
};

const adminAnswer = {
  ...loginAnswer,
  session_user: { ...loginAnswer.session_user, roles: [{ name: 'admin' }] },
  permissions: ROLE_PERMISSIONS.admin.map((name) => ({ name })),
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A MultiSelect's text input (its listbox carries the same label). */
const inputOf = (within_: HTMLElement, label: RegExp) =>
  within(within_)
    .getAllByLabelText(label)
    .find((el) => el.tagName === 'INPUT') as HTMLElement;

describe('UsersPage', () => {
  beforeEach(() => {
    useSession.getState().reset();
    useSession.getState().signIn(adminAnswer);
  });

  it('approves a pending registration choosing its role and brand in the dialog', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    let approved = false;
    const calls: string[] = [];
    let sent: unknown;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        if (url.startsWith('/api/ops/users/all')) {
          const user = approved ? { ...pending, status: 'ACTIVE', approved_at: '2026-11-22T00:00:00.000Z' } : pending;
          return json(200, { items: [user], total: 1, page: 1, per_page: 20 });
        }
        if (url === '/api/ops/brand/list') return json(200, { items: [brand] });
        if (url === '/api/ops/users/grantable') return json(200, { roles: ROLES, permissions: PERMISSIONS });
        if (url === '/api/ops/users/5/status/approve') {
          approved = true;
          sent = JSON.parse(String(init?.body));
          return json(200, { user: { ...pending, status: 'ACTIVE', approved_at: '2026-11-22T00:00:00.000Z' } });
        }
        return json(200, {
          session_user: adminAnswer.session_user,
          permissions: adminAnswer.permissions,
          emulator: adminAnswer.emulator,
        });
      }),
    );
    const user = userEvent.setup();
    renderApp('/users');
    // The first render downloads (transforms) the lazy shell and page, hence the longer wait.
    const row = (await screen.findByText('grace@example.com')).closest('tr');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('Pending approval')).toBeInTheDocument();

    await user.click(within(row as HTMLElement).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    // An administrator is offered every role; the brands are the caller's own.
    await user.click(inputOf(dialog, /^Roles/));
    expect(within(dialog).getByRole('option', { name: 'Administrator' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('option', { name: 'Manager' }));
    await user.click(inputOf(dialog, /^Brands/));
    await user.click(await within(dialog).findByRole('option', { name: 'Acme' }));
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    await waitFor(() => expect(calls).toContain('PATCH /api/ops/users/5/status/approve'));
    expect(sent).toEqual({ roles: ['member', 'manager'], brands: [7] });
    await waitFor(() =>
      expect(
        within(screen.getByText('grace@example.com').closest('tr') as HTMLElement).getByText('Active'),
      ).toBeInTheDocument(),
    );
  }, 20_000);

  it('shows a sign-in lock and lifts it', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const active = { ...pending, status: 'ACTIVE' as const, approved_at: '2026-11-21T00:00:00.000Z' };
    const locked = {
      ...active,
      locked_until: '2026-11-24T22:15:00.000Z',
      abilities: { ...active.abilities, unlock: true },
    };
    let unlocked = false;
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        if (url.startsWith('/api/ops/users/all'))
          return json(200, { items: [unlocked ? active : locked], total: 1, page: 1, per_page: 20 });
        if (url === '/api/ops/users/5/login/unlock') {
          unlocked = true;
          return json(200, { user: active });
        }
        return json(200, {
          session_user: adminAnswer.session_user,
          permissions: adminAnswer.permissions,
          emulator: adminAnswer.emulator,
        });
      }),
    );
    const user = userEvent.setup();
    renderApp('/users');
    const row = (await screen.findByText('grace@example.com')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Sign-in locked')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(calls).toContain('PATCH /api/ops/users/5/login/unlock'));
    await waitFor(() => expect(screen.queryByText('Sign-in locked')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Unlock' })).not.toBeInTheDocument();
  });

  it('opens the edit screen from the row', async () => {
    const active = { ...pending, status: 'ACTIVE' as const, approved_at: '2026-11-21T00:00:00.000Z' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.startsWith('/api/ops/users/all'))
          return json(200, { items: [active], total: 1, page: 1, per_page: 20 });
        return json(200, {
          session_user: adminAnswer.session_user,
          permissions: adminAnswer.permissions,
          emulator: adminAnswer.emulator,
        });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/users');
    const row = (await screen.findByText('grace@example.com')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Edit Grace Hopper' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/5/edit'));
  });

  it('lists with the search, status, role and brand of the URL, and offers no actions without user.manage', async () => {
    const urls: string[] = [];
    const viewer = { ...adminAnswer, permissions: [{ name: 'user.view' as const }] };
    useSession.getState().signIn(viewer);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.startsWith('/api/ops/users/all')) {
          urls.push(url);
          return json(200, { items: [pending], total: 1, page: 1, per_page: 20 });
        }
        if (url === '/api/ops/brand/list') return json(200, { items: [brand] });
        return json(200, {
          session_user: viewer.session_user,
          permissions: viewer.permissions,
          emulator: viewer.emulator,
        });
      }),
    );
    renderApp('/users?q=grace&status=PENDING&role=manager&brand=7');
    const row = (await screen.findByText('grace@example.com')).closest('tr') as HTMLElement;
    const asked = new URL(urls[0]!, 'http://x').searchParams;
    expect(Object.fromEntries(asked)).toEqual({
      page: '1',
      search: 'grace',
      status: 'PENDING',
      role: 'manager',
      brand: '7',
    });
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('grace');
    expect(screen.getByRole('combobox', { name: 'Filter by status' })).toHaveValue('Pending approval');
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('Manager');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Brand' })).toHaveValue('Acme'));
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    // The last sign-in, relative to now; someone who never signed in says so.
    expect(within(row).getByTestId(`last-login-${pending.id}`)).not.toHaveTextContent('Never');
  });
});
