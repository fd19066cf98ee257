import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STATE_STORAGE_KEY } from '@brandvault/contract';
import type { LoginResponse } from '@brandvault/contract';
import { useSession } from '../state/session';
import { brand, loginAnswer } from '../test/fixtures';
import { renderApp } from '../test/renderApp';
import { FORBIDDEN, requirePermission, requireRole } from './guards';

// The start-up `me` refresh answers like the server would for the fixture user.
function stubMe() {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            session_user: loginAnswer.session_user,
            permissions: loginAnswer.permissions,
            emulator: loginAnswer.emulator,
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
    ),
  );
}

describe('route guards', () => {
  beforeEach(() => {
    useSession.getState().reset();
  });

  it('sends an anonymous visitor of a login route to /login and drops the saved state', async () => {
    localStorage.setItem(STATE_STORAGE_KEY, JSON.stringify({ state: { isLoggedIn: false }, version: 1 }));
    const { router } = renderApp('/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem(STATE_STORAGE_KEY)).toBeNull();
    expect(useSession.getState().isLoggedIn).toBe(false);
  });

  it('sends a signed-in user away from /login to the brand chooser', async () => {
    stubMe();
    useSession.getState().signIn(loginAnswer);
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/brand/choose'));
  });

  it('needs a selected brand for /brand', async () => {
    stubMe();
    useSession.getState().signIn(loginAnswer);
    const { router } = renderApp('/brand');
    await waitFor(() => expect(router.state.location.pathname).toBe('/brand/choose'));
  });

  it('lets /brand through once a brand is selected', async () => {
    stubMe();
    useSession.getState().signIn(loginAnswer);
    useSession.getState().selectBrand(brand);
    const { router } = renderApp('/brand');
    await waitFor(() => expect(router.state.location.pathname).toBe('/brand'));
    expect(useSession.getState().selectedBrand?.id).toBe(brand.id);
  });

  it('redirects the empty path to /login', async () => {
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows a translated 404 for unknown paths', async () => {
    const { findByText } = renderApp('/no/such/page');
    expect(await findByText('Page not found')).toBeInTheDocument();
  });

  describe('requirePermission and requireRole', () => {
    const viewer: LoginResponse = {
      ...loginAnswer,
      permissions: [...loginAnswer.permissions, { name: 'user.view' }],
    };
    const meOf = (a: LoginResponse) => ({
      session_user: a.session_user,
      permissions: a.permissions,
      emulator: a.emulator,
      favorites_id: a.favorites_id,
    });
    /** `me` answers with `who()`, the users list with an empty page. */
    function stubApi(who: () => LoginResponse) {
      vi.stubGlobal(
        'fetch',
        vi.fn(async (input: RequestInfo | URL) => {
          const body = String(input).startsWith('/api/ops/users/all')
            ? { items: [], total: 0, page: 1, per_page: 20 }
            : meOf(who());
          return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
        }),
      );
    }
    const thrown = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e;
      }
      return null;
    };

    it('shows the forbidden screen inside the shell to a signed-in user without the permission', async () => {
      stubApi(() => loginAnswer);
      useSession.getState().signIn(loginAnswer);
      const { router } = renderApp('/users');
      expect(await screen.findByText('Not allowed')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/users');
      expect(screen.getByRole('link', { name: 'Back to my brands' })).toHaveAttribute('href', '/brand/choose');
      expect(screen.getByRole('button', { name: 'Change language' })).toBeInTheDocument();
    });

    it('keeps brand administration to brand.manage', async () => {
      stubApi(() => viewer);
      useSession.getState().signIn(viewer);
      renderApp('/brand/all');
      expect(await screen.findByText('Not allowed')).toBeInTheDocument();
    });

    it('lets a user with the permission through, and closes the screen when the permission goes', async () => {
      let who = viewer;
      stubApi(() => who);
      useSession.getState().signIn(viewer);
      renderApp('/users');
      expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
      expect(screen.queryByText('Not allowed')).not.toBeInTheDocument();

      // A `me` refresh brings fewer permissions: the guard runs again.
      who = loginAnswer;
      act(() => useSession.getState().setMe(meOf(loginAnswer)));
      expect(await screen.findByText('Not allowed')).toBeInTheDocument();
    });

    it('needs every permission asked for, and one of the roles', () => {
      useSession.getState().signIn(viewer);
      expect(requirePermission('user.view')()).toBeNull();
      // What react-router's `data(…, { status })` throws: the error element sees that status.
      const status = (f: () => unknown) => (thrown(f) as { init?: { status?: number } } | null)?.init?.status;
      expect(status(() => requirePermission('user.view', 'user.manage')())).toBe(FORBIDDEN);
      expect(status(() => requireRole('admin')())).toBe(FORBIDDEN);

      useSession.getState().signIn({ ...viewer, session_user: { ...viewer.session_user, roles: [{ name: 'admin' }] } });
      expect(requireRole('manager', 'admin')()).toBeNull();
    });

    it('sends an anonymous visitor to login instead', () => {
      const answer = thrown(() => requireRole('admin')()) as Response;
      expect(answer.status).toBe(302);
      expect(answer.headers.get('Location')).toBe('/login');
    });
  });
});
