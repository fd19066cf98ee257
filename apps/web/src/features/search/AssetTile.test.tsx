import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AssetCard } from '@brandvault/contract';
import { Providers } from '../../app/Providers';
import { assetActionsStub, assetCard } from '../../test/fixtures';
import { formatBytes } from '../../i18n/format';
import { AssetTile } from './AssetTile';
import { FolderPathsContext } from './folderPaths';
import type { FolderPaths } from './folderPaths';

const actions = assetActionsStub();

const paths: FolderPaths = {
  current: 1,
  pathOf: (id) => (id === 7 ? ['Campaigns', 'Spring'] : id === 1 ? [] : null),
};

function tile(over: Partial<AssetCard>, where: FolderPaths | null = null) {
  const asset = assetCard(9, over);
  render(
    <Providers env="test">
      <MemoryRouter>
        <FolderPathsContext.Provider value={where}>
          <AssetTile asset={asset} index={0} selected={false} onToggle={() => undefined} actions={actions} />
        </FolderPathsContext.Provider>
      </MemoryRouter>
    </Providers>,
  );
  const card = screen.getByTestId('asset-card-9');
  return { card, thumb: card.firstElementChild as HTMLElement };
}

describe('AssetTile', () => {
  it('names the folder of a result from a subfolder, with its whole path on hover', () => {
    const { card } = tile({ folder_id: 7, size: 2048 }, paths);
    const folder = within(card).getByTestId('result-folder');
    expect(folder).toHaveTextContent('In folder Spring');
    expect(folder).toHaveAttribute('title', 'Campaigns / Spring');
    expect(within(card).queryByText(formatBytes(2048))).not.toBeInTheDocument();
  });

  it('shows the size instead for a result in the folder being browsed', () => {
    const { card } = tile({ folder_id: 1, size: 2048 }, paths);
    expect(within(card).queryByTestId('result-folder')).not.toBeInTheDocument();
    expect(within(card).getByText(formatBytes(2048))).toBeInTheDocument();
  });

  it('shows a video with a play badge and its length, the name without its extension', () => {
    const { card } = tile({ name: 'launch.final.mp4', ext: 'mp4', type: 'video', duration_seconds: 83.4 });
    expect(within(card).getByText('1:23')).toBeInTheDocument();
    expect(within(card).getByText('launch.final')).toHaveAttribute('title', 'launch.final.mp4');
    expect(within(card).getByText('MP4')).toBeInTheDocument();
  });

  it("plays a video's few frames over its thumbnail while hovered, and loads them only then", () => {
    const hover_url = '/api/media/derivatives/9/1/hover.webp';
    const { card } = tile({ name: 'launch.mp4', ext: 'mp4', type: 'video', hover_url });
    expect(within(card).queryByTestId('hover-preview')).not.toBeInTheDocument();
    fireEvent.mouseEnter(card.parentElement!);
    expect(within(card).getByTestId('hover-preview')).toHaveAttribute('src', hover_url);
    fireEvent.mouseLeave(card.parentElement!);
    expect(within(card).queryByTestId('hover-preview')).not.toBeInTheDocument();
  });

  it('keeps the checkerboard for pictures that may be transparent, not for JPEG', () => {
    expect(tile({ name: 'a.png', ext: 'png', type: 'image' }).thumb).toHaveAttribute('data-checker');
    document.body.innerHTML = '';
    expect(tile({ name: 'b.JPG', ext: 'JPG', type: 'image' }).thumb).not.toHaveAttribute('data-checker');
    // Camera raw and phone photos are ordinary photos too: a neutral background.
    document.body.innerHTML = '';
    expect(tile({ name: 'c.CR2', ext: 'CR2', type: 'image' }).thumb).not.toHaveAttribute('data-checker');
    document.body.innerHTML = '';
    expect(tile({ name: 'd.heic', ext: 'heic', type: 'image' }).thumb).not.toHaveAttribute('data-checker');
    document.body.innerHTML = '';
    expect(tile({ name: 'e.svg', ext: 'svg', type: 'image' }).thumb).toHaveAttribute('data-checker');
  });

  it('tells a preview that failed from a type that has none', () => {
    const failed = tile({ type: 'image', derivatives: 'failed', thumbnail_url: null });
    expect(within(failed.card).getByText('Preview failed')).toBeInTheDocument();
    document.body.innerHTML = '';
    const none = tile({ name: 'notes.zip', ext: 'zip', type: 'other', derivatives: 'none', thumbnail_url: null });
    expect(within(none.card).queryByText('Preview failed')).toBeNull();
  });
});
