import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PERMISSIONS, ROLE_PERMISSIONS } from '@brandvault/contract';
import { useSession } from '../../state/session';
import { brand, loginAnswer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const manager = {
  ...loginAnswer,
  session_user: { ...loginAnswer.session_user, roles: [{ name: 'manager' }] },
  permissions: [...ROLE_PERMISSIONS.manager, 'user.manage' as const, 'user.view' as const].map((name) => ({ name })),
};
/** What the server lets this manager grant: never the admin role nor an admin-only permission. */
const grantable = {
  roles: ['manager', 'member', 'guest'],
  permissions: PERMISSIONS.filter((p) => manager.permissions.some((h) => h.name === p)),
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers the create call with `answer`, and the shell's own calls with the session. */
function stub(answer: () => Response) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/api/ops/brand/list') return json(200, { items: [brand] });
      if (url === '/api/ops/users/grantable') return json(200, grantable);
      if (url === '/api/ops/users/create') {
        sent.push(JSON.parse(String(init?.body)));
        return answer();
      }
      return json(200, {
        session_user: manager.session_user,
        permissions: manager.permissions,
        emulator: manager.emulator,
      });
    }),
  );
  return sent;
}

async function fillAndSubmit() {
  const user = userEvent.setup();
  renderApp('/users/create');
  await user.type(await screen.findByLabelText(/^First name/), 'Ada');
  await user.type(screen.getByLabelText(/^Last name/), 'Lovelace');
  await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'a-fine-password');
  await user.type(screen.getByLabelText(/^Confirm password/), 'a-fine-password');
  const roles = screen.getAllByLabelText(/^Roles/).find((el) => el.tagName === 'INPUT')!;
  await user.click(roles);
  // A manager is never offered the admin role.
  expect(screen.queryByRole('option', { name: 'Administrator' })).not.toBeInTheDocument();
  const brands = screen.getAllByLabelText(/^Brands/).find((el) => el.tagName === 'INPUT')!;
  await user.click(brands);
  await user.click(await screen.findByRole('option', { name: 'Acme' }));
  // Direct permissions by area, each saying what it allows; admin-only ones are not offered.
  const users = screen.getByRole('group', { name: 'Users' });
  await user.click(within(users).getByRole('checkbox', { name: /Create, edit, approve, deactivate and unlock users/ }));
  expect(screen.queryByRole('checkbox', { name: /Create, edit and remove brands/ })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Create user' }));
}

describe('UserCreatePage', () => {
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    useSession.getState().reset();
    useSession.getState().signIn(manager);
  });

  it('offers only grantable roles and shows the 422 field errors in place', async () => {
    const sent = stub(() =>
      json(422, {
        error: { code: 'VALIDATION_FAILED', message: 'Invalid', fields: { email: 'This e-mail is already taken.' } },
      }),
    );
    await fillAndSubmit();
    expect(await screen.findByText('This e-mail is already taken.')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({
      email: 'ada@example.com',
      roles: ['member'],
      brands: [7],
      status: 'ACTIVE',
      permissions: ['user.manage'],
      company: null,
    });
  }, 40_000);

  it('shows the informational Too Many Attempts notice on 429', async () => {
    stub(() => json(429, { error: { code: 'USER_UPDATE_TOO_MANY', message: 'Too many' } }));
    await fillAndSubmit();
    const notice = await screen.findByText('Too Many Attempts');
    const box = notice.closest('.mantine-Notification-root') as HTMLElement;
    expect(within(box).getByText(/maximum user update attempts/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create user' })).toBeEnabled());
  }, 40_000);
});
