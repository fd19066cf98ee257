import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_PERMISSIONS } from '@brandvault/contract';
import { useSession } from '../../state/session';
import { loginAnswer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const admin = {
  ...loginAnswer,
  session_user: { ...loginAnswer.session_user, roles: [{ name: 'admin' as const }] },
  permissions: ROLE_PERMISSIONS.admin.map((name) => ({ name })),
};

function stubApi(answer: (form: FormData) => Response) {
  const sent: FormData[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/api/ops/watermark/trace') {
        sent.push(init!.body as FormData);
        return answer(init!.body as FormData);
      }
      if (url === '/api/jobs/mine') return json(200, { items: [] });
      return json(200, {
        session_user: admin.session_user,
        permissions: admin.permissions,
        emulator: admin.emulator,
        favorites_id: admin.favorites_id,
      });
    }),
  );
  return sent;
}

const leaked = () => new File([new Uint8Array([1, 2, 3])], 'leaked.jpg', { type: 'image/jpeg' });

describe('TracePage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    useSession.getState().reset();
    useSession.getState().signIn(admin);
  });

  it('uploads a file and names the share link it was made for', async () => {
    const user = userEvent.setup();
    const sent = stubApi(() =>
      json(200, {
        found: true,
        trace: {
          code: 'AbCdEfGhIjKlMnOpQrStUv',
          kind: 'link',
          link: { id: 12, name: 'Press kit', owner: 'Grace Hopper' },
          user: null,
          asset: { id: 4, name: 'hero.jpg' },
          created_at: '2026-11-20T10:00:00.000Z',
        },
      }),
    );
    renderApp('/watermark/trace');
    await screen.findByLabelText('File');
    await user.upload(document.querySelector('input[type=file]') as HTMLInputElement, leaked());
    await user.click(screen.getByRole('button', { name: 'Read identifier' }));
    expect(await screen.findByText('Identifier found: Share link')).toBeInTheDocument();
    expect(screen.getByText('#12 of “Press kit”')).toBeInTheDocument();
    expect(screen.getByText('Grace Hopper')).toBeInTheDocument();
    expect(screen.getByText('hero.jpg')).toBeInTheDocument();
    expect((sent[0]!.get('file') as File).name).toBe('leaked.jpg');
  });

  it('finds a re-saved copy by the code typed from its corner', async () => {
    const user = userEvent.setup();
    const sent = stubApi(() =>
      json(200, {
        found: true,
        trace: {
          code: 'ABCD1234EFGH5678JKMN',
          kind: 'link',
          link: { id: 12, name: 'Press kit', owner: 'Grace Hopper' },
          user: null,
          asset: { id: 4, name: 'hero.jpg' },
          created_at: '2026-11-20T10:00:00.000Z',
        },
      }),
    );
    renderApp('/watermark/trace');
    await user.type(await screen.findByLabelText('Or the code on the picture', {}, { timeout: 8000 }), 'BV-ABCD-1234');
    await user.click(screen.getByRole('button', { name: 'Read identifier' }));
    expect(await screen.findByText('Identifier found: Share link')).toBeInTheDocument();
    expect(sent[0]!.get('code')).toBe('BV-ABCD-1234');
    expect(sent[0]!.get('file')).toBeNull();
  });

  it('says so when the file carries no identifier', async () => {
    const user = userEvent.setup();
    stubApi(() => json(200, { found: false, trace: null }));
    renderApp('/watermark/trace');
    await screen.findByLabelText('File');
    await user.upload(document.querySelector('input[type=file]') as HTMLInputElement, leaked());
    await user.click(screen.getByRole('button', { name: 'Read identifier' }));
    expect(await screen.findByText('No identifier found')).toBeInTheDocument();
  });
});
