import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../app/Providers';
import { assetActionsStub, assetCard } from '../../test/fixtures';
import { AssetMenu } from './AssetMenu';

const actions = assetActionsStub;

function renderMenu(over: Parameters<typeof assetCard>[1], a = actions()) {
  render(
    <Providers env="test">
      <MemoryRouter>
        <AssetMenu asset={assetCard(5, over)} actions={a} onPreview={() => undefined} />
      </MemoryRouter>
    </Providers>,
  );
  return a;
}

describe('AssetMenu', () => {
  it('is only its button until opened, then opens at the first click with what the abilities allow', async () => {
    const user = userEvent.setup();
    const base = assetCard(5).abilities;
    const a = renderMenu({ abilities: { ...base, move: true, copy: false, remove: false } });
    expect(screen.queryByRole('menu')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Actions for photo-5.jpg' }));
    expect(await screen.findByRole('menuitem', { name: 'Move' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Copy' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Remove' })).toBeNull();
    await user.click(screen.getByRole('menuitem', { name: 'Move' }));
    expect(a.startMove).toHaveBeenCalledTimes(1);
  });

  it('opens from the keyboard too', async () => {
    const user = userEvent.setup();
    renderMenu({});
    screen.getByRole('button', { name: 'Actions for photo-5.jpg' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Preview' })).toBeInTheDocument();
  });
});
