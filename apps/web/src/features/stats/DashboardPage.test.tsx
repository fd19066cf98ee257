import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_PERMISSIONS } from '@brandvault/contract';
import type { AssetStats, UserStats } from '@brandvault/contract';
import { applyLang } from '../../i18n';
import { useSession } from '../../state/session';
import { brand, loginAnswer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const other = { ...brand, id: 8, name: 'Globex', slug: 'globex' };
const as = (role: 'admin' | 'member') => ({
  ...loginAnswer,
  session_user: { ...loginAnswer.session_user, roles: [{ name: role }], brands: [brand, other] },
  // The member here lacks user.view (the seeded member holds it for the users report): the people
  // figures are what that permission shows.
  permissions: ROLE_PERMISSIONS[role].filter((p) => role === 'admin' || p !== 'user.view').map((name) => ({ name })),
});
const days = <T extends object>(n: number, f: (i: number) => T) =>
  Array.from({ length: n }, (_, i) => ({ day: `2026-11-${String(i + 1).padStart(2, '0')}`, ...f(i) }));

const assetStats = (n: number): AssetStats => ({
  brands: [
    { id: 7, name: 'Acme', assets: 1234, bytes: 3 * 1024 ** 3 },
    { id: 8, name: 'Globex', assets: 10, bytes: 2048 },
  ],
  total: 1244,
  bytes: 3 * 1024 ** 3 + 2048,
  by_type: { image: 1200, video: 44 },
  bytes_by_type: { image: 1024 ** 3, video: 2 * 1024 ** 3 + 2048 },
  uploads: { total: 57, bytes: 1000, by_day: days(n, () => ({ count: 1, bytes: 10 })) },
  downloads: {
    total: 4321,
    by_kind: { original: 4000, crop: 21, zip: 300, pdf: 0 },
    via_links: 12,
    by_day: days(n, () => ({ count: 2 })),
    top: [{ id: 99, name: 'logo.png', brand_id: 7, count: 1500 }],
  },
  mine: { uploads: 3, downloads: 5, by_day: days(n, () => ({ uploads: 0, downloads: 0 })) },
  rights: {
    expiring: 1205,
    expired: 2,
    by_brand: [
      { id: 7, expiring: 1205, expired: 1 },
      { id: 8, expiring: 0, expired: 1 },
    ],
  },
});
const userStats: UserStats = {
  total: 10,
  by_status: { ACTIVE: 9, INACTIVE: 1 },
  by_role: {},
  by_brand: [],
  pending_approval: 2,
  signups: [],
  active: [{ id: 3, name: 'Grace Hopper', email: 'grace@example.com', uploads: 40, downloads: 1200 }],
};

/** The machine runs other work: a refetch after a click may take more than waitFor's default second. */
const SLOW = { timeout: 5000 };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API as the page sees it; every call is kept as `METHOD path body`. */
function serve(role: 'admin' | 'member', calls: string[], fail = false) {
  const me = as(role);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const body = init?.body ? String(init.body) : '';
      calls.push(`${init?.method ?? 'GET'} ${url} ${body}`.trim());
      if (url === '/api/ops/asset/statistics') {
        if (fail) return json(500, { error: { status: 500, code: 'UNEXPECTED', message: 'Boom' } });
        return json(200, assetStats(JSON.parse(body).days));
      }
      if (url === '/api/ops/users/statistics') return json(200, userStats);
      if (url.startsWith('/api/ops/folder/tree'))
        return json(200, {
          brand_id: 7,
          root: {
            id: 1,
            parent_id: null,
            name: 'Acme',
            visibility: 'PUBLIC',
            children: [{ id: 2, parent_id: 1, name: 'Campaigns', visibility: 'PUBLIC', children: [] }],
          },
        });
      if (url === '/api/ops/folder/statistics')
        return json(200, { items: [{ id: 2, folders: 3, assets: 800, bytes: 5 * 1024 ** 2, downloads: 90 }] });
      if (url.startsWith('/api/ops/audit/recent'))
        return json(200, {
          scope: role === 'admin' ? 'all' : 'mine',
          items: [
            {
              id: 1,
              seq: 1,
              event: 'asset.upload',
              section: 'assets',
              user: { id: 1, name: 'Ada Lovelace', email: 'ada@example.com' },
              emulator: null,
              ip: '',
              user_agent: null,
              target: { type: 'asset', id: 99, label: 'logo.png' },
              changes: null,
              info: null,
              created_at: new Date().toISOString(),
            },
          ],
        });
      if (url === '/api/jobs/queue') return json(200, { queued: 4, running: 1, failed_day: 0, by_name: [] });
      if (url === '/api/jobs/mine') return json(200, { items: [] });
      return json(200, { session_user: me.session_user, permissions: me.permissions, emulator: me.emulator });
    }),
  );
  useSession.getState().signIn(me);
}

describe('DashboardPage', () => {
  beforeEach(() => {
    useSession.getState().reset();
    applyLang('en');
  });

  it("shows an administrator every brand's figures, formatted for the language, and one brand's on choice", async () => {
    const calls: string[] = [];
    serve('admin', calls);
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard');
    const summary = await screen.findByTestId('dashboard-summary');
    await waitFor(() => expect(within(summary).getByText('1,244')).toBeInTheDocument(), SLOW);
    expect(within(summary).getByText('4,321')).toBeInTheDocument();
    expect(within(summary).getByText('3 GB')).toBeInTheDocument();
    expect(calls).toContain('PUT /api/ops/asset/statistics {"days":30}');
    expect(within(screen.getByTestId('dashboard-top')).getByText('logo.png')).toBeInTheDocument();
    expect(within(screen.getByTestId('dashboard-people')).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(screen.getByTestId('dashboard-pending')).getByRole('link', { name: 'Review' })).toHaveAttribute(
      'href',
      '/users?status=PENDING',
    );
    expect(within(screen.getByTestId('dashboard-brands')).getByText('Acme')).toBeInTheDocument();
    expect(await within(screen.getByTestId('dashboard-queue')).findByText('Waiting: 4')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('dashboard-recent')).getByText('Uploaded an asset · logo.png'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: '90 days' }));
    await waitFor(() => expect(router.state.location.search).toBe('?days=90'), SLOW);
    await waitFor(() => expect(calls).toContain('PUT /api/ops/asset/statistics {"days":90}'), SLOW);
    // A brand of the breakdown opens its own figures, with its largest folders.
    await user.click(within(screen.getByTestId('dashboard-brands')).getByRole('button', { name: 'Acme' }));
    await waitFor(() => expect(calls).toContain('PUT /api/ops/asset/statistics {"brand_id":7,"days":90}'), SLOW);
    expect(router.state.location.search).toBe('?days=90&brand=7');
    const folders = await screen.findByTestId('dashboard-folders', {}, SLOW);
    expect(await within(folders).findByText('Campaigns', {}, SLOW)).toBeInTheDocument();
    expect(within(folders).getByText('5 MB')).toBeInTheDocument();
    expect(calls).toContain('PUT /api/ops/folder/statistics {"ids":[2]}');

    applyLang('es');
    await waitFor(() => expect(within(summary).getByText('1244')).toBeInTheDocument(), SLOW);
    expect(screen.getByRole('heading', { name: 'Panel' })).toBeInTheDocument();
  }, 30_000);

  it('counts expiring and expired assets per brand, each count opening the search in its brand', async () => {
    serve('admin', []);
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard');
    const card = await screen.findByTestId('dashboard-rights');
    await waitFor(() => expect(within(card).getByTestId('rights-expiring')).toHaveTextContent('1,205'), SLOW);
    expect(within(card).getByTestId('rights-expired')).toHaveTextContent('2');
    expect(within(card).getByTestId('rights-brand-8')).toHaveTextContent('Globex');
    await user.click(within(card).getByRole('button', { name: 'Expired in Globex: 1, show them' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/brand'), SLOW);
    expect(router.state.location.search).toBe('?avail=expired');
    expect(useSession.getState().selectedBrand?.id).toBe(8);
  }, 20_000);

  it('shows a member without user.view their brands and own activity, not the people figures', async () => {
    const calls: string[] = [];
    serve('member', calls);
    renderApp('/dashboard?brand=8&days=7');
    const mine = await screen.findByTestId('dashboard-mine');
    await waitFor(() => expect(within(mine).getByText('5')).toBeInTheDocument());
    expect(calls).toContain('PUT /api/ops/asset/statistics {"brand_id":8,"days":7}');
    expect(screen.getByText('Your recent activity')).toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-people')).not.toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-pending')).not.toBeInTheDocument();
    expect(calls.some((c) => c.includes('/api/ops/users/statistics'))).toBe(false);
    expect(calls.some((c) => c.includes('/api/jobs/queue'))).toBe(false);
  }, 20_000);

  it('says what went wrong and tries again', async () => {
    const calls: string[] = [];
    serve('admin', calls, true);
    const user = userEvent.setup();
    renderApp('/dashboard');
    const [retry] = await screen.findAllByRole('button', { name: 'Try again' });
    const before = calls.filter((c) => c.startsWith('PUT /api/ops/asset/statistics')).length;
    await user.click(retry!);
    await waitFor(() =>
      expect(calls.filter((c) => c.startsWith('PUT /api/ops/asset/statistics')).length).toBeGreaterThan(before),
    );
  }, 20_000);
});
