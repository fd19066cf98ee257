import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReviewItem } from '@brandvault/contract';
import { useSession } from '../../state/session';
import { assetCard, brand, loginAnswer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const item = (id: number, over: Partial<ReviewItem> = {}): ReviewItem => ({
  asset: assetCard(id, { name: `agency-${id}.jpg` }),
  state: 'pending',
  reason: null,
  uploader: { id: 5, name: 'Pia Agency' },
  reviewer: null,
  reviewed_at: null,
  folder: { id: 2, name: 'Campaign' },
  brand: { id: 7, name: 'Acme' },
  ...over,
});

const reviewer = {
  ...loginAnswer,
  permissions: [...loginAnswer.permissions, { name: 'asset.approve' as const }],
};

interface Sent {
  url: string;
  method: string;
  body: unknown;
}

function stubApi(items: ReviewItem[], over: Partial<Record<string, (body: unknown) => Response>> = {}) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ url, method, body });
      if (url.startsWith('/api/review/queue'))
        return json(200, {
          items,
          total: items.length,
          page: 1,
          per_page: 24,
          uploaders: [{ id: 5, name: 'Pia Agency' }],
        });
      if (url === '/api/review/count') return json(200, { pending: items.length });
      if (url === '/api/review/approve') return over.approve?.(body) ?? json(200, { ids: [], state: 'approved' });
      if (url === '/api/review/reject') return over.reject?.(body) ?? json(200, { ids: [], state: 'rejected' });
      if (url.startsWith('/api/ops/folder/tree'))
        return json(200, {
          brand_id: 7,
          root: {
            id: 1,
            parent_id: null,
            name: 'Acme',
            visibility: 'PUBLIC',
            children: [{ id: 2, parent_id: 1, name: 'Campaign', visibility: 'PUBLIC', children: [] }],
          },
        });
      if (url === '/api/jobs/mine') return json(200, { items: [] });
      if (url === '/api/ops/notification/unread') return json(200, { unread: 0 });
      return json(200, {
        session_user: reviewer.session_user,
        permissions: reviewer.permissions,
        emulator: reviewer.emulator,
        favorites_id: reviewer.favorites_id,
      });
    }),
  );
  return sent;
}

describe('ReviewPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    useSession.getState().reset();
    useSession.getState().signIn(reviewer);
    useSession.getState().selectBrand(brand);
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists the queue with thumbnails and approves the selected uploads at once', async () => {
    const user = userEvent.setup();
    const sent = stubApi([item(11), item(12)]);
    renderApp('/brand/review');
    const card = await screen.findByTestId('review-11');
    expect(within(card).getByText('agency-11.jpg')).toBeInTheDocument();
    expect(within(card).getByText(/Pia Agency/)).toBeInTheDocument();
    expect(card.querySelector('img')?.getAttribute('src')).toContain('/api/media/derivatives/11/thumb.webp');
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve selected' }));
    await waitFor(() => expect(sent.find((s) => s.url === '/api/review/approve')?.body).toEqual({ ids: [11, 12] }));
    expect(sent.some((s) => s.url.startsWith('/api/review/queue?brand_id=7&state=pending'))).toBe(true);
  });

  it('filters by uploader and age through the address', async () => {
    const user = userEvent.setup();
    const sent = stubApi([item(11)]);
    const { router } = renderApp('/brand/review');
    await screen.findByTestId('review-11');
    await user.click(screen.getByRole('combobox', { name: 'Uploaded by' }));
    await user.click(await screen.findByRole('option', { name: 'Pia Agency' }));
    await waitFor(() => expect(router.state.location.search).toContain('uploader=5'));
    await waitFor(() => expect(sent.some((s) => s.url.includes('uploader_id=5'))).toBe(true));
    await user.click(screen.getByRole('combobox', { name: 'Age' }));
    await user.click(await screen.findByRole('option', { name: 'Older than 7 days' }));
    await waitFor(() => expect(sent.some((s) => s.url.includes('older_than_days=7'))).toBe(true));
  });

  it('asks for a reason before rejecting, and sends it', async () => {
    const user = userEvent.setup();
    const sent = stubApi([item(11)]);
    renderApp('/brand/review');
    await screen.findByTestId('review-11');
    await user.click(screen.getByRole('button', { name: 'Reject agency-11.jpg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this upload' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Reason is a required field')).toBeInTheDocument();
    expect(sent.some((s) => s.url === '/api/review/reject')).toBe(false);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Old logo');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(sent.find((s) => s.url === '/api/review/reject')?.body).toEqual({ ids: [11], reason: 'Old logo' }),
    );
  });

  it('shows the count of uploads awaiting review beside the menu entry', async () => {
    stubApi([item(11), item(12), item(13)]);
    renderApp('/brand/review');
    expect((await screen.findAllByTestId('review-count'))[0]).toHaveTextContent('3');
  });

  it('shows rejected uploads with their reason', async () => {
    stubApi([item(14, { state: 'rejected', reason: 'Wrong colours' })]);
    renderApp('/brand/review?state=rejected');
    expect(await screen.findByTestId('reason-14')).toHaveTextContent('Reason: Wrong colours');
  });
});

describe('MyUploadsPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    useSession.getState().reset();
    useSession.getState().signIn(loginAnswer);
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists the caller’s uploads awaiting review and the rejected ones with the reason', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.startsWith('/api/review/mine'))
          return json(200, {
            items: [item(21), item(22, { state: 'rejected', reason: 'Blurry' })],
            total: 2,
            page: 1,
            per_page: 24,
          });
        if (url === '/api/jobs/mine') return json(200, { items: [] });
        if (url === '/api/ops/notification/unread') return json(200, { unread: 0 });
        return json(200, {
          session_user: loginAnswer.session_user,
          permissions: loginAnswer.permissions,
          emulator: loginAnswer.emulator,
          favorites_id: loginAnswer.favorites_id,
        });
      }),
    );
    renderApp('/uploads/review');
    expect(await screen.findByRole('heading', { name: 'My uploads awaiting review' })).toBeInTheDocument();
    expect(within(await screen.findByTestId('review-21')).getByText('Awaiting review')).toBeInTheDocument();
    expect(screen.getByTestId('reason-22')).toHaveTextContent('Reason: Blurry');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
