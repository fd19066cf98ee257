import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_PERMISSIONS } from '@brandvault/contract';
import { useSession } from '../../state/session';
import { brand, loginAnswer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { forgetSetupDone } from './api';

const as = (role: 'admin' | 'member') => ({
  ...loginAnswer,
  session_user: { ...loginAnswer.session_user, roles: [{ name: role }], brands: [brand] },
  permissions: ROLE_PERMISSIONS[role].map((name) => ({ name })),
});
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const notDone = { done: false, org_name: null, finished_at: null };

/** The setup calls answered from `answers` (by "METHOD path"), the shell's own calls with the session. */
function stub(session: ReturnType<typeof as>, answers: Record<string, (body: unknown) => Response>) {
  const sent: { call: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = `${init?.method ?? 'GET'} ${String(input).split('?')[0]}`;
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ call, body });
      const answer = answers[call];
      if (answer) return answer(body);
      if (call === 'GET /api/ops/users/grantable')
        return json(200, { roles: ['admin', 'member', 'guest'], permissions: [] });
      return json(200, {
        session_user: session.session_user,
        permissions: session.permissions,
        emulator: session.emulator,
      });
    }),
  );
  return sent;
}

describe('SetupPage', () => {
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    forgetSetupDone();
    useSession.getState().reset();
  });

  it('takes a new installation’s administrator through the steps, with server errors under the fields', async () => {
    useSession.getState().signIn(as('admin'));
    let invites = 0;
    const sent = stub(as('admin'), {
      'GET /api/ops/setup': () => json(200, notDone),
      'PUT /api/ops/setup/organisation': (b) =>
        (b as { name: string }).name === 'Taken'
          ? json(422, { error: { code: 'VALIDATION_FAILED', message: 'Invalid', fields: { name: 'Not this one.' } } })
          : json(200, { ...notDone, org_name: 'Acme Coffee' }),
      'POST /api/ops/users/invite': () =>
        ++invites === 1
          ? json(422, { error: { code: 'VALIDATION_FAILED', message: 'Invalid', fields: { email: 'Already taken.' } } })
          : json(201, { user: { id: 9 } }),
      'POST /api/ops/setup/finish': () => json(200, { done: true, org_name: 'Acme Coffee', finished_at: 'x' }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/brand/choose');
    await waitFor(() => expect(router.state.location.pathname).toBe('/setup'));

    const name = await screen.findByLabelText(/^Organisation name/);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/required/i)).toBeInTheDocument();
    await user.type(name, 'Taken');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Not this one.')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Acme Coffee');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    // The brand: skipped here (the e2e journey makes one).
    await user.click(await screen.findByRole('button', { name: 'Skip this step' }));

    const email = await screen.findByLabelText(/^Email/);
    await user.type(email, 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Already taken.')).toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'bea@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText('You are all set')).toBeInTheDocument();
    expect(screen.getByText(/1 invitation sent/)).toBeInTheDocument();
    expect(sent.filter((s) => s.call === 'POST /api/ops/users/invite').map((s) => s.body)).toEqual([
      { email: 'ana@example.com', roles: ['member'], brands: [] },
      { email: 'bea@example.com', roles: ['member'], brands: [] },
    ]);
    expect(sent.find((s) => s.call === 'POST /api/ops/setup/finish')?.body).toEqual({ outcome: 'completed' });
    await user.click(screen.getByRole('button', { name: 'Go to the brands' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/brand/choose'));
  }, 40_000);

  it('lets the administrator skip it all at once', async () => {
    useSession.getState().signIn(as('admin'));
    const sent = stub(as('admin'), {
      'GET /api/ops/setup': () => json(200, notDone),
      'POST /api/ops/setup/finish': () => json(200, { done: true, org_name: null, finished_at: 'x' }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/setup');
    await user.click(await screen.findByRole('button', { name: 'Skip setup' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/brand/choose'));
    expect(sent.find((s) => s.call === 'POST /api/ops/setup/finish')?.body).toEqual({ outcome: 'skipped' });
  }, 20_000);

  it('resumes at the step reached after a reload, with the brand made', async () => {
    useSession.getState().signIn(as('admin'));
    sessionStorage.setItem('setup-progress', JSON.stringify({ active: 2, brand: { ...brand, id: 99, name: 'Fresh' } }));
    stub(as('admin'), { 'GET /api/ops/setup': () => json(200, notDone) });
    renderApp('/setup');
    expect(await screen.findByRole('button', { name: 'Send invitation' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Brand' })).toHaveValue('Fresh');
  }, 20_000);

  it('leaves an installation set up on the chooser', async () => {
    useSession.getState().signIn(as('admin'));
    stub(as('admin'), { 'GET /api/ops/setup': () => json(200, { done: true, org_name: 'Acme', finished_at: null }) });
    const { router } = renderApp('/setup');
    await waitFor(() => expect(router.state.location.pathname).toBe('/brand/choose'));
  }, 20_000);

  it('is never shown to someone who is not an administrator', async () => {
    useSession.getState().signIn(as('member'));
    const sent = stub(as('member'), { 'GET /api/ops/setup': () => json(200, notDone) });
    const { router } = renderApp('/setup');
    await waitFor(() => expect(router.state.location.pathname).toBe('/brand/choose'));
    // The chooser's card redraws once its figures arrive: look for the name, whichever node holds it.
    await waitFor(() => expect(screen.queryAllByText('Acme').length).toBeGreaterThan(0));
    expect(sent.some((s) => s.call === 'GET /api/ops/setup')).toBe(false);
  }, 20_000);
});
