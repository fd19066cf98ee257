import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { FolderCard as FolderCardData } from '@brandvault/contract';
import { ConfirmDialog } from '../../ui/confirm/ConfirmDialog';
import { Providers } from '../../app/Providers';
import i18n from '../../i18n';
import { useSession } from '../../state/session';
import { loginAnswer } from '../../test/fixtures';
import { FolderCard } from './FolderCard';
import { removeFolderRequest, useFolderActions } from './useFolderActions';

const folder: FolderCardData = {
  id: 12,
  brand_id: 7,
  parent_id: 1,
  name: 'Campaign 2026',
  visibility: 'PRIVATE',
  image_uri: null,
  is_root: false,
  updated_at: '2026-11-20T10:00:00.000Z',
  abilities: { update: true, move: true, remove: true, create_folder: true, upload: true },
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stubFetch(answer: (url: string, method: string) => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/api/auth/csrf-cookie')) return new Response(null, { status: 204 });
    return answer(url, init?.method ?? 'GET');
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function Harness() {
  const actions = useFolderActions();
  return (
    <FolderCard
      folder={folder}
      onRename={actions.openRename}
      onMove={actions.startMove}
      onRemove={(f) => void actions.askRemove(f)}
    />
  );
}

describe('remove folder', () => {
  beforeEach(() =>
    useSession.getState().signIn({ ...loginAnswer, permissions: [{ name: 'brand.view' }, { name: 'asset.manage' }] }),
  );
  afterEach(async () => {
    vi.unstubAllGlobals();
    useSession.getState().reset();
    await i18n.changeLanguage('en');
  });

  it('asks first, naming the folders and assets that go to the Trash and for how long', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch((url, method) =>
      url.endsWith('/api/ops/folder/statistics')
        ? json(200, { items: [{ id: 12, folders: 2, assets: 128, bytes: 0, downloads: 0 }] })
        : method === 'PUT'
          ? json(200, { message: 'Moved to the Trash', folders: 3, assets: 128 })
          : json(404, {}),
    );
    render(
      <Providers env="test">
        <MemoryRouter>
          <Harness />
          <ConfirmDialog />
        </MemoryRouter>
      </Providers>,
    );
    await user.click(screen.getByRole('button', { name: 'Actions for Campaign 2026' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move “Campaign 2026” to the Trash?' });
    expect(dialog).toHaveTextContent(
      '3 folders and 128 assets will be moved to the Trash. You can restore them from there for 30 days; after that they are deleted for good.',
    );
    // Focus starts on the deny button (§5).
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Move to Trash' }));
    expect(
      fetchMock.mock.calls.some(
        ([u, init]) => String(u).endsWith('/folder/12/status/change') && init?.method === 'PUT',
      ),
    ).toBe(true);
    // The toast offers to undo, which restores the folder.
    const undo = await screen.findByRole('button', { name: 'Undo' });
    expect(await screen.findByText('“Campaign 2026” is in the Trash: 3 folders and 128 assets.')).toBeInTheDocument();
    await user.click(undo);
    expect(
      fetchMock.mock.calls.some(([u, init]) => String(u).endsWith('/folder/12/restore') && init?.method === 'POST'),
    ).toBe(true);
  });

  it('says the same in Spanish, and still asks when the counts cannot be read', () => {
    const es = i18n.getFixedT('es');
    const request = removeFolderRequest('Campaña', es, { folders: 0, assets: 1 });
    expect(request.title).toBe('¿Mover «Campaña» a la Papelera?');
    expect(request.message).toBe(
      '1 carpeta y 1 recurso se moverán a la Papelera. Podrás restaurarlos desde allí durante 30 días; después se eliminarán definitivamente.',
    );
    expect(request.danger).toBe(true);
    expect(removeFolderRequest('Campaña', es, null).message).toMatch(/subcarpetas y recursos se moverán a la Papelera/);
  });
});
