import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GuidelineLink } from '@brandvault/contract';
import { Providers } from '../../app/Providers';
import { makeQueryClient } from '../../app/queryClient';
import { GuidelineLinksModal } from './GuidelineLinksModal';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const address = 'http://localhost/guidelines/public/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';

describe('GuidelineLinksModal', { timeout: 20_000 }, () => {
  let links: GuidelineLink[];
  let sent: { method: string; url: string; body: unknown }[];
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    links = [];
    sent = [];
    // A small stand-in for the server: the list, a create that adds to it and a revoke.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        const method = init?.method ?? 'GET';
        sent.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        if (method === 'GET') return json(200, { items: links });
        const revoked = /\/links\/(\d+)\/revoke$/.exec(url);
        if (revoked) {
          links = links.map((l) => (l.id === Number(revoked[1]) ? { ...l, state: 'revoked', link: null } : l));
          return json(200, { link: links[0] });
        }
        const made: GuidelineLink = {
          id: 9,
          brand_id: 7,
          link: address,
          expires_at: '2026-12-07T10:00:00.000Z',
          has_password: true,
          allow_download: true,
          views: 0,
          state: 'active',
          created_by: { id: 1, name: 'Ada Admin' },
          created_at: '2026-11-30T10:00:00.000Z',
        };
        links = [made];
        return json(201, { link: made });
      }),
    );
  });

  it('creates a password link, copies its address and revokes it', async () => {
    const user = userEvent.setup();
    render(
      <Providers client={makeQueryClient()} env="test">
        <GuidelineLinksModal brandId={7} opened onClose={() => undefined} />
      </Providers>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Public links to these guidelines' });
    expect(await within(dialog).findByText('No public links yet.')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Password (optional)'), 'Open-guide-42');
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findByText(address)).toBeInTheDocument();
    expect(sent.find((s) => s.method === 'POST')?.body).toMatchObject({
      expiry_unit: 'days',
      expiry_amount: 7,
      password: 'Open-guide-42',
      allow_download: true,
    });
    expect(within(dialog).getByText('Active')).toBeInTheDocument();
    // The password is not kept in the form for the next link.
    expect(within(dialog).getByLabelText('Password (optional)')).toHaveValue('');

    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(address);
    expect(await within(dialog).findByRole('button', { name: 'Link copied' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await within(dialog).findByText('Revoked')).toBeInTheDocument();
    expect(sent.some((s) => s.method === 'POST' && s.url.endsWith('/links/9/revoke'))).toBe(true);
    expect(within(dialog).queryByText(address)).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Copy link' })).toBeNull();
  });
});
