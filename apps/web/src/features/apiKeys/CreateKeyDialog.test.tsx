import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_PERMISSIONS } from '@brandvault/contract';
import type { ApiKey } from '@brandvault/contract';
import i18n from '../../i18n';
import { useSession } from '../../state/session';
import { loginAnswer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const SECRET = `bv_${'Q'.repeat(43)}0Ab9Zz`;
const member = { ...loginAnswer, permissions: ROLE_PERMISSIONS.member.map((name) => ({ name })) };
const made: ApiKey = {
  id: 5,
  name: 'Nightly sync',
  last4: '9Zz'.padStart(4, 'b'),
  scopes: ['brand.view'],
  expires_at: null,
  created_at: '2026-11-30T08:00:00.000Z',
  last_used_at: null,
  revoked_at: null,
  state: 'active',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API as the page sees it; `refuse` answers the create with a 422 on the scopes. */
function stubApi(opts: { refuse?: string } = {}) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  let keys: ApiKey[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, url, body });
      if (url === '/api/account/api-keys' && method === 'POST') {
        if (opts.refuse)
          return json(422, {
            error: {
              status: 422,
              code: 'INVALID_DATA',
              message: 'The given data was invalid.',
              fields: { scopes: opts.refuse },
            },
          });
        keys = [made];
        return json(201, { api_key: made, secret: SECRET });
      }
      if (url === '/api/account/api-keys') return json(200, { items: keys });
      if (url === '/api/jobs/mine') return json(200, { items: [] });
      return json(200, {
        session_user: member.session_user,
        permissions: member.permissions,
        emulator: member.emulator,
        favorites_id: member.favorites_id,
      });
    }),
  );
  return calls;
}

async function openDialog(title: string, newLabel: string) {
  const user = userEvent.setup();
  await user.click((await screen.findAllByRole('button', { name: newLabel }))[0]!);
  return { user, dialog: within(await screen.findByRole('dialog', { name: title })) };
}

describe('creating an API key', { timeout: 20_000 }, () => {
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    useSession.getState().reset();
    useSession.getState().signIn(member);
  });
  afterEach(() => void i18n.changeLanguage('en'));

  it('offers only the permissions held, warns about no expiry, and shows the secret once', async () => {
    const calls = stubApi();
    renderApp('/users/me/api-keys');
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
    const { user, dialog } = await openDialog('New API key', 'New key');

    // Scopes: the member's permissions with what each allows, nothing they do not hold.
    expect(
      dialog.getByRole('checkbox', { name: /See their brands, with folders, assets and search/ }),
    ).toBeInTheDocument();
    expect(dialog.queryByRole('checkbox', { name: /See every share link/ })).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Create key' }));
    expect(await dialog.findByText('Give the key a name')).toBeInTheDocument();
    expect(dialog.getByText('Choose at least one permission')).toBeInTheDocument();

    await user.type(dialog.getByRole('textbox', { name: /Name/ }), 'Nightly sync');
    await user.click(dialog.getByRole('checkbox', { name: /See their brands/ }));
    expect(dialog.queryByText('A key without expiry')).toBeNull();
    await user.click(dialog.getByRole('combobox', { name: 'Expiry' }));
    await user.click(await screen.findByRole('option', { name: 'Never' }));
    expect(dialog.getByText('A key without expiry')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Create key' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Nightly sync',
      expires_at: null,
      scopes: ['brand.view'],
    });
    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(shown).getByDisplayValue(SECRET)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy the secret' })).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    const row = within(await screen.findByTestId('api-key-row-5'));
    expect(row.getByText('Nightly sync')).toBeInTheDocument();
    expect(row.getByText('Never expires')).toBeInTheDocument();
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
  });

  it("shows the server's refusal on the scopes, in Spanish with the Spanish labels", async () => {
    await i18n.changeLanguage('es');
    stubApi({ refuse: 'Alcance contiene permisos que no tienes: asset.update' });
    renderApp('/users/me/api-keys');
    const { user, dialog } = await openDialog('Nueva clave de API', 'Nueva clave');
    await user.type(dialog.getByRole('textbox', { name: /Nombre/ }), 'Exportación');
    await user.click(dialog.getByRole('checkbox', { name: /Editar y mover recursos/ }));
    expect(dialog.getByText('Ver sus marcas, con carpetas, recursos y búsqueda')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Crear clave' }));
    expect(await dialog.findByText('Alcance contiene permisos que no tienes: asset.update')).toBeInTheDocument();
  });
});
