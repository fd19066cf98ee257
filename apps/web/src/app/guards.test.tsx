import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STATE_STORAGE_KEY } from '@brandvault/contract';
import { useSession } from '../state/session';
import { brand, loginAnswer } from '../test/fixtures';
import { renderApp } from '../test/renderApp';

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
});
