import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CATALOGUE } from '@brandvault/contract';
import i18n from '../../i18n';
import { useSession } from '../../state/session';
import { brand, loginAnswer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Answers csrf-cookie with 204 and login with the given response. */
function stubFetch(login: () => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/api/auth/csrf-cookie')) return new Response(null, { status: 204 });
    if (url.endsWith('/api/login')) return login();
    return json(200, {
      session_user: loginAnswer.session_user,
      permissions: loginAnswer.permissions,
      emulator: loginAnswer.emulator,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function fillAndSubmit() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Email/), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'not-the-password');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage', () => {
  beforeEach(() => useSession.getState().reset());

  it('shows the catalogue text for wrong credentials', async () => {
    const { title, message } = ERROR_CATALOGUE.en.WRONG_CREDENTIALS;
    const fetchMock = stubFetch(() => json(422, { error: { status: 422, code: 'WRONG_CREDENTIALS', message } }));
    renderApp('/login');
    await fillAndSubmit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(title);
    expect(alert).toHaveTextContent(message);
    expect(useSession.getState().isLoggedIn).toBe(false);
    const loginCall = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/api/login'));
    expect(loginCall?.[1]?.method).toBe('POST');
  });

  it('shows the 429 text when there were too many attempts', async () => {
    const { message } = ERROR_CATALOGUE.en.LOGIN_TOO_MANY;
    stubFetch(() => json(429, { error: { status: 429, code: 'LOGIN_TOO_MANY', message } }));
    renderApp('/login');
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('keeps a language chosen before signing in, says the change in it, and saves it on the account', async () => {
    const fetchMock = stubFetch(() => json(200, loginAnswer));
    renderApp('/login');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Español' }));
    expect(await screen.findByText('Idioma cambiado')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'English' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Correo/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Contraseña/), 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await waitFor(() => expect(useSession.getState().token).toBe('test-token'));
    // The account says English; the reader's choice wins, here and under `lang` for a reload.
    expect(i18n.language).toBe('es');
    expect(localStorage.getItem('lang')).toBe('es');
    await waitFor(() => {
      const save = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/api/auth/user/update'));
      expect(JSON.parse(String(save?.[1]?.body))).toEqual({ lang: 'es' });
    });
    await i18n.changeLanguage('en');
  });

  it('signs in and goes to the brand chooser', async () => {
    const other = { ...brand, id: 8, name: 'Other', slug: 'other' };
    stubFetch(() =>
      json(200, { ...loginAnswer, session_user: { ...loginAnswer.session_user, brands: [brand, other] } }),
    );
    const { router } = renderApp('/login');
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/brand/choose'));
    expect(useSession.getState().token).toBe('test-token');
  });

  it('opens the only brand of someone with one, instead of the chooser', async () => {
    stubFetch(() => json(200, loginAnswer));
    const { router } = renderApp('/login');
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/brand'));
    expect(useSession.getState().selectedBrand?.id).toBe(brand.id);
  });
});
