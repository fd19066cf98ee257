import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_PERMISSIONS } from '@brandvault/contract';
import type { PermissionName, RoleView } from '@brandvault/contract';
import { useSession } from '../../state/session';
import { loginAnswer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const answerWith = (permissions: readonly PermissionName[]) => ({
  ...loginAnswer,
  session_user: { ...loginAnswer.session_user, roles: [{ name: 'admin' as const }] },
  permissions: permissions.map((name) => ({ name })),
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const start: RoleView[] = [
  { id: 1, name: 'admin', permissions: [...ROLE_PERMISSIONS.admin], users: 1, locked: true },
  { id: 3, name: 'member', permissions: [...ROLE_PERMISSIONS.member], users: 4, locked: false },
];

/** The roles API in memory; records what the page sends. */
function stubApi(answer = answerWith(ROLE_PERMISSIONS.admin)) {
  const sent: { method: string; url: string; body: Record<string, unknown> }[] = [];
  let roles = start.map((r) => ({ ...r }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
      if (url.startsWith('/api/ops/roles/')) sent.push({ method, url, body });
      if (url === '/api/ops/roles/all') return json(200, { data: roles });
      const upd = /^\/api\/ops\/roles\/(\d+)\/update$/.exec(url);
      if (upd) {
        roles = roles.map((r) => (r.id === Number(upd[1]) ? { ...r, ...body } : r)) as RoleView[];
        return json(
          200,
          roles.find((r) => r.id === Number(upd[1])),
        );
      }
      if (/\/delete$/.test(url))
        return json(422, {
          error: {
            status: 422,
            code: 'INVALID_DATA',
            message: 'The given data was invalid.',
            fields: { name: 'name: 4 users hold this role; give them another role first' },
          },
        });
      if (url === '/api/jobs/mine') return json(200, { items: [] });
      return json(200, {
        session_user: answer.session_user,
        permissions: answer.permissions,
        emulator: answer.emulator,
        favorites_id: answer.favorites_id,
      });
    }),
  );
  return sent;
}

describe('roles matrix', () => {
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    useSession.getState().reset();
    useSession.getState().signIn(answerWith(ROLE_PERMISSIONS.admin));
  });

  it('shows permissions by area with descriptions; admin is locked; a tick sends the new set', async () => {
    const sent = stubApi();
    renderApp('/roles/manage');
    const adminBox = await screen.findByRole('checkbox', { name: 'admin: folder.manage' });
    expect(adminBox).toBeChecked();
    expect(adminBox).toBeDisabled();
    expect(screen.getByText('Create, rename, move and remove folders')).toBeInTheDocument();
    expect(screen.getByText('Folders')).toBeInTheDocument();
    const memberBox = screen.getByRole('checkbox', { name: 'member: asset.manage' });
    expect(memberBox).not.toBeChecked();
    await userEvent.click(memberBox);
    await waitFor(() => expect(sent.some((s) => s.method === 'PATCH')).toBe(true));
    const patch = sent.find((s) => s.method === 'PATCH')!;
    expect(patch.url).toBe('/api/ops/roles/3/update');
    expect(patch.body.permissions).toEqual([...ROLE_PERMISSIONS.member, 'asset.manage']);
    expect(await screen.findByText('Role created or updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'member: asset.manage' })).toBeChecked());
  });

  it('shows the count when a delete is refused', async () => {
    stubApi();
    renderApp('/roles/manage');
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for member' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete role' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete role' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('4 users hold this role');
  });

  it('is read-only with role.view alone', async () => {
    const viewOnly = answerWith(['role.view', 'brand.view']);
    useSession.getState().reset();
    useSession.getState().signIn(viewOnly);
    stubApi(viewOnly);
    renderApp('/roles/manage');
    const box = await screen.findByRole('checkbox', { name: 'member: asset.view' });
    expect(box).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Create role' })).toBeNull();
  });
});
