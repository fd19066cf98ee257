import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { AssetTrashEntry, FolderTrashEntry } from '@brandvault/contract';
import { ConfirmDialog } from '../../ui/confirm/ConfirmDialog';
import { Providers } from '../../app/Providers';
import i18n from '../../i18n';
import { useSession } from '../../state/session';
import { brand, loginAnswer } from '../../test/fixtures';
import TrashPage, { daysLeft } from './TrashPage';

const DAY = 86_400_000;
const entry = (over: Partial<FolderTrashEntry> = {}): FolderTrashEntry => {
  const trashed = new Date(Date.now() - 2 * DAY - 60_000).toISOString();
  return {
    id: 12,
    brand_id: 7,
    name: 'Campaigns',
    parent_id: 1,
    location: ['Acme', 'Marketing'],
    visibility: 'PUBLIC',
    trashed_at: trashed,
    trashed_by: { id: 1, name: 'Ada Lovelace' },
    purge_at: new Date(Date.parse(trashed) + 30 * DAY).toISOString(),
    folders: 3,
    assets: 128,
    ...over,
  };
};
const file = (id: number, name: string, purge = true): AssetTrashEntry => {
  const trashed = new Date(Date.now() - DAY - 60_000).toISOString();
  return {
    id,
    brand_id: 7,
    name,
    type: 'image',
    size: 1000,
    visibility: 'PUBLIC',
    thumbnail_url: null,
    folder: { id: 3, path: ['Marketing'] },
    trashed_at: trashed,
    trashed_by: { id: 2, name: 'Bo Jones' },
    purge_at: new Date(Date.parse(trashed) + 30 * DAY).toISOString(),
    abilities: { restore: true, purge },
  };
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stubFetch(answer: (url: string, method: string) => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/api/auth/csrf-cookie')) return new Response(null, { status: 204 });
    return answer(url, init?.method ?? 'GET');
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const renderPage = () =>
  render(
    <Providers env="test">
      <MemoryRouter>
        <TrashPage />
        <ConfirmDialog />
      </MemoryRouter>
    </Providers>,
  );
const page = (items: (FolderTrashEntry | AssetTrashEntry)[]) => ({ items, total: items.length, page: 1, per_page: 50 });

describe('Trash page', () => {
  beforeEach(() => {
    useSession.getState().signIn({ ...loginAnswer, permissions: [{ name: 'brand.view' }, { name: 'asset.manage' }] });
    useSession.getState().selectBrand(brand);
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    useSession.getState().reset();
    await i18n.changeLanguage('en');
  });

  it('lists deleted folders with who, where, counts and days left; restores and deletes forever', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch((url, method) => {
      if (url.includes('/api/ops/folder/trash')) return json(200, page([entry()]));
      if (url.includes('/api/ops/asset/trash')) return json(200, page([]));
      if (url.endsWith('/restore') && method === 'POST') return json(200, {});
      if (url.endsWith('/purge') && method === 'DELETE') return json(200, { message: 'ok', folders: 3, assets: 128 });
      return json(404, {});
    });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Deleted folders' });
    const row = within(list).getByRole('listitem');
    expect(row).toHaveTextContent('Campaigns');
    expect(row).toHaveTextContent('In Acme / Marketing · 3 folders · 128 assets');
    expect(row).toHaveTextContent('Deleted by Ada Lovelace 2 days ago');
    expect(row).toHaveTextContent('28 days left');

    await user.click(within(row).getByRole('button', { name: 'Restore Campaigns' }));
    expect(await screen.findByText('“Campaigns” is back where it was.')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Delete forever Campaigns' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Campaigns” forever?' });
    expect(dialog).toHaveTextContent('3 folders and 128 assets will be deleted for good. This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete forever' }));
    expect(await screen.findByText('“Campaigns” was deleted for good.')).toBeInTheDocument();
    const methods = fetchMock.mock.calls.map(([u, init]) => `${init?.method ?? 'GET'} ${String(u).split('?')[0]}`);
    expect(methods).toContain('POST /api/ops/folder/12/restore');
    expect(methods).toContain('DELETE /api/ops/folder/12/purge');
  });

  it('lists removed files beside the folders and restores several at once', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch((url, method) => {
      if (url.includes('/api/ops/folder/trash')) return json(200, page([entry()]));
      if (url.includes('/api/ops/asset/trash')) return json(200, page([file(40, 'logo.png'), file(41, 'hero.jpg')]));
      if (url.endsWith('/api/ops/asset/all/status/change') && method === 'POST')
        return json(200, { message: 'Restored', status: 'ACTIVE', changed: 2 });
      return json(404, {});
    });
    renderPage();
    const files = await screen.findByRole('list', { name: 'Deleted files' });
    expect(screen.getByRole('list', { name: 'Deleted folders' })).toBeInTheDocument();
    const rows = within(files).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('logo.png');
    expect(rows[0]).toHaveTextContent('In Marketing');
    expect(rows[0]).toHaveTextContent('Removed by Bo Jones yesterday');
    expect(rows[0]).toHaveTextContent('29 days left');
    await user.click(screen.getByRole('checkbox', { name: 'Select all files' }));
    await user.click(screen.getByRole('button', { name: 'Restore 2 files' }));
    expect(await screen.findByText('2 files are back where they were.')).toBeInTheDocument();
    const restore = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/api/ops/asset/all/status/change'));
    expect(JSON.parse(String(restore![1]!.body))).toEqual({ ids: [40, 41], status: 'ACTIVE' });
  });

  it('shows only their own files, without delete forever, to those who may only remove', async () => {
    useSession.getState().signIn({ ...loginAnswer, permissions: [{ name: 'brand.view' }, { name: 'asset.delete' }] });
    useSession.getState().selectBrand(brand);
    const fetchMock = stubFetch((url) =>
      url.includes('/api/ops/asset/trash') ? json(200, page([file(40, 'mine.png', false)])) : json(404, {}),
    );
    renderPage();
    const row = within(await screen.findByRole('list', { name: 'Deleted files' })).getByRole('listitem');
    expect(within(row).getByRole('button', { name: 'Restore mine.png' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Delete forever mine.png' })).toBeNull();
    expect(screen.getByText(/Files you removed or uploaded wait here/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/ops/folder/trash'))).toBe(false);
  });

  it('says when the Trash is empty, in Spanish', async () => {
    await i18n.changeLanguage('es');
    stubFetch(() => json(200, page([])));
    renderPage();
    expect(await screen.findByText('La Papelera está vacía')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Papelera' })).toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    // A refusal is not retried: the message shows at once (a 5xx is tried once more first).
    const fetchMock = stubFetch(() =>
      json(404, { error: { status: 404, code: 'NOT_FOUND', message: "We can't find The Resource" } }),
    );
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('/folder/trash'))).toHaveLength(2);
  });

  it('counts the days left, a begun one as a day', () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    expect(daysLeft('2026-12-27T12:00:00Z', now)).toBe(30);
    expect(daysLeft('2026-11-28T11:00:00Z', now)).toBe(1);
    expect(daysLeft('2026-11-20T00:00:00Z', now)).toBe(0);
  });
});
