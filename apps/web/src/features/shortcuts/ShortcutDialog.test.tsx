import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CATALOGUE, SHORTABLE_TYPES } from '@brandvault/contract';
import type { Shortcut } from '@brandvault/contract';
import { MemoryRouter } from 'react-router';
import { Providers } from '../../app/Providers';
import i18n from '../../i18n';
import { useSession } from '../../state/session';
import { brand, loginAnswer } from '../../test/fixtures';
import { ShortcutDialog } from './ShortcutDialog';
import type { ShortcutTarget } from './shortcutDialogStore';
import { shortcutPath } from './useOpenShortcut';

const shortcut = (over: Partial<Shortcut> = {}): Shortcut => ({
  id: 5,
  name: 'Campaigns',
  shortable_id: 12,
  shortable_type: SHORTABLE_TYPES.folder,
  folder_id: 12,
  brand,
  ...over,
});

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function stubFetch(answer: (url: string, method: string) => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/api/auth/csrf-cookie')) return new Response(null, { status: 204 });
    return answer(url, init?.method ?? 'GET');
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderDialog(target: ShortcutTarget, onClose = vi.fn()) {
  render(
    <Providers env="test">
      <MemoryRouter>
        <ShortcutDialog target={target} onClose={onClose} />
      </MemoryRouter>
    </Providers>,
  );
  return onClose;
}

describe('ShortcutDialog', () => {
  beforeEach(() => useSession.getState().signIn(loginAnswer));
  afterEach(async () => {
    vi.unstubAllGlobals();
    useSession.getState().reset();
    await i18n.changeLanguage('en');
  });

  it('creates when no name is passed; save stays disabled while the name is empty', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch(() => json(201, { shortcut: shortcut({ name: 'Launch' }) }));
    const onClose = renderDialog({ kind: 'folder', id: 12, label: 'Campaigns' });
    const dialog = await screen.findByRole('dialog', { name: 'Edit' });
    expect(dialog.querySelector('form')).toHaveAttribute('data-mode', 'create');
    const name = screen.getByRole('textbox', { name: /Name/ });
    expect(name).toHaveValue('');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(name, '   ');
    expect(save).toBeDisabled();
    await user.clear(name);
    await user.type(name, 'Launch');
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/api/ops/folder/12/shortcut/create'));
    expect(sent?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ name: 'Launch' });
    // The session user carries the new shortcut at once: the navbar popup appears with it.
    expect(useSession.getState().sessionUser?.shortcuts.map((s) => s.name)).toEqual(['Launch']);
  });

  it('edits when the existing name is passed, and sends the update', async () => {
    const user = userEvent.setup();
    useSession.getState().setShortcuts(() => [shortcut({ shortable_type: SHORTABLE_TYPES.asset, shortable_id: 40 })]);
    const renamed = shortcut({ name: 'Logo', shortable_type: SHORTABLE_TYPES.asset, shortable_id: 40 });
    const fetchMock = stubFetch(() => json(200, { shortcut: renamed }));
    const onClose = renderDialog({ kind: 'asset', id: 40, label: 'logo.png', name: 'Campaigns' });
    const dialog = await screen.findByRole('dialog', { name: 'Edit' });
    expect(dialog.querySelector('form')).toHaveAttribute('data-mode', 'edit');
    const name = screen.getByRole('textbox', { name: /Name/ });
    expect(name).toHaveValue('Campaigns');
    await user.clear(name);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(name, 'Logo');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/api/ops/asset/40/shortcut/update'));
    expect(sent?.[1]?.method).toBe('PATCH');
    expect(useSession.getState().sessionUser?.shortcuts.map((s) => s.name)).toEqual(['Logo']);
  });

  it('shows the 409 text of a second shortcut as a toast, in Spanish too', async () => {
    await i18n.changeLanguage('es');
    const user = userEvent.setup();
    const { message } = ERROR_CATALOGUE.es.SHORTCUT_EXISTS_FOLDER;
    stubFetch(() => json(409, { error: { status: 409, code: 'SHORTCUT_EXISTS_FOLDER', message } }));
    const onClose = renderDialog({ kind: 'folder', id: 12, label: 'Campaigns' });
    await screen.findByRole('dialog', { name: 'Editar' });
    await user.type(screen.getByRole('textbox', { name: /Nombre/ }), 'Otra');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('lands a folder shortcut on its folder and an asset shortcut on the viewer', () => {
    expect(shortcutPath(shortcut())).toBe('/brand?folder=12');
    expect(shortcutPath(shortcut({ shortable_type: SHORTABLE_TYPES.asset, shortable_id: 40, folder_id: 12 }))).toBe(
      '/brand?folder=12&view=40',
    );
  });
});
