import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHORTABLE_TYPES } from '@brandvault/contract';
import type { Shortcut } from '@brandvault/contract';
import { MemoryRouter, useLocation } from 'react-router';
import { Providers } from '../../app/Providers';
import { useSession } from '../../state/session';
import { brand, loginAnswer } from '../../test/fixtures';
import { ShortcutsMenu } from './ShortcutsMenu';

const other = { ...brand, id: 8, name: 'Other' };
const folderShortcut: Shortcut = {
  id: 5,
  name: 'Campaigns',
  shortable_id: 12,
  shortable_type: SHORTABLE_TYPES.folder,
  folder_id: 12,
  brand: other,
};

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function renderMenu() {
  render(
    <Providers env="test">
      <MemoryRouter initialEntries={['/brand/choose']}>
        <ShortcutsMenu />
        <Where />
      </MemoryRouter>
    </Providers>,
  );
}

describe('ShortcutsMenu', () => {
  beforeEach(() => useSession.getState().signIn(loginAnswer));
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().reset();
  });

  it('is not there while the user has no shortcuts', () => {
    renderMenu();
    expect(screen.queryByRole('button', { name: 'Shortcuts' })).not.toBeInTheDocument();
  });

  it('opens a shortcut after the overlay: brand cleared, shortcut and its brand set, folder shown', async () => {
    const user = userEvent.setup();
    useSession.getState().setShortcuts(() => [folderShortcut]);
    useSession.getState().selectBrand(brand);
    const brands: (number | null)[] = [];
    const stop = useSession.subscribe((s, prev) => {
      if (s.selectedBrand !== prev.selectedBrand) brands.push(s.selectedBrand?.id ?? null);
    });
    renderMenu();
    await user.click(screen.getByRole('button', { name: 'Shortcuts' }));
    expect(await screen.findByRole('button', { name: 'Edit shortcut Campaigns' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete shortcut Campaigns' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open shortcut Campaigns' }));
    expect(useSession.getState().isLoading).toBe(true);
    expect(useSession.getState().selectedBrand?.id).toBe(brand.id);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/brand?folder=12'), { timeout: 2000 });
    expect(useSession.getState().isLoading).toBe(false);
    expect(brands).toEqual([null, other.id]);
    expect(useSession.getState().selectedShortcut).toEqual(folderShortcut);
    stop();
  });

  it('deletes a shortcut and the popup goes with the last one', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).endsWith('/api/auth/csrf-cookie')
          ? new Response(null, { status: 204 })
          : new Response(JSON.stringify({ message: 'Shortcut deleted' }), {
              status: 200,
              headers: { 'content-type': 'application/json' },
            }),
      ),
    );
    useSession.getState().setShortcuts(() => [folderShortcut]);
    renderMenu();
    await user.click(screen.getByRole('button', { name: 'Shortcuts' }));
    await user.click(await screen.findByRole('button', { name: 'Delete shortcut Campaigns' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Shortcuts' })).not.toBeInTheDocument());
    expect(await screen.findByText('“Campaigns” left your shortcuts.')).toBeInTheDocument();
  });
});
