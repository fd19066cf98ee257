import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AssetReview } from '@brandvault/contract';
import i18n from '../../i18n';
import { Providers } from '../../app/Providers';
import { brandFull } from '../../test/fixtures';
import { ApprovalSettingsModal } from './ApprovalSettingsModal';
import { ReviewBanner, ReviewHistory } from './ReviewBanner';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const history: AssetReview['history'] = [
  {
    id: 2,
    state: 'rejected',
    reason: 'Old logo',
    version: 1,
    actor: { id: 3, name: 'Rita Reviewer' },
    created_at: '2026-11-21T10:00:00.000Z',
  },
  {
    id: 1,
    state: 'pending',
    reason: null,
    version: 1,
    actor: { id: 5, name: 'Pia Agency' },
    created_at: '2026-11-20T10:00:00.000Z',
  },
];

function stub(review: AssetReview) {
  const sent: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      sent.push({ url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/review/asset/5') return json(200, review);
      if (url === '/api/review/approve') return json(200, { ids: [5], state: 'approved' });
      if (url === '/api/ops/brand/7/approval')
        return json(200, {
          role_ids: init?.method === 'PUT' ? [3] : [],
          roles: [
            { id: 2, name: 'manager' },
            { id: 3, name: 'member' },
          ],
        });
      return json(404, { error: { status: 404, code: 'NOT_FOUND', message: 'Not found' } });
    }),
  );
  return sent;
}

const renderIt = (ui: React.ReactNode) =>
  render(
    <Providers env="test">
      <MemoryRouter>{ui}</MemoryRouter>
    </Providers>,
  );

describe('the review banner on the asset page', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.restoreAllMocks();
    void i18n.changeLanguage('en');
  });

  it('says an upload awaits review, and lets a reviewer approve it', async () => {
    const user = userEvent.setup();
    const sent = stub({ state: 'pending', reason: null, can_review: true, history: [history[1]!] });
    renderIt(<ReviewBanner assetId={5} />);
    const banner = await screen.findByTestId('review-banner');
    expect(within(banner).getByText('Awaiting review')).toBeInTheDocument();
    await user.click(within(banner).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(sent.find((s) => s.url === '/api/review/approve')?.body).toEqual({ ids: [5] }));
  });

  it('shows the uploader the reason of a rejection, without the reviewers’ buttons', async () => {
    stub({ state: 'rejected', reason: 'Old logo', can_review: false, history });
    renderIt(<ReviewBanner assetId={5} />);
    const banner = await screen.findByTestId('review-banner');
    expect(within(banner).getByText('Rejected: Old logo')).toBeInTheDocument();
    expect(within(banner).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says it in Spanish', async () => {
    await i18n.changeLanguage('es');
    stub({ state: 'rejected', reason: 'Logo antiguo', can_review: false, history });
    renderIt(<ReviewBanner assetId={5} />);
    expect(await screen.findByText('Rechazado: Logo antiguo')).toBeInTheDocument();
  });

  it('shows nothing once approved, and the history of the review steps', async () => {
    stub({ state: 'approved', reason: null, can_review: true, history });
    renderIt(
      <>
        <ReviewBanner assetId={5} />
        <ReviewHistory assetId={5} />
      </>,
    );
    expect(await screen.findByText('Rita Reviewer rejected version 1')).toBeInTheDocument();
    expect(screen.getByText('Pia Agency submitted version 1 for review')).toBeInTheDocument();
    expect(screen.queryByTestId('review-banner')).not.toBeInTheDocument();
  });
});

describe('the brand’s approval settings', { timeout: 20_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('chooses the roles whose uploads need approval', async () => {
    const user = userEvent.setup();
    const sent = stub({ state: 'approved', reason: null, can_review: false, history: [] });
    const onClose = vi.fn();
    renderIt(<ApprovalSettingsModal brand={brandFull} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Approval of uploads to Acme' });
    await within(dialog).findAllByLabelText(/Roles whose uploads need approval/);
    const input = within(dialog)
      .getAllByLabelText(/Roles whose uploads need approval/)
      .find((el) => el.tagName === 'INPUT')!;
    await user.click(input);
    // Roles by their names in the reader's language, not their keys.
    await user.click(await screen.findByRole('option', { name: 'Member' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.find((s) => s.method === 'PUT')).toMatchObject({
      url: '/api/ops/brand/7/approval',
      body: { role_ids: [3] },
    });
  });
});
