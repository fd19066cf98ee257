import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../state/session';
import { loginAnswer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const DETAILS = 'Personal details';

describe('ProfileForm', () => {
  beforeEach(() => {
    useSession.getState().reset();
    useSession.getState().signIn(loginAnswer);
  });

  it('asks for the current password only when the e-mail changes, and sends it with it', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const bodies: unknown[] = [];
    const me = {
      session_user: loginAnswer.session_user,
      permissions: loginAnswer.permissions,
      emulator: loginAnswer.emulator,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input) === '/api/auth/user/update' && init?.method === 'PATCH') {
          const body = JSON.parse(String(init.body)) as { email: string };
          bodies.push(body);
          return json(200, { ...me, session_user: { ...me.session_user, email: body.email } });
        }
        return json(200, me);
      }),
    );
    const user = userEvent.setup();
    renderApp('/users/me');
    const details = within(await screen.findByRole('region', { name: DETAILS }));
    const email = details.getByLabelText(/^Email/);
    expect(details.queryByLabelText(/^Current password/)).not.toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'ada@new.example.com');
    const current = details.getByLabelText(/^Current password/);
    await user.click(details.getByRole('button', { name: 'Save changes' }));
    expect(await details.findByText('Current password is a required field')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await user.type(current, 'my-current-password');
    await user.click(details.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(bodies).toEqual([
        expect.objectContaining({ email: 'ada@new.example.com', current_password: 'my-current-password' }),
      ]),
    );
  });
});
