import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { useSession } from '../../state/session';
import { loginAnswer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The server as the sign-in screens meet it: one provider, and the codes' answers. */
function stubServer(answers: Record<string, () => Response> = {}) {
  const calls: { url: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url.endsWith('/api/auth/csrf-cookie')) return new Response(null, { status: 204 });
    if (url.endsWith('/api/sso/providers')) return json(200, { data: [{ id: 3, label: 'Acme login' }] });
    for (const [path, answer] of Object.entries(answers)) if (url.endsWith(path)) return answer();
    return json(200, { ...loginAnswer, token: undefined });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

describe('single sign-on screens', () => {
  beforeEach(() => useSession.getState().reset());
  afterEach(() => i18n.changeLanguage('en'));

  it('offers one button per provider on the sign-in page, carrying where to go next', async () => {
    stubServer();
    renderApp('/login?next=%2Fbrand');
    const button = await screen.findByRole('link', { name: 'Sign in with Acme login' });
    expect(button).toHaveAttribute('href', '/api/sso/providers/3/start?next=%2Fbrand');
  });

  it('says why a single sign-on was refused, in Spanish too', async () => {
    await i18n.changeLanguage('es');
    stubServer();
    renderApp('/login?sso_error=token');
    expect(await screen.findByRole('link', { name: 'Entrar con Acme login' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo comprobar la respuesta del proveedor');
  });

  it('exchanges the code of a finished sign-in for a session', async () => {
    const calls = stubServer({ '/api/sso/complete': () => json(200, loginAnswer) });
    renderApp('/sso/done#code=abcdefghijklmnopqrstuvwxyz');
    await waitFor(() => expect(useSession.getState().isLoggedIn).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/api/sso/complete'))?.body).toEqual({
      code: 'abcdefghijklmnopqrstuvwxyz',
    });
  });

  it('asks for the existing account’s password before linking, and signs in once it is right', async () => {
    const calls = stubServer({
      '/api/sso/link/info': () => json(200, { email: 'ada@example.com', provider: 'Acme login' }),
      '/api/sso/link/password': () => json(200, loginAnswer),
    });
    renderApp('/sso/link#code=abcdefghijklmnopqrstuvwxyz');
    expect(await screen.findByText(/An account with ada@example.com already exists/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Password/), 'password-123');
    await user.click(screen.getByRole('button', { name: 'Confirm with my password' }));
    await waitFor(() => expect(useSession.getState().isLoggedIn).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/api/sso/link/password'))?.body).toEqual({
      code: 'abcdefghijklmnopqrstuvwxyz',
      password: 'password-123',
    });
  });

  it('tells a new person their account waits for approval', async () => {
    stubServer();
    renderApp('/sso/waiting');
    expect(await screen.findByRole('heading', { name: 'Your account awaits approval' })).toBeInTheDocument();
  });
});
