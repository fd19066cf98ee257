import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadRequestPublic } from '@brandvault/contract';
import { useSession } from '../../state/session';
import { renderApp } from '../../test/renderApp';

const TOKEN = 'C'.repeat(43);
const PAGE = `/upload/${TOKEN}`;
const answer: UploadRequestPublic = {
  brand: { name: 'Acme', logo_uri: null, accent_color: null },
  locked: false,
  request: {
    message: 'Photos of the <b>launch</b>',
    expires_at: '2026-12-07T10:00:00.000Z',
    max_files: 5,
    max_bytes: 10 * 1024 * 1024,
    remaining_files: 4,
    remaining_bytes: 8 * 1024 * 1024,
    allowed_types: ['jpg', 'png'],
  },
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stubApi(handler: (method: string, url: string, body: unknown) => Response | undefined) {
  const calls: { method: string; url: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url });
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      return handler(method, url, body) ?? json(404, { error: { status: 404, code: 'NOT_FOUND', message: 'gone' } });
    }),
  );
  return calls;
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t; path=/';
  sessionStorage.clear();
  useSession.getState().reset();
});

describe('the public page of an upload request', { timeout: 20_000 }, () => {
  it('asks for the password, then shows the brand and the request only', async () => {
    let unlocked = false;
    const calls = stubApi((method, url, body) => {
      if (method === 'POST' && url.endsWith('/unlock')) {
        if ((body as { password: string }).password !== 'agency-pass')
          return json(422, {
            error: { status: 422, code: 'INVALID_DATA', message: 'x', fields: { password: 'Password is invalid' } },
          });
        unlocked = true;
        return json(200, { pass: 'the-pass', expires_at: '2026-12-01T00:00:00.000Z' });
      }
      if (url.startsWith(`/api/upload-request/open/${TOKEN}`))
        return unlocked && url.includes('pass=the-pass')
          ? json(200, answer)
          : json(200, { brand: answer.brand, locked: true, request: null });
      return undefined;
    });
    renderApp(PAGE);
    const user = userEvent.setup();
    expect(await screen.findByText('This request is protected')).toBeInTheDocument();
    expect(screen.getByTestId('request-brand')).toHaveTextContent('Acme');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Password is invalid')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'agency-pass');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Files requested' })).toBeInTheDocument();
    expect(sessionStorage.getItem(`upload-request-pass:${TOKEN}`)).toBe('the-pass');
    // The message is text, never markup; the limits and types are named.
    expect(screen.getByTestId('request-message')).toHaveTextContent('Photos of the <b>launch</b>');
    expect(screen.getByText('4 files left')).toBeInTheDocument();
    expect(screen.getByText('8 MB left')).toBeInTheDocument();
    expect(screen.getByText('Accepted file types: JPG, PNG')).toBeInTheDocument();
    // Nothing of the signed-in app is asked for.
    expect(calls.some((c) => c.url.startsWith('/api/auth/me'))).toBe(false);
  });

  it('lists chosen files as ready and asks for the name and e-mail before sending', async () => {
    stubApi((_m, url) => (url.startsWith(`/api/upload-request/open/${TOKEN}`) ? json(200, answer) : undefined));
    const { container } = renderApp(PAGE);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Files requested' })).toBeInTheDocument();
    const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input).toHaveAttribute('accept', '.jpg,.png');
    await user.upload(input, new File(['x'.repeat(100)], 'stage.jpg', { type: 'image/jpeg' }));
    const row = await screen.findByTestId('request-file');
    expect(row).toHaveTextContent('stage.jpg');
    expect(row).toHaveTextContent('Ready to send');
    await user.click(screen.getByRole('button', { name: 'Send 1 file' }));
    expect(await screen.findByText('Your name is a required field')).toBeInTheDocument();
    expect(screen.getByTestId('request-file')).toHaveAttribute('data-status', 'pending');
  });

  it('says the link is not available when it is unknown, expired or closed', async () => {
    stubApi(() => undefined);
    renderApp(PAGE);
    expect(await screen.findByText('This link is not available')).toBeInTheDocument();
  });

  it('speaks Spanish when the visitor switches', async () => {
    stubApi((_m, url) => (url.startsWith(`/api/upload-request/open/${TOKEN}`) ? json(200, answer) : undefined));
    renderApp(PAGE);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Files requested' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Español/ }));
    expect(await screen.findByRole('heading', { name: 'Archivos solicitados' })).toBeInTheDocument();
    expect(screen.getByText('Quedan 4 archivos')).toBeInTheDocument();
  });
});
