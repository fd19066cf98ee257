import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_PERMISSIONS } from '@brandvault/contract';
import type { ProviderView } from '@brandvault/contract';
import i18n from '../../i18n';
import { useSession } from '../../state/session';
import { loginAnswer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const adminAnswer = {
  ...loginAnswer,
  session_user: { ...loginAnswer.session_user, roles: [{ name: 'admin' as const }] },
  permissions: ROLE_PERMISSIONS.admin.map((name) => ({ name })),
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const down: ProviderView = {
  id: 4,
  label: 'Old login',
  issuer: 'https://old.example.com',
  client_id: 'bv',
  has_secret: true,
  scopes: 'openid email profile',
  allow_signup: false,
  allowed_domains: [],
  preapproved_domains: [],
  claim_mapping: null,
  enabled: true,
  from_env: false,
  status: 'unreachable',
  status_reason: 'fetch failed (ECONNREFUSED)',
  checked_at: '2026-11-30T10:00:00.000Z',
  redirect_uri: 'http://localhost/api/sso/callback',
  logout_uri: 'http://localhost/api/sso/backchannel-logout/4',
};

function stubApi() {
  const sent: { method: string; url: string; body: Record<string, unknown> | undefined }[] = [];
  let list = [down];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
      sent.push({ method, url, body });
      if (url === '/api/ops/sso/providers' && method === 'POST') {
        const made = { ...down, ...body, id: 5, status: 'ok', status_reason: null, has_secret: true } as ProviderView;
        delete (made as Record<string, unknown>).client_secret;
        list = [...list, made];
        return json(201, made);
      }
      if (url === '/api/ops/sso/providers') return json(200, { data: list });
      if (url === '/api/ops/sso/roles')
        return json(200, { data: [{ id: 1, name: 'admin', sso_only: false, locked: true }] });
      if (url === '/api/ops/brand/list') return json(200, { items: [] });
      if (url === '/api/jobs/mine') return json(200, { items: [] });
      return json(200, {
        session_user: adminAnswer.session_user,
        permissions: adminAnswer.permissions,
        emulator: adminAnswer.emulator,
        favorites_id: adminAnswer.favorites_id,
      });
    }),
  );
  return sent;
}

describe('SsoAdminPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    useSession.getState().reset();
    useSession.getState().signIn(adminAnswer);
  });
  afterEach(() => i18n.changeLanguage('en'));

  it('shows each provider with its status and why it is not reachable', async () => {
    stubApi();
    renderApp('/sso/manage');
    const row = (await screen.findByText('Old login')).closest('tr')!;
    expect(within(row).getByText('Not reachable')).toBeInTheDocument();
    expect(within(row).getByText('fetch failed (ECONNREFUSED)')).toBeInTheDocument();
    expect(within(row).getByText('http://localhost/api/sso/callback')).toBeInTheDocument();
  });

  it('adds a provider; its secret goes out once and is never shown', async () => {
    const sent = stubApi();
    renderApp('/sso/manage');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add provider' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Button label/), 'Acme login');
    await user.type(within(dialog).getByLabelText(/Issuer URL/), 'https://login.acme.test');
    await user.type(within(dialog).getByLabelText(/Client ID/), 'brandvault');
    await user.type(within(dialog).getByLabelText(/^Client secret/), 'top-secret-value');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = sent.find((c) => c.method === 'POST' && c.url === '/api/ops/sso/providers');
    expect(post?.body).toMatchObject({ label: 'Acme login', client_secret: 'top-secret-value', claim_mapping: null });
    expect(await screen.findByText('Acme login')).toBeInTheDocument();
    expect(screen.queryByText('top-secret-value')).not.toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    stubApi();
    renderApp('/sso/manage');
    expect(await screen.findByRole('heading', { name: 'Acceso único' })).toBeInTheDocument();
    expect(await screen.findByText('No disponible')).toBeInTheDocument();
  });
});
