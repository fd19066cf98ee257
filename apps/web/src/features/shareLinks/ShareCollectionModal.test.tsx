import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_PERMISSIONS } from '@brandvault/contract';
import type { ShareLink } from '@brandvault/contract';
import { Providers } from '../../app/Providers';
import { makeQueryClient } from '../../app/queryClient';
import { useSession } from '../../state/session';
import { loginAnswer } from '../../test/fixtures';
import { ShareCollectionModal } from './ShareCollectionModal';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const made: ShareLink = {
  id: 5,
  link: 'http://localhost/collections/shared/12/public/using/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ',
  expires_at: '2026-12-07T10:00:00.000Z',
  resource_name: 'Press kit',
  resource_type: 'collection',
  resource_id: 12,
  created_by: { id: 1, name: 'Ada Admin' },
  shared_to: [],
  audience: 'anyone',
  has_password: false,
  allow_download: true,
  watermark: false,
  traceable: false,
  views: 0,
  downloads: 0,
  state: 'active',
  created_at: '2026-11-30T10:00:00.000Z',
  abilities: { revoke: true, update: true },
};

describe('ShareCollectionModal', { timeout: 20_000 }, () => {
  beforeEach(() => {
    const fonts = { addEventListener: () => undefined, removeEventListener: () => undefined };
    Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
    document.cookie = 'XSRF-TOKEN=t; path=/';
    useSession.getState().reset();
    useSession.getState().signIn({ ...loginAnswer, permissions: ROLE_PERMISSIONS.member.map((name) => ({ name })) });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (String(input) === '/api/ops/collection/12/share') return json(201, { share_link: made });
        return json(200, { items: [], total: 0, page: 1, per_page: 20 });
      }),
    );
  });

  it('keeps the "anyone with the link" link on screen after creating it, until another is asked for', async () => {
    const user = userEvent.setup();
    render(
      <Providers client={makeQueryClient()} env="test">
        <ShareCollectionModal collection={{ id: 12, name: 'Press kit' }} onClose={() => undefined} />
      </Providers>,
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: /Anyone with the link/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));

    const ready = await within(dialog).findByTestId('share-made');
    expect(within(ready).getByText('Anyone with the link')).toBeInTheDocument();
    expect(within(ready).getByRole('textbox', { name: 'Link' })).toHaveValue(made.link);
    // The form is not back at its first audience under the link.
    expect(within(dialog).queryByRole('radio', { name: /Specific users/ })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Create another link' }));
    expect(within(dialog).queryByTestId('share-made')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Create link' })).toBeInTheDocument();
  });
});
