import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isReturnPath, isShareReturnPath } from '../lib/guards';
import { useSession } from '../state/session';
import { assetCard, assetView, brand, loginAnswer } from '../test/fixtures';
import { renderApp } from '../test/renderApp';

const other = { ...brand, id: 8, name: 'Other', slug: 'other' };
const answer = { ...loginAnswer, session_user: { ...loginAnswer.session_user, brands: [brand, other] } };

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Asset 5 and folder 3 live in brand 8; sign-in (password or single sign-on) answers a session. */
function stubServer() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.endsWith('/api/auth/csrf-cookie')) return new Response(null, { status: 204 });
    if (url.endsWith('/api/login') || url.endsWith('/api/sso/complete')) return json(answer);
    if (url.endsWith('/api/sso/providers')) return json({ data: [] });
    if (/\/api\/ops\/asset\/5\/view$/.test(url)) return json({ asset: { ...assetView(assetCard(5)), brand_id: 8 } });
    if (/\/api\/ops\/folder\/3$/.test(url))
      return json({ folder: { id: 3, brand_id: 8, parent_id: 1, name: 'Shoots' } });
    return json({ session_user: answer.session_user, permissions: answer.permissions, emulator: answer.emulator });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const here = (router: ReturnType<typeof renderApp>['router']) =>
  router.state.location.pathname + router.state.location.search;

describe('where sign-in may lead back to', () => {
  it("takes the app's asset and folder addresses and shared collections, nothing else", () => {
    for (const ok of [
      '/brand/asset/5',
      '/brand?folder=3',
      '/brand2?folder=3',
      '/brand?folder=3&view=9',
      '/collections/shared/7/using/abc_1',
    ])
      expect(isReturnPath(ok), ok).toBe(true);
    for (const no of [
      null,
      '',
      '//evil.example/brand/asset/5',
      'https://evil.example/brand/asset/5',
      '/brand/asset/5/../../users',
      '/brand/asset/x',
      '/brand?folder=3&next=//evil.example',
      '/brand/asset/5?x=//evil.example',
      '/users',
      '/brand',
      '/\\evil.example',
    ])
      expect(isReturnPath(no), String(no)).toBe(false);
  });

  it('lets the sign-in page ask for a brand only for share links', () => {
    expect(isShareReturnPath('/collections/shared/7/using/abc_1')).toBe(true);
    expect(isShareReturnPath('/brand/asset/5')).toBe(false);
    expect(isShareReturnPath('/brand?folder=3')).toBe(false);
  });
});

describe('an asset or folder link opened signed out', () => {
  beforeEach(() => useSession.getState().reset());

  it("keeps an asset's link through the password sign-in, then opens it in its brand", async () => {
    const fetchMock = stubServer();
    const { router } = renderApp('/brand/asset/5');
    await waitFor(() => expect(here(router)).toBe(`/login?next=${encodeURIComponent('/brand/asset/5')}`));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'the-password-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(useSession.getState().selectedBrand?.id).toBe(8));
    expect(here(router)).toBe('/brand/asset/5');
    // The sign-in page never asked which brand holds the asset.
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/brand-face'))).toBe(false);
  });

  it("keeps a folder's link through a single sign-on, then opens it in its brand", async () => {
    stubServer();
    const { router } = renderApp('/brand?folder=3');
    const next = encodeURIComponent('/brand?folder=3');
    await waitFor(() => expect(here(router)).toBe(`/login?next=${next}`));
    await router.navigate(`/sso/done?next=${next}#code=abcdefghijklmnopqrstuvwxyz`);
    await waitFor(() => expect(useSession.getState().selectedBrand?.id).toBe(8));
    expect(here(router)).toBe('/brand?folder=3');
  });

  it('sends any other signed-out address to a plain sign-in', async () => {
    stubServer();
    const { router } = renderApp('/brand/review');
    await waitFor(() => expect(here(router)).toBe('/login'));
  });
});
