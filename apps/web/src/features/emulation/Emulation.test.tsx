import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANG_STORAGE_KEY, ROLE_PERMISSIONS } from '@brandvault/contract';
import type { AdminUser, LoginResponse } from '@brandvault/contract';
import i18n from '../../i18n';
import { useSession } from '../../state/session';
import { brand, loginAnswer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const admin: LoginResponse = {
  ...loginAnswer,
  token: 'admin-token',
  session_user: { ...loginAnswer.session_user, id: 1, lang: 'es', roles: [{ name: 'admin' }] },
  permissions: ROLE_PERMISSIONS.admin.map((name) => ({ name })),
};
const emulated: LoginResponse = {
  ...loginAnswer,
  token: 'emulated-token',
  session_user: { ...loginAnswer.session_user, id: 7, first_name: 'Grace', last_name: 'Hopper', lang: 'en' },
  permissions: ROLE_PERMISSIONS.member.map((name) => ({ name })),
  emulator: { isEmulating: true, admin_id: 1 },
};
const row = (over: Partial<AdminUser>): AdminUser => ({
  id: 7,
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.com',
  lang: 'en',
  status: 'ACTIVE',
  verified_at: null,
  approved_at: '2026-11-20T10:00:00.000Z',
  created_at: '2026-11-20T10:00:00.000Z',
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
  ...over,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const meOf = (a: LoginResponse) => ({
  session_user: a.session_user,
  permissions: a.permissions,
  emulator: a.emulator,
  favorites_id: a.favorites_id,
});

/** Answers like the server: the session of whichever token the request carries. */
function serve(extra: (url: string, method: string) => Response | undefined) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url}`);
      const answer = extra(url, method);
      if (answer) return answer;
      if (url.startsWith('/api/ops/users/all'))
        return json(200, {
          items: [row({}), row({ id: 9, email: 'boss@example.com', roles: [{ name: 'admin' }] })],
          total: 2,
          page: 1,
          per_page: 20,
        });
      const auth = new Headers(init?.headers).get('authorization');
      return json(200, meOf(auth === 'Bearer emulated-token' ? emulated : admin));
    }),
  );
  return calls;
}

describe('emulation', () => {
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    useSession.getState().reset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    void i18n.changeLanguage('en');
  }, 20_000);

  it('offers Emulate on non-admin rows and reloads the app as that user, banner shown', async () => {
    useSession.getState().signIn({ ...admin, session_user: { ...admin.session_user, lang: 'en' } });
    const calls = serve((url, method) =>
      method === 'POST' && url === '/api/ops/users/7/switch' ? json(200, emulated) : undefined,
    );
    const user = userEvent.setup();
    renderApp('/users');
    const grace = (await screen.findByText('grace@example.com')).closest('tr')!;
    const boss = screen.getByText('boss@example.com').closest('tr')!;
    await user.click(within(boss).getByRole('button', { name: /actions|acciones/i }));
    expect(screen.queryByRole('menuitem', { name: 'Emulate' })).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(within(grace).getByRole('button', { name: /actions|acciones/i }));
    await user.click(await screen.findByRole('menuitem', { name: 'Emulate' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Emulate' }));

    expect(await screen.findByText('You are acting as Grace Hopper')).toBeInTheDocument();
    expect(calls).toContain('POST /api/ops/users/7/switch');
    expect(useSession.getState()).toMatchObject({ token: 'emulated-token', emulatorStatus: { admin_id: 1 } });
    expect(JSON.parse(sessionStorage.getItem('emulation-return')!)).toMatchObject({ path: '/users' });
  }, 20_000);

  it('finishing brings the administrator back to their brand and page', async () => {
    useSession.getState().signIn(emulated);
    sessionStorage.setItem('emulation-return', JSON.stringify({ brand, path: '/users?q=grace' }));
    serve((url, method) => (method === 'POST' && url === '/api/ops/users/1/switch/end' ? json(200, admin) : undefined));
    const user = userEvent.setup();
    const { router } = renderApp('/users/me');
    const banner = await screen.findByText('You are acting as Grace Hopper');
    await user.click(within(banner.closest('[role="status"]') as HTMLElement).getByRole('button', { name: 'Finish' }));

    await waitFor(() => expect(router.state.location.search).toBe('?q=grace'));
    expect(router.state.location.pathname).toBe('/users');
    expect(useSession.getState().selectedBrand?.id).toBe(brand.id);
    expect(sessionStorage.getItem('emulation-return')).toBeNull();
  }, 20_000);

  it('finishes per spec §4: ends with admin_id, restores the language, lands on /users', async () => {
    useSession.getState().signIn(emulated);
    const calls = serve((url, method) =>
      method === 'POST' && url === '/api/ops/users/1/switch/end' ? json(200, admin) : undefined,
    );
    const user = userEvent.setup();
    const { router } = renderApp('/users/me');
    const banner = await screen.findByText('You are acting as Grace Hopper');
    await user.click(within(banner.closest('[role="status"]') as HTMLElement).getByRole('button', { name: 'Finish' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
    expect(calls).toContain('POST /api/ops/users/1/switch/end');
    expect(useSession.getState()).toMatchObject({
      token: 'admin-token',
      emulatorStatus: { isEmulating: false, admin_id: null },
    });
    expect(localStorage.getItem(LANG_STORAGE_KEY)).toBe('es');
    expect(i18n.language).toBe('es');
    await waitFor(() => expect(screen.queryByText(/Estás actuando como/)).toBeNull());
  }, 20_000);

  it('only logs a failure to end, keeping the session', async () => {
    useSession.getState().signIn(emulated);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    serve((url, method) =>
      method === 'POST' && url === '/api/ops/users/1/switch/end' ? json(500, { message: 'boom' }) : undefined,
    );
    const user = userEvent.setup();
    const { router } = renderApp('/users/me');
    const banner = await screen.findByText('You are acting as Grace Hopper');
    await user.click(within(banner.closest('[role="status"]') as HTMLElement).getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Finishing the emulation failed', expect.anything()));
    expect(router.state.location.pathname).toBe('/users/me');
    expect(useSession.getState().emulatorStatus.isEmulating).toBe(true);
    logged.mockRestore();
  }, 20_000);
});
