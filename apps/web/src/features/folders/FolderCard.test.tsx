import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { FolderChild } from '@brandvault/contract';
import { Providers } from '../../app/Providers';
import i18n from '../../i18n';
import { FolderCard } from './FolderCard';

const base: FolderChild = {
  id: 12,
  brand_id: 7,
  parent_id: 1,
  name: 'Campaign 2026',
  visibility: 'PUBLIC',
  image_uri: null,
  is_root: false,
  updated_at: '2026-11-20T10:00:00.000Z',
  abilities: { update: false, move: false, remove: false, create_folder: false, upload: false },
  asset_count: 1234,
  mosaic: ['/api/media/a.webp?sig=1', '/api/media/b.webp?sig=2', '/api/media/c.webp?sig=3'],
};

const none = () => undefined;
function show(folder: FolderChild) {
  return render(
    <Providers env="test">
      <MemoryRouter>
        <FolderCard folder={folder} onRename={none} onMove={none} onRemove={none} />
      </MemoryRouter>
    </Providers>,
  );
}
const cover = (c: HTMLElement) => c.querySelector('[data-kind]')!;

describe('FolderCard', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows a mosaic of the latest thumbnails and the asset count, opening the folder', () => {
    const { container } = show(base);
    expect(cover(container)).toHaveAttribute('data-kind', 'mosaic');
    expect([...container.querySelectorAll('img')].map((i) => i.getAttribute('src'))).toEqual(base.mosaic);
    expect(screen.getByTestId('folder-count')).toHaveTextContent('1,234 assets');
    expect(screen.getByRole('link', { name: /Campaign 2026/ })).toHaveAttribute('href', '/brand?folder=12');
  });

  it("prefers the folder's own picture, and shows an icon when there is nothing to show", () => {
    const { container, unmount } = show({ ...base, image_uri: '/api/media/folders/x/image.webp?sig=9' });
    expect(cover(container)).toHaveAttribute('data-kind', 'image');
    expect(container.querySelectorAll('img')).toHaveLength(1);
    unmount();
    const empty = show({ ...base, mosaic: [], asset_count: 0 });
    expect(cover(empty.container)).toHaveAttribute('data-kind', 'empty');
    expect(screen.getByTestId('folder-count')).toHaveTextContent('0 assets');
  });

  it('counts in Spanish with "recursos"', async () => {
    await i18n.changeLanguage('es');
    show({ ...base, asset_count: 1 });
    expect(screen.getByTestId('folder-count')).toHaveTextContent('1 recurso');
  });
});
