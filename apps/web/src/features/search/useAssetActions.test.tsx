import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { assetCard } from '../../test/fixtures';
import { useAssetActions } from './useAssetActions';

const assets = [assetCard(1, { folder_id: 10 }), assetCard(2, { folder_id: 10 }), assetCard(3, { folder_id: 11 })];

function Harness({ kind }: { kind: 'move' | 'copy' }) {
  const actions = useAssetActions();
  return (
    <button
      onClick={() => {
        if (kind === 'move') actions.startMove(assets);
        else actions.startCopy(assets);
      }}
      onDoubleClick={() => void actions.pick(20)}
    >
      Act
    </button>
  );
}

function setUp(kind: 'move' | 'copy') {
  const calls: { url: string; body: unknown }[] = [];
  document.cookie = 'XSRF-TOKEN=t; path=/';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (init?.method === 'POST') calls.push({ url, body: JSON.parse(String(init.body ?? 'null')) });
      return new Response(JSON.stringify({ moved: 1, asset: assets[0] }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  const router = createMemoryRouter(
    [
      { path: '/brand/all', element: <Harness kind={kind} /> },
      { path: '/brand', element: <p>Folder screen</p> },
    ],
    { initialEntries: ['/brand/all'] },
  );
  render(
    <Providers env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { calls, router };
}

describe('move and copy toasts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('Undo puts moved assets back in each one’s own folder', async () => {
    const user = userEvent.setup();
    const { calls } = setUp('move');
    await user.click(screen.getByRole('button', { name: 'Act' }));
    await user.dblClick(screen.getByRole('button', { name: 'Act' }));
    expect(await screen.findByText('3 assets were moved.')).toBeInTheDocument();
    expect(calls).toEqual([{ url: '/api/ops/asset/all/move/20', body: { ids: [1, 2, 3] } }]);

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('3 assets are back where they were.')).toBeInTheDocument();
    expect(calls.slice(1)).toEqual([
      { url: '/api/ops/asset/all/move/10', body: { ids: [1, 2] } },
      { url: '/api/ops/asset/all/move/11', body: { ids: [3] } },
    ]);
  });

  it('Go to folder opens the folder the copies went to', async () => {
    const user = userEvent.setup();
    const { router } = setUp('copy');
    await user.click(screen.getByRole('button', { name: 'Act' }));
    await user.dblClick(screen.getByRole('button', { name: 'Act' }));
    await user.click(await screen.findByRole('button', { name: 'Go to folder' }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/brand?folder=20'));
  });
});
