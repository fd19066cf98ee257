import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AssetView } from '@brandvault/contract';
import i18n from '../../i18n';
import { Providers } from '../../app/Providers';
import { assetCard, assetView } from '../../test/fixtures';
import { Facts } from './AssetPage';

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
});
