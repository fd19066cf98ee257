import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportRow, TemplateImport } from '@brandvault/contract';
import { useSession } from '../../state/session';
import { loginAnswer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const imp = (over: Partial<TemplateImport> = {}): TemplateImport => ({
  id: 9,
  ignored_columns: [],
  kind: 'assets',
  name: 'Shots.xlsx',
  state: 'ready',
  job_id: 40,
  brand: { id: 1, name: 'Acme' },
  counts: { rows: 4, change: 3, refused: 1, unchanged: 0 },
  result: null,
  run_at: null,
  error: null,
  created_at: '2026-11-27T10:00:00.000Z',
  previewed_at: '2026-11-27T10:00:02.000Z',
  applied_at: null,
  expires_at: '2026-12-04T10:00:00.000Z',
  has_result: false,
  ...over,
});
const rows: ImportRow[] = [
  {
    row: 2,
    target_id: 11,
    label: 'sun.jpg',
    outcome: 'change',
    changes: [{ field: 'description', before: '', after: 'Morning <b>sun</b>' }],
    reason: null,
    result: null,
    result_reason: null,
  },
  {
    row: 3,
    target_id: 12,
    label: 'star.jpg',
    outcome: 'refused',
    changes: [],
    reason: 'The name must keep the file extension (.jpg)',
    result: null,
    result_reason: null,
  },
];

function stub(state: { current: TemplateImport }) {
  const calls: { url: string; method: string; body?: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, method: init?.method ?? 'GET', body: init?.body as string | undefined });
      if (url === '/api/ops/report/import/9') return json(200, state.current);
      if (url.startsWith('/api/ops/report/import/9/rows'))
        return json(200, { items: rows, total: 2, page: 1, per_page: 50 });
      if (url === '/api/ops/report/import/9/apply') {
        state.current = imp({ state: 'scheduled' });
        return json(202, { import: state.current });
      }
      if (url === '/api/jobs/mine') return json(200, { items: [] });
      if (url === '/api/ops/notification/unread') return json(200, { unread: 0 });
      if (url.startsWith('/api/auth/csrf-cookie')) return new Response(null, { status: 204 });
      return json(200, {
        session_user: loginAnswer.session_user,
        permissions: loginAnswer.permissions,
        emulator: loginAnswer.emulator,
        favorites_id: loginAnswer.favorites_id,
      });
    }),
  );
  return calls;
}

beforeEach(() => {
  useSession.getState().reset();
  useSession.getState().signIn(loginAnswer);
  document.cookie = 'XSRF-TOKEN=t';
});

describe('a template import', () => {
  it('shows the preview counts and rows, user text as text, and applies on request', async () => {
    const state = { current: imp() };
    const calls = stub(state);
    renderApp('/reports/imports/9');
    expect(await screen.findByTestId('count-change')).toHaveTextContent('3');
    expect(screen.getByTestId('count-refused')).toHaveTextContent('1');
    const table = await screen.findByTestId('import-rows');
    expect(within(table).getByText(/Morning <b>sun<\/b>/)).toBeInTheDocument();
    expect(within(table).getByText('The name must keep the file extension (.jpg)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Apply now' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/ops/report/import/9/apply' && c.method === 'POST')).toBe(true),
    );
    expect(await screen.findByTestId('import-state')).toHaveTextContent('Scheduled');
  });

  it('says why a template could not be processed', async () => {
    stub({
      current: imp({ state: 'failed', counts: null, error: 'The sheet has no ID column: export a new template.' }),
    });
    renderApp('/reports/imports/9');
    expect(await screen.findByText(/no ID column/)).toBeInTheDocument();
    expect(screen.getByText('The template could not be processed')).toBeInTheDocument();
  });
});
