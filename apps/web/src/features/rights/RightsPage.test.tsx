import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_PERMISSIONS } from '@brandvault/contract';
import type { Consent, Licence } from '@brandvault/contract';
import { useSession } from '../../state/session';
import { brand, loginAnswer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { json, stubFonts } from '../metadata/testFixtures';
import { channelOptions, channelVocabularies, consent, licence } from './testFixtures';
import { territoriesAfter } from './RightsDialog';

const manager = {
  ...loginAnswer,
  session_user: { ...loginAnswer.session_user, roles: [{ name: 'manager' as const }] },
  permissions: ROLE_PERMISSIONS.manager.map((name) => ({ name })),
};

/** A MultiSelect's text input (its listbox carries the same label). */
const inputOf = (root: HTMLElement, label: RegExp) =>
  within(root)
    .getAllByLabelText(label)
    .find((el) => el.tagName === 'INPUT') as HTMLElement;

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/** The rights API in memory: lists filter by `q`; a create answers 422 `invalid` once when given. */
function stubApi(licences: Licence[], consents: Consent[], invalid?: Record<string, string>) {
  const sent: Sent[] = [];
  let refuse = invalid;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      if (url.includes('/licence') || url.includes('/consent')) sent.push({ method, url, body });
      const list = /^\/api\/ops\/brand\/7\/(licences|consents)(\?.*)?$/.exec(url);
      if (list && method === 'GET') {
        const q = new URL(url, 'http://x').searchParams.get('q')?.toLowerCase() ?? '';
        const rows: (Licence | Consent)[] = list[1] === 'licences' ? licences : consents;
        const items = rows.filter((r) => ('name' in r ? r.name : r.person).toLowerCase().includes(q));
        return json(200, { items, total: items.length, page: 1, per_page: 25 });
      }
      if (list && method === 'POST') {
        if (refuse) {
          const fields = refuse;
          refuse = undefined;
          return json(422, { error: { status: 422, code: 'INVALID_DATA', message: 'Invalid', fields } });
        }
        return json(201, licence(99, body as Partial<Licence>));
      }
      if (url === '/api/ops/brand/7/metadata/vocabularies') return json(200, channelVocabularies);
      if (url === '/api/ops/metadata/vocabulary/30/options') return json(200, channelOptions);
      if (url.startsWith('/api/jobs')) return json(200, { items: [] });
      return json(200, {
        session_user: manager.session_user,
        permissions: manager.permissions,
        emulator: manager.emulator,
        favorites_id: manager.favorites_id,
      });
    }),
  );
  return sent;
}

describe('the Rights screen', () => {
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    stubFonts();
    useSession.getState().reset();
    useSession.getState().signIn(manager);
    useSession.getState().selectBrand(brand);
  });

  it(
    'lists licences with channels, territories, end and linked assets, and searches them',
    { timeout: 60_000 },
    async () => {
      stubApi(
        [
          licence(1, {
            name: 'Stock Co. 2026',
            holder: 'Stock Co.',
            channels: ['Print'],
            territories: ['ES', 'FR'],
            valid_until: '2027-03-12',
            asset_count: 12,
          }),
          licence(2, { name: 'Music bed' }),
        ],
        [consent(5, { person: 'Ana García', kind: 'property' })],
      );
      const user = userEvent.setup();
      renderApp('/brand/rights');
      const row = within(await screen.findByTestId('rights-row-1'));
      expect(row.getByText('Stock Co. 2026')).toBeInTheDocument();
      expect(row.getByText('Print')).toBeInTheDocument();
      expect(row.getByText('Spain, France')).toBeInTheDocument();
      expect(row.getByText('Mar 12, 2027')).toBeInTheDocument();
      expect(row.getByText('12')).toBeInTheDocument();
      expect(within(screen.getByTestId('rights-row-2')).getByText('No end')).toBeInTheDocument();

      await user.type(screen.getByRole('searchbox', { name: 'Search licences' }), 'music');
      await waitFor(() => expect(screen.queryByTestId('rights-row-1')).not.toBeInTheDocument());
      expect(screen.getByTestId('rights-row-2')).toBeInTheDocument();

      await user.click(screen.getByRole('tab', { name: 'Consents' }));
      const c = within(await screen.findByTestId('rights-row-5'));
      expect(c.getByText('Ana García')).toBeInTheDocument();
      expect(c.getByText('Property release')).toBeInTheDocument();
    },
  );

  it("adds a licence with its channels and shows the server's field messages", { timeout: 60_000 }, async () => {
    const sent = stubApi([], [], { territories: 'Territories must hold ISO 3166 country codes' });
    const user = userEvent.setup();
    renderApp('/brand/rights');
    await user.click(await screen.findByRole('button', { name: 'Add licence' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a licence' }));
    // Nothing is sent without a name.
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Name is a required field')).toBeInTheDocument();
    expect(sent.some((s) => s.method === 'POST')).toBe(false);

    await user.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Stock Co. 2026');
    await user.click(inputOf(await screen.findByRole('dialog'), /^Channels/));
    await user.click(await screen.findByRole('option', { name: 'Print' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Territories must hold ISO 3166 country codes')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.filter((s) => s.method === 'POST')).toHaveLength(2));
    expect(sent.filter((s) => s.method === 'POST')[1]).toMatchObject({
      url: '/api/ops/brand/7/licences',
      body: { name: 'Stock Co. 2026', channels: ['Print'], territories: ['WW'], valid_until: null },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a licence' })).not.toBeInTheDocument());
  });

  it('keeps Worldwide and countries apart in the territories', () => {
    expect(territoriesAfter(['WW'], ['WW', 'ES'])).toEqual(['ES']);
    expect(territoriesAfter(['ES', 'FR'], ['ES', 'FR', 'WW'])).toEqual(['WW']);
    expect(territoriesAfter(['ES', 'FR'], ['ES'])).toEqual(['ES']);
  });
});
