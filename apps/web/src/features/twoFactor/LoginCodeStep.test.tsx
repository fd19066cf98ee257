import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../state/session';
import { loginAnswer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const wrongCode = {
  error: {
    status: 422,
    code: 'INVALID_DATA',
    message: 'The given data was invalid.',
    fields: { code: '6-digit code is not the current code of your authenticator app' },
  },
};

/** The password step answers the code step; the code step answers what `codeStep` says. */
function stubFetch(codeStep: (body: Record<string, string>) => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/api/auth/csrf-cookie')) return new Response(null, { status: 204 });
    if (url.endsWith('/api/login')) return json(200, { two_factor: 'code', challenge: 'signed-challenge' });
    if (url.endsWith('/api/login/two-factor')) return codeStep(JSON.parse(String(init?.body)));
    return json(200, {
      session_user: loginAnswer.session_user,
      permissions: loginAnswer.permissions,
      emulator: loginAnswer.emulator,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function passwordStep() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Email/), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'the-password-1');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('the sign-in code step', () => {
  beforeEach(() => useSession.getState().reset());

  it('asks for a code after the password, shows a refusal under it, and signs in with the right one', async () => {
    const sent: Record<string, string>[] = [];
    stubFetch((body) => {
      sent.push(body);
      return body.code?.replace(/\s/g, '') === '123456' ? json(200, loginAnswer) : json(422, wrongCode);
    });
    const { router } = renderApp('/login');
    const user = await passwordStep();
    const code = await screen.findByLabelText(/6-digit code/);
    expect(useSession.getState().isLoggedIn).toBe(false);

    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(/not the current code/)).toBeInTheDocument();
    expect(useSession.getState().isLoggedIn).toBe(false);

    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    // The fixture user has one brand: signing in opens it.
    await waitFor(() => expect(router.state.location.pathname).toBe('/brand'));
    expect(useSession.getState().token).toBe('test-token');
    expect(sent.at(-1)).toEqual({ challenge: 'signed-challenge', code: '123 456' });
  });

  it('takes a recovery code instead', async () => {
    const sent: Record<string, string>[] = [];
    stubFetch((body) => {
      sent.push(body);
      return json(200, loginAnswer);
    });
    const { router } = renderApp('/login');
    const user = await passwordStep();
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText(/Recovery code/), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/brand'));
    expect(sent[0]).toEqual({ challenge: 'signed-challenge', recovery_code: 'abcde-fghjk' });
  });
});
