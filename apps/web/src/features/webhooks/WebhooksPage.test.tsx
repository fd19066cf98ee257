import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_PERMISSIONS } from '@brandvault/contract';
import type { Webhook, WebhookDelivery } from '@brandvault/contract';
import { useSession } from '../../state/session';
import { brand, loginAnswer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { json, stubFonts } from '../metadata/testFixtures';

const manager = {
  ...loginAnswer,
  session_user: { ...loginAnswer.session_user, roles: [{ name: 'manager' as const }] },
  permissions: ROLE_PERMISSIONS.manager.map((name) => ({ name })),
};

const webhook = (id: number, over: Partial<Webhook> = {}): Webhook => ({
  id,
  brand: { id: 7, name: 'Acme' },
  url: `https://hooks.example.com/${id}`,
  events: ['asset.created'],
  description: '',
  enabled: true,
  disabled_at: null,
  disabled_reason: null,
  consecutive_failures: 0,
  previous_secret_until: null,
  created_by: { id: 1, name: 'Ada Admin' },
  created_at: '2026-11-01T10:00:00.000Z',
  last_delivery: null,
  abilities: { update: true, delete: true },
  ...over,
});

const delivery = (id: number, over: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id,
  event_id: 'msg_1',
  event_type: 'asset.created',
  attempt: 1,
  state: 'failed',
  status_code: 500,
  response_ms: 42,
  response_excerpt: '<b>boom</b>',
  error: 'HTTP 500',
  next_attempt_at: null,
  delivered_at: null,
  created_at: '2026-11-01T10:00:00.000Z',
  payload: '{}',
  ...over,
});

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/** The webhooks API in memory; a create answers 422 `invalid` once when given, then the secret. */
function stubApi(hooks: Webhook[], invalid?: Record<string, string>) {
  const sent: Sent[] = [];
  let refuse = invalid;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      if (url.includes('/webhook')) sent.push({ method, url, body });
      if (url.startsWith('/api/brand/webhook/list'))
        return json(200, { items: hooks, total: hooks.length, page: 1, per_page: 100 });
      if (url.startsWith('/api/brand/webhook/1/deliveries') && method === 'GET')
        return json(200, { items: [delivery(11)], total: 1, page: 1, per_page: 10 });
      if (url.endsWith('/redeliver')) return json(202, { delivery: delivery(12, { state: 'pending' }) });
      if (url.endsWith('/enable')) return json(200, { webhook: webhook(1) });
      if (url === '/api/brand/webhook' && method === 'POST') {
        if (refuse) {
          const fields = refuse;
          refuse = undefined;
          return json(422, { error: { status: 422, code: 'INVALID_DATA', message: 'Invalid', fields } });
        }
        return json(201, { webhook: webhook(9, body as Partial<Webhook>), secret: 'whsec_c2VjcmV0LXNob3duLW9uY2U=' });
      }
      if (url.startsWith('/api/jobs')) return json(200, { items: [] });
      return json(200, {
        session_user: manager.session_user,
        permissions: manager.permissions,
        emulator: manager.emulator,
        favorites_id: manager.favorites_id,
      });
    }),
  );
  return sent;
}

describe('the Webhooks screen', () => {
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    stubFonts();
    useSession.getState().reset();
    useSession.getState().signIn(manager);
    useSession.getState().selectBrand(brand);
  });

  it(
    'lists webhooks, shows a disabled one with re-enable, and its deliveries with the answer as text',
    { timeout: 60_000 },
    async () => {
      const sent = stubApi([
        webhook(1, {
          enabled: false,
          disabled_at: '2026-11-02T10:00:00.000Z',
          disabled_reason: 'HTTP 500',
          events: ['asset.created', 'comment.created'],
        }),
        webhook(2),
      ]);
      const user = userEvent.setup();
      renderApp('/brand/webhooks');
      const card = within(await screen.findByTestId('webhook-1'));
      expect(card.getByText('https://hooks.example.com/1')).toBeInTheDocument();
      expect(card.getByText('Comment written')).toBeInTheDocument();
      expect(card.getByText('This webhook is turned off')).toBeInTheDocument();
      expect(within(screen.getByTestId('webhook-2')).queryByText('This webhook is turned off')).toBeNull();

      await user.click(card.getByRole('button', { name: 'Deliveries' }));
      const row = within(await screen.findByTestId('delivery-11'));
      expect(row.getByText('<b>boom</b>')).toBeInTheDocument();
      expect(row.getByText('Failed · 500')).toBeInTheDocument();
      await user.click(row.getByRole('button', { name: 'Send asset.created (attempt 1) again' }));
      await waitFor(() =>
        expect(sent.some((s) => s.method === 'POST' && s.url === '/api/brand/webhook/1/deliveries/11/redeliver')).toBe(
          true,
        ),
      );

      await user.click(card.getByRole('button', { name: 'Turn back on' }));
      await waitFor(() =>
        expect(sent.some((s) => s.method === 'POST' && s.url === '/api/brand/webhook/1/enable')).toBe(true),
      );
    },
  );

  it(
    'creates a webhook with its events, shows the server field message, then the secret once',
    { timeout: 60_000 },
    async () => {
      const sent = stubApi([], { url: 'Address (URL) points to a private, loopback or link-local address' });
      const user = userEvent.setup();
      renderApp('/brand/webhooks');
      expect(await screen.findByText('No webhooks yet')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Add webhook' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Add a webhook' }));
      const url = dialog.getByRole('textbox', { name: /^Address \(URL\)/ });
      await user.clear(url);
      await user.type(url, 'https://10.0.0.1/hook');
      // Nothing is sent without an event.
      await user.click(dialog.getByRole('button', { name: 'Create webhook' }));
      expect(sent.some((s) => s.method === 'POST')).toBe(false);
      await user.click(dialog.getByRole('checkbox', { name: 'Asset created' }));
      await user.click(dialog.getByRole('checkbox', { name: 'Download ready' }));
      await user.click(dialog.getByRole('button', { name: 'Create webhook' }));
      expect(await dialog.findByText(/points to a private, loopback or link-local address/)).toBeInTheDocument();
      await user.clear(url);
      await user.type(url, 'https://hooks.example.com/in');
      await user.click(dialog.getByRole('button', { name: 'Create webhook' }));
      const secret = await screen.findByTestId('webhook-secret');
      expect(secret).toHaveTextContent('whsec_c2VjcmV0LXNob3duLW9uY2U=');
      expect(sent.filter((s) => s.method === 'POST')[1]).toMatchObject({
        url: '/api/brand/webhook',
        body: { brand_id: 7, url: 'https://hooks.example.com/in', events: ['asset.created', 'download.completed'] },
      });
      await user.click(screen.getByRole('button', { name: 'I have copied it' }));
      await waitFor(() => expect(screen.queryByTestId('webhook-secret')).not.toBeInTheDocument());
    },
  );
});
