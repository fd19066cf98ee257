import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../state/session';
import { assetCard, assetView, brand, loginAnswer } from '../test/fixtures';
import { renderApp } from '../test/renderApp';

const other = { ...brand, id: 8, name: 'Other', slug: 'other' };

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Asset 5 and folder 3 live in brand 8; asset 6 in a brand this user does not have. */
function stubServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (/\/api\/ops\/asset\/5\/view$/.test(url)) return json({ asset: { ...assetView(assetCard(5)), brand_id: 8 } });
      if (/\/api\/ops\/asset\/6\/view$/.test(url)) return json({ asset: { ...assetView(assetCard(6)), brand_id: 99 } });
      if (/\/api\/ops\/folder\/3$/.test(url))
        return json({ folder: { id: 3, brand_id: 8, parent_id: 1, name: 'Shoots' } });
      return json({
        session_user: useSession.getState().sessionUser,
        permissions: loginAnswer.permissions,
        emulator: loginAnswer.emulator,
      });
    }),
  );
}

describe('a link opened with no brand selected', () => {
  beforeEach(() => {
    useSession.getState().reset();
    stubServer();
    useSession
      .getState()
      .signIn({ ...loginAnswer, session_user: { ...loginAnswer.session_user, brands: [brand, other] } });
  });

  it("selects an asset's brand and opens the asset", async () => {
    const { router } = renderApp('/brand/asset/5');
    await waitFor(() => expect(useSession.getState().selectedBrand?.id).toBe(8));
    expect(router.state.location.pathname).toBe('/brand/asset/5');
  });

  it("selects a folder's brand and opens the folder", async () => {
    const { router } = renderApp('/brand?folder=3');
    await waitFor(() => expect(useSession.getState().selectedBrand?.id).toBe(8));
    expect(router.state.location.pathname + router.state.location.search).toBe('/brand?folder=3');
  });

  it('shows the chooser for an asset of a brand the user does not have', async () => {
    const { router } = renderApp('/brand/asset/6');
    await waitFor(() => expect(router.state.location.pathname).toBe('/brand/choose'));
    expect(useSession.getState().selectedBrand).toBeNull();
  });
});
