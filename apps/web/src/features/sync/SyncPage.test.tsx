import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_PERMISSIONS } from '@brandvault/contract';
import type { Job, SyncSource } from '@brandvault/contract';
import i18n from '../../i18n';
import { useSession } from '../../state/session';
import { brand, loginAnswer, syncRun, syncSource } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const adminAnswer = {
  ...loginAnswer,
  session_user: { ...loginAnswer.session_user, roles: [{ name: 'admin' as const }] },
  permissions: ROLE_PERMISSIONS.admin.map((name) => ({ name })),
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface Call {
  method: string;
  url: string;
  body: Record<string, unknown> | undefined;
}

interface Stub {
  sources: SyncSource[];
  roots?: number | string[];
  create?: (body: Record<string, unknown>) => Response;
  job?: () => Job;
}

function stubApi(stub: Stub) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
      calls.push({ method, url, body });
      const [path = ''] = url.split('?');
      if (path === '/api/asset/sync/source/list')
        return json(200, { items: stub.sources, total: stub.sources.length, page: 1, per_page: 20 });
      if (path === '/api/asset/sync/roots')
        return typeof stub.roots === 'number'
          ? json(stub.roots, { error: { status: stub.roots, code: 'FORBIDDEN', message: 'Forbidden' } })
          : json(200, { roots: stub.roots ?? ['/srv/nas'] });
      if (path === '/api/asset/sync/source' && method === 'POST') return stub.create!(body!);
      const run = /^\/api\/asset\/sync\/source\/(\d+)\/run$/.exec(path);
      if (run && method === 'POST') {
        const id = Number(run[1]);
        const started = syncRun(50, {
          source_id: id,
          status: 'queued',
          job_id: 500,
          started_at: null,
          finished_at: null,
        });
        stub.sources = stub.sources.map((s) => (s.id === id ? { ...s, last_run: started } : s));
        return json(202, { run: started });
      }
      if (path === '/api/jobs/500') return json(200, stub.job!());
      if (path === '/api/ops/brand/list')
        return json(200, { items: [{ ...brand, figures: { assets: 0, last_upload: null } }] });
      if (path === '/api/ops/folder/tree')
        return json(200, {
          brand_id: 7,
          root: {
            id: 1,
            parent_id: null,
            name: 'Acme',
            visibility: 'PUBLIC',
            children: [{ id: 2, parent_id: 1, name: 'Shoots', visibility: 'PUBLIC', children: [] }],
          },
        });
      if (path === '/api/jobs/mine') return json(200, { items: [] });
      return json(200, {
        session_user: adminAnswer.session_user,
        permissions: adminAnswer.permissions,
        emulator: adminAnswer.emulator,
        favorites_id: adminAnswer.favorites_id,
      });
    }),
  );
  return calls;
}

const rowOf = async (id: number) => within(await screen.findByTestId(`sync-row-${id}`, {}, { timeout: 15_000 }));

describe('SyncPage', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    useSession.getState().reset();
    useSession.getState().signIn(adminAnswer);
    await i18n.changeLanguage('en');
  });

  it('lists sources with their destination, schedule, last run and what it changed', async () => {
    stubApi({
      sources: [
        // Two files came back since the last run: counted apart from the new ones.
        syncSource(3, { last_run: syncRun(1, { counts: { ...syncRun(1).counts, restored: 2 } }) }),
        syncSource(4, {
          name: 'Archive',
          schedule: 'manual',
          daily_at: null,
          enabled: false,
          last_run: syncRun(2, {
            nothing_changed: true,
            counts: { ...syncRun(2).counts, new: 0, moved: 0, skipped: 0 },
          }),
          next_run_at: null,
          abilities: { update: false, delete: false, run: false },
        }),
      ],
    });
    renderApp('/asset/sync');
    const first = await rowOf(3);
    expect(first.getByRole('link', { name: 'NAS photos 3' })).toHaveAttribute('href', '/asset/sync/3');
    expect(first.getByText('/srv/nas/photos-3')).toBeInTheDocument();
    expect(first.getAllByText('Acme → Shoots').length).toBeGreaterThan(0);
    expect(first.getAllByText('Daily at 06:00').length).toBeGreaterThan(0);
    expect(first.getByText('Done')).toBeInTheDocument();
    expect(first.getByText('3 new · 2 restored · 1 moved · 1 skipped')).toBeInTheDocument();
    expect(first.getByText('1,250')).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Run NAS photos 3 now' })).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Edit NAS photos 3' })).toBeInTheDocument();

    const second = await rowOf(4);
    expect(second.getByText('Nothing changed')).toBeInTheDocument();
    expect(second.getByText('Disabled')).toBeInTheDocument();
    expect(second.getByText('Not scheduled')).toBeInTheDocument();
    expect(second.queryByRole('button', { name: 'Run Archive now' })).not.toBeInTheDocument();
    expect(second.queryByRole('button', { name: 'Edit Archive' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'New source' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('says what sync does when there is no source, and offers none to create after a 403 on the roots', async () => {
    stubApi({ sources: [], roots: 403 });
    renderApp('/asset/sync');
    expect(await screen.findByText('No sync sources yet')).toBeInTheDocument();
    expect(screen.getByText(/keeps a brand folder up to date with a folder on the server/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'New source' })).not.toBeInTheDocument());
  });

  it('creates a source with the body the contract asks for, and shows the server’s refusal on the path', async () => {
    const calls = stubApi({
      sources: [],
      roots: ['/srv/nas', '/mnt/share'],
      create: () =>
        json(422, {
          error: {
            status: 422,
            code: 'INVALID_DATA',
            message: 'The Information that you provided is invalid, please review it and try again.',
            fields: { path: 'Path must be inside one of the sync roots' },
          },
        }),
    });
    renderApp('/asset/sync');
    const [create] = await screen.findAllByRole('button', { name: 'New source' }, { timeout: 15_000 });
    await userEvent.click(create!);
    const dialog = await screen.findByRole('dialog', { name: 'New sync source' }, { timeout: 5000 });
    expect(within(dialog).getByText('/srv/nas')).toBeInTheDocument();
    expect(within(dialog).getByText('/mnt/share')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Shoots');
    await userEvent.type(within(dialog).getByLabelText(/^Server folder/), '/etc');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Brand/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Acme' }));
    // The brand's root is chosen until another folder is.
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /^Folder/ })).toHaveValue('Brand root'));
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Folder/ }));
    await userEvent.click(await screen.findByRole('option', { name: /Shoots/ }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Hourly' }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Leave its asset alone' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create source' }));

    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        url: '/api/asset/sync/source',
        body: {
          name: 'Shoots',
          path: '/etc',
          brand_id: 7,
          folder_id: 2,
          schedule: 'hourly',
          daily_at: null,
          include: [],
          exclude: [],
          on_missing: 'keep',
          email_report: false,
          watch: true,
          enabled: true,
        },
      }),
    );
    expect(await within(dialog).findByText('Path must be inside one of the sync roots')).toBeInTheDocument();
    const path = within(dialog).getByLabelText(/^Server folder/);
    expect(path).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(path).toHaveFocus());
  });

  it('says where SYNC_ROOTS is set when no server folder is allowed', async () => {
    stubApi({ sources: [], roots: [] });
    renderApp('/asset/sync');
    const [create] = await screen.findAllByRole('button', { name: 'New source' }, { timeout: 15_000 });
    await userEvent.click(create!);
    const dialog = await screen.findByRole('dialog', { name: 'New sync source' }, { timeout: 5000 });
    expect(within(dialog).getByText(/server setting SYNC_ROOTS/)).toBeInTheDocument();
  });

  it('runs a source now and follows its job’s progress on the row', async () => {
    let done = 2340;
    const stub: Stub = {
      sources: [syncSource(3)],
      job: () => ({
        id: 500,
        name: 'sync.run',
        status: 'running',
        progress: { done, of: 12000 },
        result: null,
        error: null,
        created_at: '2026-11-27T06:00:00.000Z',
        finished_at: null,
      }),
    };
    const calls = stubApi(stub);
    renderApp('/asset/sync');
    const row = await rowOf(3);
    await userEvent.click(row.getByRole('button', { name: 'Run NAS photos 3 now' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/asset/sync/source/3/run')).toBe(true),
    );
    expect(await row.findByText('2,340 of 12,000 files')).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Run NAS photos 3 now' })).toBeDisabled();
    done = 2500;
    expect(await row.findByText('2,500 of 12,000 files')).toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    stubApi({ sources: [syncSource(3)] });
    await i18n.changeLanguage('es');
    renderApp('/asset/sync');
    const row = await rowOf(3);
    expect(row.getByText('3 nuevos · 1 movido · 1 omitido')).toBeInTheDocument();
    expect(row.getAllByText('Cada día a las 06:00').length).toBeGreaterThan(0);
    expect(await screen.findByRole('button', { name: 'Nuevo origen' }, { timeout: 5000 })).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });
});
