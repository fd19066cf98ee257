import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { FolderCard as FolderCardData } from '@brandvault/contract';
import { ConfirmDialog } from '../../app/confirm/ConfirmDialog';
import { Providers } from '../../app/Providers';
import i18n from '../../i18n';
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
  it('asks first and says the subfolders and assets go too, irreversibly', async () => {
    const user = userEvent.setup();
    render(
      <Providers env="test">
        <MemoryRouter>
          <Harness />
          <ConfirmDialog />
        </MemoryRouter>
      </Providers>,
    );
    expect(screen.getByText('Private')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions for Campaign 2026' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove folder?' });
    expect(dialog).toHaveTextContent(
      '“Campaign 2026” will be deleted together with all its subfolders and assets. This cannot be undone.',
    );
    // Focus starts on the deny button (§5) and the confirm button names the permanence.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Delete permanently' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  });

  it('says the same in Spanish', () => {
    const es = i18n.getFixedT('es');
    const request = removeFolderRequest('Campaña', es);
    expect(request.message).toMatch(/todas sus subcarpetas y recursos/);
    expect(request.message).toMatch(/no se puede deshacer/);
    expect(request.danger).toBe(true);
  });
});
