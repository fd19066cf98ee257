import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_PERMISSIONS } from '@brandvault/contract';
import type { SyncRunItem } from '@brandvault/contract';
import i18n from '../../i18n';
import { useSession } from '../../state/session';
import { loginAnswer, syncRun, syncSource } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const viewer = {
  ...loginAnswer,
  permissions: [...loginAnswer.permissions, { name: 'asset.view' as const }],
};
const adminAnswer = {
  ...loginAnswer,
  session_user: { ...loginAnswer.session_user, roles: [{ name: 'admin' as const }] },
  permissions: ROLE_PERMISSIONS.admin.map((name) => ({ name })),
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const ITEMS: SyncRunItem[] = [
  { path: 'shoots/a.jpg', outcome: 'new', reason: null, from_path: null, asset_id: 11 },
  { path: 'shoots/b.jpg', outcome: 'new', reason: null, from_path: null, asset_id: 12 },
  { path: 'shoots/2026/c.jpg', outcome: 'moved', reason: null, from_path: 'shoots/c.jpg', asset_id: 13 },
  { path: 'shoots/big.mov', outcome: 'skipped', reason: 'too_large', from_path: null, asset_id: null },
];

function stubApi(answer: typeof viewer) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      asked.push(url);
      const [path = '', search = ''] = url.split('?');
      if (path === '/api/asset/sync/source/3') return json(200, { source: syncSource(3) });
      if (path === '/api/asset/sync/source/3/runs')
        return json(200, {
          items: [syncRun(8, { trigger: 'schedule', started_by: null }), syncRun(7)],
          total: 2,
          page: 1,
          per_page: 20,
        });
      if (path === '/api/asset/sync/run/7') return json(200, { run: syncRun(7) });
      if (path === '/api/asset/sync/run/7/items') {
        const outcome = new URLSearchParams(search).get('outcome');
        const items = outcome ? ITEMS.filter((i) => i.outcome === outcome) : ITEMS;
        return json(200, { items, total: items.length, page: 1, per_page: 100 });
      }
      if (path === '/api/jobs/mine') return json(200, { items: [] });
      if (path === '/api/ops/brand/list') return json(200, { items: [] });
      if (path === '/api/asset/sync/roots') return json(200, { roots: ['/srv/nas'] });
      return json(200, {
        session_user: answer.session_user,
        permissions: answer.permissions,
        emulator: answer.emulator,
        favorites_id: answer.favorites_id,
      });
    }),
  );
  return asked;
}

describe('sync runs and their report', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    useSession.getState().reset();
    await i18n.changeLanguage('en');
  });

  it('lists a source’s runs newest first, with who started them and what they changed', async () => {
    useSession.getState().signIn(adminAnswer);
    stubApi(adminAnswer);
    renderApp('/asset/sync/3');
    expect(await screen.findByRole('heading', { name: 'NAS photos 3' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Runs of NAS photos 3' });
    await waitFor(() => expect(within(table).getAllByTestId(/^sync-run-/)).toHaveLength(2));
    const [newest, older] = within(table).getAllByTestId(/^sync-run-/);
    expect(newest).toHaveAttribute('data-testid', 'sync-run-8');
    expect(within(newest!).getByText('Scheduled')).toBeInTheDocument();
    expect(within(older!).getByText('Run by hand by Ada Lovelace')).toBeInTheDocument();
    expect(within(older!).getAllByText('3 new · 1 moved · 1 skipped').length).toBeGreaterThan(0);
    expect(within(older!).getByText('1:20')).toBeInTheDocument();
    expect(within(older!).getByRole('link', { name: /^Report of the run of/ })).toHaveAttribute(
      'href',
      '/asset/sync/3/runs/7',
    );
  });

  it('shows a run’s report, filtered by outcome, with reasons, former paths and links to the assets', async () => {
    useSession.getState().signIn(viewer);
    const asked = stubApi(viewer);
    renderApp('/asset/sync/3/runs/7');
    expect(await screen.findByRole('heading', { name: 'Run report' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('sync-item')).toHaveLength(4), { timeout: 5000 });
    expect(screen.getByText('from shoots/c.jpg')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the asset of shoots/a.jpg' })).toHaveAttribute(
      'href',
      '/brand/asset/11',
    );

    await userEvent.click(screen.getByRole('radio', { name: 'Skipped · 1' }));
    await waitFor(() => expect(screen.getAllByTestId('sync-item')).toHaveLength(1), { timeout: 5000 });
    expect(asked.some((u) => u.startsWith('/api/asset/sync/run/7/items?') && u.includes('outcome=skipped'))).toBe(true);
    const item = screen.getByTestId('sync-item');
    expect(within(item).getByText('shoots/big.mov')).toBeInTheDocument();
    expect(within(item).getByText('Larger than the biggest upload allowed.')).toBeInTheDocument();
    expect(within(item).queryByRole('link')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Failed · 0' }));
    expect(await screen.findByText('No file of this run had this outcome.', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('gives the reasons in Spanish', async () => {
    useSession.getState().signIn(viewer);
    stubApi(viewer);
    await i18n.changeLanguage('es');
    renderApp('/asset/sync/3/runs/7?outcome=skipped');
    expect(await screen.findByText('Supera la subida más grande permitida.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Informe de la ejecución' })).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });
});
