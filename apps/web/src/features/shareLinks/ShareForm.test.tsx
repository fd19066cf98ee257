import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_PERMISSIONS } from '@brandvault/contract';
import { Providers } from '../../app/Providers';
import { makeQueryClient } from '../../app/queryClient';
import { useSession } from '../../state/session';
import { loginAnswer } from '../../test/fixtures';
import { ShareForm } from './ShareForm';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('ShareForm', { timeout: 20_000 }, () => {
  beforeEach(() => {
    // The message box autosizes on font loads, which jsdom does not have.
    const fonts = { addEventListener: () => undefined, removeEventListener: () => undefined };
    Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
    document.cookie = 'XSRF-TOKEN=t; path=/';
    useSession.getState().reset();
    useSession.getState().signIn({ ...loginAnswer, permissions: ROLE_PERMISSIONS.member.map((name) => ({ name })) });
  });

  it('sends the watermark and traceable options of a new link', async () => {
    const user = userEvent.setup();
    const bodies: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input) === '/api/ops/collection/12/share') {
          bodies.push(JSON.parse(String(init!.body)) as Record<string, unknown>);
          return json(422, { error: { status: 422, code: 'INVALID_DATA', message: 'x', fields: {} } });
        }
        return json(200, { items: [] });
      }),
    );
    render(
      <Providers client={makeQueryClient()} env="test">
        <ShareForm collection={{ id: 12, name: 'Press kit' }} onCreated={() => undefined} />
      </Providers>,
    );
    await user.click(screen.getByRole('radio', { name: /Anyone with the link/ }));
    const watermark = screen.getByRole('switch', { name: /Watermark previews and images/ });
    const traceable = screen.getByRole('switch', { name: /Traceable downloads/ });
    expect(watermark).not.toBeChecked();
    expect(traceable).not.toBeChecked();
    await user.click(watermark);
    await user.click(traceable);
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ audience: 'anyone', watermark: true, traceable: true, allow_download: true });
  });
});
