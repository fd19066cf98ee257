import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PERMISSIONS, ROLE_PERMISSIONS } from '@brandvault/contract';
import type { AdminUser } from '@brandvault/contract';
import { useSession } from '../../state/session';
import { brand, loginAnswer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const manager = {
  ...loginAnswer,
  session_user: { ...loginAnswer.session_user, roles: [{ name: 'manager' }] },
  permissions: [...ROLE_PERMISSIONS.manager, 'user.manage' as const].map((name) => ({ name })),
};
const grantable = {
  roles: ['manager', 'member', 'guest'],
  permissions: PERMISSIONS.filter((p) => manager.permissions.some((h) => h.name === p)),
};
/** A member of Acme and of Other (not the manager's), holding brand.manage (an administrator gave it). */
const target: AdminUser = {
  id: 42,
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.com',
  lang: 'en',
  status: 'ACTIVE',
  verified_at: null,
  approved_at: '2026-11-20T10:00:00.000Z',
  created_at: '2026-11-20T10:00:00.000Z',
  last_login_at: null,
  photo_uri: null,
  photo_thumb_uri: null,
  company: 'Navy',
  country: null,
  phone: null,
  position: null,
  roles: [{ name: 'member' }],
  permissions: [{ name: 'brand.manage' }],
  brands: [
    { id: 7, name: 'Acme' },
    { id: 9, name: 'Other' },
  ],
  locked_until: null,
  abilities: { edit: true, change_status: true, unlock: false, photo: true },
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Answer = (url: string, init?: RequestInit) => Response | undefined;
function stub(answer: Answer) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      if (method !== 'GET')
        sent.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body });
      const own = answer(url, init);
      if (own) return own;
      if (url === '/api/ops/brand/list') return json(200, { items: [brand] });
      if (url === '/api/ops/users/grantable') return json(200, grantable);
      if (url === '/api/ops/users/42') return json(200, { user: target });
      return json(200, {
        session_user: manager.session_user,
        permissions: manager.permissions,
        emulator: manager.emulator,
      });
    }),
  );
  return sent;
}

const inputOf = (label: RegExp) => screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT') as HTMLElement;

describe('UserEditPage', () => {
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    useSession.getState().reset();
    useSession.getState().signIn(manager);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('edits a user with the create form, keeping what is not the caller to change', async () => {
    const sent = stub((url) =>
      url === '/api/ops/users/42/edit' ? json(200, { user: { ...target, roles: [{ name: 'manager' }] } }) : undefined,
    );
    const user = userEvent.setup();
    renderApp('/users/42/edit');
    expect(await screen.findByDisplayValue('Hopper', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Edit user' })).toBeInTheDocument();
    // brand.manage is held and not the manager's to grant: shown, checked, locked.
    const held = screen.getByRole('checkbox', { name: /Create, edit and remove brands/ });
    expect(held).toBeChecked();
    expect(held).toBeDisabled();
    expect(screen.queryByRole('checkbox', { name: /Create, change and delete roles/ })).not.toBeInTheDocument();
    await user.click(inputOf(/^Roles/));
    expect(screen.queryByRole('option', { name: 'Administrator' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Manager' }));
    // A backspace in the brands does not drop the brand the manager does not belong to.
    await user.click(inputOf(/^Brands/));
    await user.keyboard('{Backspace}{Backspace}');
    await user.clear(screen.getByLabelText(/^Company/));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent.map((s) => s.url)).toContain('/api/ops/users/42/edit'));
    expect(sent[0]!.body).toMatchObject({
      first_name: 'Grace',
      company: null,
      status: 'ACTIVE',
      roles: ['member', 'manager'],
      permissions: ['brand.manage'],
      brands: [9],
    });
    expect(await screen.findByText('User updated')).toBeInTheDocument();
  }, 40_000);

  it('shows field errors in place and the informational notice on 429', async () => {
    let status = 422;
    stub((url) =>
      url === '/api/ops/users/42/edit'
        ? status === 422
          ? json(422, { error: { code: 'INVALID_DATA', message: 'Invalid', fields: { 'roles.0': 'roles is bad' } } })
          : json(429, { error: { code: 'USER_UPDATE_TOO_MANY', message: 'Too many' } })
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/users/42/edit');
    await user.click(await screen.findByRole('button', { name: 'Save changes' }, { timeout: 15_000 }));
    expect(await screen.findByText('roles is bad')).toBeInTheDocument();
    status = 429;
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const notice = await screen.findByText('Too Many Attempts');
    const box = notice.closest('.mantine-Notification-root') as HTMLElement;
    expect(within(box).getByText(/maximum user update attempts/)).toBeInTheDocument();
  }, 40_000);

  it('uploads a photo, frames it in the square dialog and sets it', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:photo', revokeObjectURL: () => undefined }));
    const withPhoto = {
      ...target,
      photo_uri: '/api/media/avatars/p.webp',
      photo_thumb_uri: '/api/media/avatars/t.webp',
    };
    let set = false;
    const sent = stub((url) => {
      if (url === '/api/ops/users/42/photo/upload') return json(201, { photo: { id: 5 } });
      if (url === '/api/ops/users/42/photo/5/update') {
        set = true;
        return json(200, { user: withPhoto });
      }
      if (url === '/api/ops/users/42' && set) return json(200, { user: withPhoto });
      return undefined;
    });
    const user = userEvent.setup();
    const { container } = renderApp('/users/42/edit');
    await screen.findByRole('button', { name: 'Add photo' }, { timeout: 15_000 });
    const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    const dialog = await screen.findByRole('dialog', { name: 'Frame the photo' });
    expect(within(dialog).getByRole('slider', { name: 'Zoom' })).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save photo' })).toBeEnabled());
    expect(sent[0]!.url).toBe('/api/ops/users/42/photo/upload');
    expect((sent[0]!.body as FormData).get('photo')).toBeInstanceOf(File);
    await user.click(within(dialog).getByRole('button', { name: 'Save photo' }));
    expect(await screen.findByText('Photo uploaded')).toBeInTheDocument();
    expect(sent[1]!.url).toBe('/api/ops/users/42/photo/5/update');
    expect(await screen.findByRole('button', { name: 'Change photo' })).toBeInTheDocument();
  }, 40_000);

  it('refuses a file over 10 MB before sending it', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:photo', revokeObjectURL: () => undefined }));
    const sent = stub(() => undefined);
    const { container } = renderApp('/users/42/edit');
    await screen.findByRole('button', { name: 'Add photo' }, { timeout: 15_000 });
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [big] } });
    const dialog = await screen.findByRole('dialog', { name: 'Frame the photo' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The photo must be a file of at most 10 MB.');
    expect(sent).toEqual([]);
  }, 40_000);
});
