import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../state/session';
import { renderApp } from '../../test/renderApp';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** Answers the brand face of the share link's path and leaves every other call empty. */
function stubFetch() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.includes('/api/brand-face?'))
      return json({ brand: { name: 'Face Co', logo_uri: null, accent_color: '#2b8a3e' } });
    return new Response(null, { status: 204 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('the sign-in page reached through a brand link (issue 44 §5)', () => {
  beforeEach(() => useSession.getState().reset());

  it("shows the brand's name and accent above the form", async () => {
    const fetchMock = stubFetch();
    const next = '/collections/shared/7/using/abc_123';
    renderApp(`/login?next=${encodeURIComponent(next)}`);
    expect(await screen.findByTestId('login-brand-name')).toHaveTextContent('Face Co');
    expect(screen.getByTestId('login-brand-face')).toHaveStyle({ borderTop: '4px solid #2b8a3e' });
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    const asked = fetchMock.mock.calls.map(([u]) => String(u)).find((u) => u.includes('/api/brand-face'))!;
    expect(new URL(asked, 'http://x').searchParams.get('next')).toBe(next);
  });

  it('shows no brand, and asks for none, on a plain sign-in', async () => {
    const fetchMock = stubFetch();
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByTestId('login-brand-face')).toBeNull();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/brand-face'))).toBe(false);
  });
});
