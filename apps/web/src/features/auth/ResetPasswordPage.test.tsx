import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../state/session';
import { renderApp } from '../../test/renderApp';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server's answer to the link check; every other call is a plain success. */
function serve(check: () => Response) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/api/auth/csrf-cookie')) return new Response(null, { status: 204 });
      if (url.endsWith('/api/auth/reset-password/check')) {
        calls.push(String(init?.body));
        return check();
      }
      return json(200, { message: 'ok' });
    }),
  );
  return calls;
}

const LINK = '/password/reset?token=t0k3n&email=ada%40example.com';

describe('the password reset page', () => {
  beforeEach(() => useSession.getState().reset());
  afterEach(() => vi.unstubAllGlobals());

  it('checks the link first and shows the form only for a working one', async () => {
    const calls = serve(() => json(200, { message: 'Reset link valid' }));
    renderApp(LINK);
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(JSON.parse(calls[0] ?? '')).toEqual({ token: 't0k3n', email: 'ada@example.com' });
  });

  it('says a used or expired link no longer works, with a way to a new one', async () => {
    serve(() =>
      json(422, { error: { status: 422, code: 'RESET_FAILED', title: 'Password not changed', message: 'expired' } }),
    );
    renderApp(LINK);
    expect(await screen.findByText('This link no longer works')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/password/forgot');
    expect(screen.queryByLabelText(/New password/)).toBeNull();
  });
});
