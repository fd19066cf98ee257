import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginResponse } from '@brandvault/contract';
import { useSession } from '../../state/session';
import { brand, loginAnswer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const beta = { ...brand, id: 8, name: 'Beta', slug: 'beta' };
const day = (ago: number) => new Date(Date.now() - ago * 86400000).toISOString().slice(0, 10);

/** Signed in with these brands and extra permissions; the tour already taken. */
function signIn(brands: (typeof brand)[], permissions: string[] = [], home: 'brand' | 'gallery' = 'brand') {
  const answer: LoginResponse = {
    ...loginAnswer,
    session_user: {
      ...loginAnswer.session_user,
      user_settings: { menu: [], home },
      brands,
      tour: { completed_at: '2026-01-01T00:00:00.000Z', dismissed_at: null },
    },
    permissions: [...loginAnswer.permissions, ...permissions.map((name) => ({ name }) as never)],
  };
  useSession.getState().reset();
  useSession.getState().signIn(answer);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === '/api/ops/brand/list')
        return json(200, {
          items: [
            { ...brand, figures: { assets: 1204, last_upload: day(2) } },
            { ...beta, figures: { assets: 0, last_upload: null } },
          ].filter((b) => brands.some((x) => x.id === b.id)),
        });
      return json(200, {
        session_user: answer.session_user,
        permissions: answer.permissions,
        emulator: answer.emulator,
      });
    }),
  );
}

describe('BrandChooserPage', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    // The description box autosizes on font loads, which jsdom does not have.
    const fonts = { addEventListener: () => undefined, removeEventListener: () => undefined };
    Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
  });

  it('shows on each card what the brand holds and when it was last added to', async () => {
    signIn([brand, beta]);
    renderApp('/brand/choose');
    const acme = await screen.findByRole('button', { name: /Acme/ });
    expect(await within(acme).findByText('1,204 assets')).toBeInTheDocument();
    expect(within(acme).getByText('Updated 2 days ago')).toBeInTheDocument();
    const b = screen.getByRole('button', { name: /Beta/ });
    expect(await within(b).findByText('No assets yet')).toBeInTheDocument();
  });

  it('offers an administrator without brands to create the first one', async () => {
    signIn([], ['brand.manage']);
    renderApp('/brand/choose');
    const create = await screen.findByRole('button', { name: 'Create your first brand' });
    expect(screen.queryByText(/ask an administrator/)).toBeNull();
    await userEvent.click(create);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: /Description/ })).toBeInTheDocument();
  });

  it('tells anyone else without brands to ask an administrator', async () => {
    signIn([]);
    renderApp('/brand/choose');
    expect(await screen.findByText(/ask an administrator/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create your first brand' })).toBeNull();
  });

  it("opens the user's default home on choosing a brand: the gallery when they chose it", async () => {
    signIn([brand, beta], [], 'gallery');
    const { router } = renderApp('/brand/choose');
    await userEvent.click(await screen.findByRole('button', { name: /Acme/ }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/brand2'));
    expect(useSession.getState().selectedBrand?.id).toBe(brand.id);
  });

  it('opens the brand home by default', async () => {
    signIn([brand, beta]);
    const { router } = renderApp('/brand/choose');
    await userEvent.click(await screen.findByRole('button', { name: /Beta/ }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/brand'));
  });
});
