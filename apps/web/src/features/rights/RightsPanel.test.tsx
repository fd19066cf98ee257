import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AssetRights } from '@brandvault/contract';
import { Providers } from '../../app/Providers';
import { json, stubFonts } from '../metadata/testFixtures';
import { RightsPanel } from './RightsPanel';
import { assetRights, channelOptions, channelVocabularies, licence } from './testFixtures';

/** The rights API in memory; records the PUTs. */
function stubApi(initial: AssetRights) {
  const puts: unknown[] = [];
  let rights = initial;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/api/ops/asset/5/rights' && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        puts.push(body);
        const { name, channels, territories, valid_from, valid_until } = licence(2, { name: 'Agency B' });
        rights = { ...rights, licences: [{ id: 2, name, channels, territories, valid_from, valid_until }] };
        return json(200, rights);
      }
      if (url === '/api/ops/asset/5/rights') return json(200, rights);
      if (url === '/api/ops/brand/7/metadata/vocabularies') return json(200, channelVocabularies);
      if (url === '/api/ops/metadata/vocabulary/30/options') return json(200, channelOptions);
      if (url.startsWith('/api/ops/brand/7/licences')) {
        const items = [licence(1, { name: 'Stock Co. 2026' }), licence(2, { name: 'Agency B' })];
        return json(200, { items, total: 2, page: 1, per_page: 20 });
      }
      if (url.startsWith('/api/ops/brand/7/consents')) return json(200, { items: [], total: 0, page: 1, per_page: 20 });
      return json(404, { error: { status: 404, code: 'NOT_FOUND', message: 'Not found' } });
    }),
  );
  return puts;
}

const renderPanel = () =>
  render(
    <Providers env="test">
      <RightsPanel assetId={5} brandId={7} />
    </Providers>,
  );

describe("the asset page's Rights panel", () => {
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    stubFonts();
  });

  it('shows the availability, why, the own window, licences and consents', { timeout: 30_000 }, async () => {
    stubApi(
      assetRights({
        availability: 'expiring',
        availability_date: '2027-03-12',
        availability_reason: { kind: 'licence', id: 1, name: 'Stock Co. 2026' },
        available_from: '2026-01-01',
        licences: [
          {
            id: 1,
            name: 'Stock Co. 2026',
            channels: ['Web', 'Print'],
            territories: ['ES', 'WW'],
            valid_from: null,
            valid_until: '2027-03-12',
          },
        ],
        consents: [
          { id: 3, person: 'Ana García', kind: 'model', channels: [], territories: ['WW'], valid_until: null },
        ],
        abilities: { manage: false },
      }),
    );
    renderPanel();
    expect(await screen.findByText('Expiring')).toBeInTheDocument();
    expect(screen.getByText(/Expires Mar 12, 2027: licence ‘Stock Co. 2026’/)).toBeInTheDocument();
    expect(screen.getByText(/Own window: Jan 1, 2026 – open/)).toBeInTheDocument();
    expect(
      await screen.findByText(/Stock Co. 2026 · Web, Print · Spain, Worldwide · until Mar 12, 2027/),
    ).toBeInTheDocument();
    expect(screen.getByText(/Ana García \(Model release\) · Worldwide · No end/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit rights' })).not.toBeInTheDocument();
  });

  it('lets a rights manager set the dates and pick licences by typing', { timeout: 60_000 }, async () => {
    const puts = stubApi(assetRights({ licences: [] }));
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Edit rights' }));
    await user.click(screen.getAllByLabelText(/^Licences/).find((el) => el.tagName === 'INPUT') as HTMLElement);
    await user.paste('agency');
    await user.click(await screen.findByRole('option', { name: 'Agency B' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ licence_ids: [2], consent_ids: [], available_from: null, available_until: null });
    expect(await screen.findByText(/Agency B · Worldwide · No end/)).toBeInTheDocument();
    // Without dates of its own the panel says so, not "open – open".
    expect(screen.getByText('No dates of its own.')).toBeInTheDocument();
  });
});
