import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AssetView } from '@brandvault/contract';
import i18n from '../../i18n';
import { Providers } from '../../app/Providers';
import { assetCard, assetView } from '../../test/fixtures';
import { Facts } from '../viewer/AssetPage';

const synced: AssetView = {
  ...assetView(assetCard(5, { name: 'shot-01.jpg' })),
  sync: { source_id: 3, source_name: 'NAS photos', path: 'campaign/shot-01.jpg' },
};

const renderFacts = (asset: AssetView) =>
  render(
    <Providers env="test">
      <Facts asset={asset} />
    </Providers>,
  );

describe('the asset facts', () => {
  afterEach(() => void i18n.changeLanguage('en'));

  it('say which sync source a file came from, and where on it', () => {
    renderFacts(synced);
    const row = screen.getByRole('row', { name: /Synced from/ });
    expect(within(row).getByText('NAS photos: campaign/shot-01.jpg')).toBeInTheDocument();
  });

  it('say it in Spanish', async () => {
    await i18n.changeLanguage('es');
    renderFacts(synced);
    expect(screen.getByRole('row', { name: /Sincronizado desde/ })).toBeInTheDocument();
  });

  it('say nothing of sync for an uploaded file', () => {
    renderFacts({ ...synced, sync: null });
    expect(screen.queryByText(/Synced from/)).not.toBeInTheDocument();
  });

  it('show where a photo was taken, on a small map drawn in the app, with a link to a full map', async () => {
    renderFacts({ ...synced, location: { lat: 40.416833, lng: -3.7035 } });
    const row = screen.getByRole('row', { name: /Location/ });
    expect(within(row).getByText('40.4168° N, 3.7035° W')).toBeInTheDocument();
    const map = await within(row).findByRole('img', { name: 'Map of where the photo was taken' });
    // Land is drawn around the point: Spain and its neighbours, not an empty sea.
    expect(map.querySelector('path')?.getAttribute('d')?.length).toBeGreaterThan(1000);
    expect(within(row).getByRole('link', { name: 'Open in OpenStreetMap' })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=40.416833&mlon=-3.7035#map=15/40.416833/-3.7035',
    );
  });

  it('show no location for a file without one', () => {
    renderFacts(synced);
    expect(screen.queryByRole('row', { name: /Location/ })).not.toBeInTheDocument();
  });
});
