import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_PERMISSIONS } from '@brandvault/contract';
import type { ApiKeyAdminItem } from '@brandvault/contract';
import { useSession } from '../../state/session';
import { loginAnswer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const admin = {
  ...loginAnswer,
  session_user: { ...loginAnswer.session_user, roles: [{ name: 'admin' }] },
  permissions: ROLE_PERMISSIONS.admin.map((name) => ({ name })),
};
const leaked: ApiKeyAdminItem = {
  id: 8,
  name: 'Shop sync',
  last4: 'x9Q2',
  scopes: ['brand.view'],
  expires_at: null,
  created_at: '2026-11-30T08:00:00.000Z',
  last_used_at: '2026-11-30T09:00:00.000Z',
  revoked_at: null,
  state: 'active',
  owner: { id: 4, name: 'Rita Member', email: 'rita@example.com' },
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('AdminApiKeysPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    useSession.getState().reset();
    useSession.getState().signIn(admin);
  });

  it("lists everyone's keys with their owners and revokes one after confirmation", async () => {
    let row = leaked;
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        if (url.startsWith('/api/ops/api-keys?')) return json(200, { items: [row], total: 1, page: 1, per_page: 20 });
        if (url === '/api/ops/api-keys/8/revoke') {
          row = { ...row, state: 'revoked', revoked_at: '2026-11-30T10:00:00.000Z' };
          return json(200, row);
        }
        if (url === '/api/jobs/mine') return json(200, { items: [] });
        return json(200, {
          session_user: admin.session_user,
          permissions: admin.permissions,
          emulator: admin.emulator,
        });
      }),
    );
    renderApp('/api-keys/manage');
    const r = within(await screen.findByTestId('admin-api-key-row-8'));
    expect(r.getByText('Rita Member')).toBeInTheDocument();
    expect(r.getByText('rita@example.com')).toBeInTheDocument();
    expect(r.getByText('…x9Q2')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(r.getAllByRole('button', { name: 'Revoke Shop sync' })[0]!);
    const dialog = within(await screen.findByRole('dialog', { name: 'Revoke this key?' }));
    expect(dialog.getByText(/Rita Member/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(calls).toContain('POST /api/ops/api-keys/8/revoke'));
    expect(await within(screen.getByTestId('admin-api-key-row-8')).findByText('Revoked')).toBeInTheDocument();
  });
});
