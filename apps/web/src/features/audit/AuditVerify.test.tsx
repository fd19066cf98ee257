import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditVerify } from '@brandvault/contract';
import i18n from '../../i18n';
import { useSession } from '../../state/session';
import { loginAnswer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const admin = { ...loginAnswer, session_user: { ...loginAnswer.session_user, roles: [{ name: 'admin' }] } };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stub(answer: AuditVerify) {
  const calls: { url: string; method: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, method: init?.method ?? 'GET' });
      if (url === '/api/ops/audit/verify') return json(200, answer);
      if (url.startsWith('/api/ops/audit/all')) return json(200, { items: [], total: 0, page: 1, per_page: 25 });
      if (url.startsWith('/api/ops/users')) return json(200, { items: [], total: 0, page: 1, per_page: 100 });
      if (url === '/api/jobs/mine') return json(200, { items: [] });
      if (url === '/api/ops/notification/unread') return json(200, { unread: 0 });
      if (url.startsWith('/api/auth/csrf-cookie')) return new Response(null, { status: 204 });
      return json(200, {
        session_user: admin.session_user,
        permissions: admin.permissions,
        emulator: admin.emulator,
        favorites_id: admin.favorites_id,
      });
    }),
  );
  return calls;
}

beforeEach(async () => {
  useSession.getState().reset();
  useSession.getState().signIn(admin);
  document.cookie = 'XSRF-TOKEN=t';
  await i18n.changeLanguage('en');
});

describe('verify integrity on the audit screen', () => {
  it('says the log is intact, keyed and anchored', async () => {
    const calls = stub({ ok: true, entries: 42, keyed: true, checkpoints: 3, broken: null });
    renderApp('/audit/all');
    await userEvent.click(await screen.findByRole('button', { name: 'Verify integrity' }, { timeout: 8000 }));
    const box = await screen.findByTestId('audit-verify');
    expect(box).toHaveTextContent('The audit log is intact');
    expect(box).toHaveTextContent('42 entries checked');
    expect(box).toHaveTextContent('3 checkpoints kept outside the database agree');
    expect(calls.some((c) => c.url === '/api/ops/audit/verify' && c.method === 'POST')).toBe(true);
  });

  it('names the tampered entry, in Spanish too', async () => {
    stub({
      ok: false,
      entries: 7,
      keyed: true,
      checkpoints: 0,
      broken: { seq: 7, problem: 'altered', detail: 'entry 7 does not match its hash' },
    });
    await i18n.changeLanguage('es');
    renderApp('/audit/all');
    await userEvent.click(await screen.findByRole('button', { name: 'Verificar integridad' }, { timeout: 8000 }));
    await waitFor(() =>
      expect(screen.getByTestId('audit-verify')).toHaveTextContent('La entrada 7 se cambió después de registrarse.'),
    );
  });
});
