import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AssetCard } from '@brandvault/contract';
import { Providers } from '../../app/Providers';
import { assetActionsStub, assetCard } from '../../test/fixtures';
import { AssetTile } from './AssetTile';

const actions = assetActionsStub();

function tile(over: Partial<AssetCard>) {
  const asset = assetCard(9, over);
  render(
    <Providers env="test">
      <MemoryRouter>
        <AssetTile asset={asset} index={0} selected={false} onToggle={() => undefined} actions={actions} />
      </MemoryRouter>
    </Providers>,
  );
  const card = screen.getByTestId('asset-card-9');
  return { card, thumb: card.firstElementChild as HTMLElement };
}

describe('AssetTile', () => {
  it('shows a video with a play badge and its length, the name without its extension', () => {
    const { card } = tile({ name: 'launch.final.mp4', ext: 'mp4', type: 'video', duration_seconds: 83.4 });
    expect(within(card).getByText('1:23')).toBeInTheDocument();
    expect(within(card).getByText('launch.final')).toHaveAttribute('title', 'launch.final.mp4');
    expect(within(card).getByText('MP4')).toBeInTheDocument();
  });

  it('keeps the checkerboard for pictures that may be transparent, not for JPEG', () => {
    expect(tile({ name: 'a.png', ext: 'png', type: 'image' }).thumb).toHaveAttribute('data-checker');
    document.body.innerHTML = '';
    expect(tile({ name: 'b.JPG', ext: 'JPG', type: 'image' }).thumb).not.toHaveAttribute('data-checker');
  });

  it('tells a preview that failed from a type that has none', () => {
    const failed = tile({ type: 'image', derivatives: 'failed', thumbnail_url: null });
    expect(within(failed.card).getByText('Preview failed')).toBeInTheDocument();
    document.body.innerHTML = '';
    const none = tile({ name: 'notes.zip', ext: 'zip', type: 'other', derivatives: 'none', thumbnail_url: null });
    expect(within(none.card).queryByText('Preview failed')).toBeNull();
  });
});
