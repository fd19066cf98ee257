import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { Providers } from '../../app/Providers';
import i18n from '../../i18n';
import { useSession } from '../../state/session';
import { assetCard, assetView, loginAnswer } from '../../test/fixtures';
import { ConfirmDialog } from '../../ui/confirm/ConfirmDialog';
import { AvailabilityBadges, AvailabilityNotice } from './availability';
import { gatedDownload } from './gatedDownload';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const licence = {
  id: 3,
  name: 'Stock Co. 2026',
  holder: 'Stock Co.',
  terms: 'Editorial and web use only.',
  channels: ['web'],
  territories: ['ES', 'WW'],
  valid_until: '2027-12-31',
};

describe('downloads under usage rights', { timeout: 20_000 }, () => {
  let clicked: string[];
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    useSession.getState().signIn(loginAnswer);
    clicked = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
  });
  afterEach(async () => {
    useSession.getState().reset();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('says why a blocked download does not start', async () => {
    const shown = vi.spyOn(notifications, 'show');
    const a = assetView(
      assetCard(1, {
        availability: { state: 'expired', date: '2027-03-12', reason: { kind: 'licence', name: 'Stock Co. 2026' } },
      }),
    );
    await gatedDownload({ ...a, download_url: null, download_gate: { blocked: true, warn: false, terms: [] } }, i18n.t);
    expect(shown).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Download not allowed',
        message: 'Expired Mar 12, 2027: licence ‘Stock Co. 2026’. The brand does not allow downloading it.',
      }),
    );
    expect(clicked).toEqual([]);
  });

  it('shows the licence’s terms in Spanish, and downloads once they are accepted', async () => {
    await i18n.changeLanguage('es');
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${String(input)} ${String(init?.body ?? '')}`);
        return json(200, { download_url: '/api/ops/asset/1/download?u=5&ack=1&exp=1&sig=x' });
      }),
    );
    render(
      <Providers env="test">
        <ConfirmDialog />
      </Providers>,
    );
    const a = assetView(assetCard(1));
    const done = gatedDownload(
      { ...a, download_url: null, download_gate: { blocked: false, warn: false, terms: [licence] } },
      i18n.t,
    );
    const ask = await screen.findByRole('dialog', { name: 'Condiciones de uso' });
    expect(within(ask).getByTestId('confirm-details')).toHaveTextContent(
      'Stock Co. 2026 (Stock Co.) Editorial and web use only. Canales: web Territorios: España, Todo el mundo Válida hasta el 31 dic 2027',
    );
    const user = userEvent.setup();
    await user.click(within(ask).getByRole('button', { name: 'Aceptar y descargar' }));
    await done;
    await waitFor(() => expect(clicked).toEqual(['/api/ops/asset/1/download?u=5&ack=1&exp=1&sig=x']));
    expect(calls).toEqual(['POST /api/ops/asset/1/download/confirm {"accept":true}']);
  });

  it('marks expired, embargoed and in-review assets, and nothing on an available one', async () => {
    const { rerender } = render(
      <Providers env="test">
        <AvailabilityBadges
          availability={{ state: 'embargoed', date: '2027-03-01', reason: null }}
          review={{ state: 'pending', reason: null }}
        />
      </Providers>,
    );
    expect(screen.getByTestId('availability-badge')).toHaveTextContent('From Mar 1, 2027');
    expect(screen.getByTestId('review-badge')).toHaveTextContent('Awaiting review');
    rerender(
      <Providers env="test">
        <AvailabilityBadges
          availability={{ state: 'available', date: null, reason: null }}
          review={{ state: 'approved', reason: null }}
        />
      </Providers>,
    );
    expect(screen.queryByTestId('availability-badge')).toBeNull();
    expect(screen.queryByTestId('review-badge')).toBeNull();
  });

  it("tells an embargoed asset's page it is not shown yet, and an expired one's no longer", async () => {
    await i18n.changeLanguage('en');
    const a = assetView(assetCard(1));
    const gate = { blocked: false, warn: true, terms: [] };
    const { rerender } = render(
      <Providers env="test">
        <AvailabilityNotice
          asset={{ ...a, download_gate: gate, availability: { state: 'embargoed', date: '2027-03-01', reason: null } }}
        />
      </Providers>,
    );
    expect(screen.getByTestId('availability-notice')).toHaveTextContent('do not show it yet');
    rerender(
      <Providers env="test">
        <AvailabilityNotice
          asset={{ ...a, download_gate: gate, availability: { state: 'expired', date: '2025-12-31', reason: null } }}
        />
      </Providers>,
    );
    expect(screen.getByTestId('availability-notice')).toHaveTextContent('no longer show it');
  });
});
