import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchCard } from '@brandvault/contract';
import i18n from '../../i18n';
import { useSession } from '../../state/session';
import { assetCard, brand, brandFull, loginAnswer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { field } from '../metadata/testFixtures';
import { VIEW_STORAGE_KEY, listColumnsKey } from './viewKeys';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const root = {
  id: 1,
  brand_id: 7,
  parent_id: null,
  name: 'Acme',
  visibility: 'PUBLIC',
  image_uri: null,
  is_root: true,
  status: 'ACTIVE',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  breadcrumbs: [{ id: 1, name: 'Acme' }],
  children: [],
  abilities: { update: false, move: false, remove: false, create_folder: false, upload: false },
};
const fields = [
  field(1, { brand_id: 7, key: 'campaign', type: 'select', label_en: 'Campaign', label_es: 'Campaña' }),
  field(2, { brand_id: 7, key: 'budget', type: 'number', label_en: 'Budget', label_es: 'Presupuesto' }),
  field(3, { brand_id: 7, key: 'launch', type: 'date', label_en: 'Launch', label_es: 'Lanzamiento' }),
  field(4, { brand_id: 7, key: 'approved', type: 'boolean', label_en: 'Approved', label_es: 'Aprobado' }),
];
/** What the server holds; a card carries only the fields the search asked for. */
const held: Record<number, Record<string, string | number | boolean>> = {
  4: { campaign: 'Spring <b>', budget: 1250.5, launch: '2026-01-10', approved: true },
  5: {},
};
const facets = { author: [], type: [], category: [], language: [], extension: [] };

/** The searcher's API; returns the bodies of the searches asked. */
function stubApi() {
  const bodies: { columns?: string[]; sort?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.startsWith('/api/ops/folder/tree')) return json({ brand_id: 7, root });
      if (url === '/api/ops/folder/1') return json({ folder: root });
      if (url === '/api/ops/brand/7') return json({ brand: brandFull });
      if (url === '/api/ops/brand/7/metadata/fields') return json({ items: fields, abilities: { manage: false } });
      if (url.startsWith('/api/ops/asset/list/all/1')) {
        const body = JSON.parse(String(init?.body ?? '{}')) as { columns?: string[] };
        const perPage = Number(new URL(url, 'http://x').searchParams.get('per_page'));
        if (perPage !== 8) bodies.push(body);
        const items: SearchCard[] = [4, 5].map((id) => {
          const card = assetCard(id, {
            folder_id: 1,
            name: `asset-${id}.jpg`,
            thumbnail_url: null,
            derivatives: 'none',
          });
          if (!body.columns) return card;
          const mine = Object.entries(held[id]!).filter(([k]) => body.columns!.includes(k));
          return { ...card, field_values: Object.fromEntries(mine) };
        });
        return json({
          items: perPage === 8 ? [] : items,
          total: 2,
          total_capped: false,
          page: 1,
          per_page: perPage,
          facets,
          facets_capped: false,
        });
      }
      return json({
        session_user: loginAnswer.session_user,
        permissions: loginAnswer.permissions,
        emulator: loginAnswer.emulator,
      });
    }),
  );
  return bodies;
}

const cell = (assetId: number, key: string) =>
  within(screen.getByTestId(`asset-row-${assetId}`)).getByText((_, el) => el?.getAttribute('data-field') === key);

describe("the list view's brand field columns", () => {
  beforeEach(() => {
    useSession.getState().reset();
    useSession.getState().signIn(loginAnswer);
    useSession.getState().selectBrand(brand);
  });
  afterEach(() => void i18n.changeLanguage('en'));

  it('shows the chosen fields as columns with their values, formatted, and sorts by a number', async () => {
    const bodies = stubApi();
    const user = userEvent.setup();
    const { router } = renderApp('/brand');
    // The brand page is a lazy route: slow to load on a busy machine.
    await screen.findByTestId('asset-card-4', {}, { timeout: 20_000 });
    // The grid has no columns to choose.
    expect(screen.queryByRole('button', { name: 'Columns' })).not.toBeInTheDocument();
    await user.click(screen.getByText('List'));
    await user.click(await screen.findByRole('button', { name: 'Columns' }));
    for (const label of ['Budget', 'Campaign', 'Launch', 'Approved'])
      await user.click(await screen.findByRole('checkbox', { name: label }));
    expect(screen.getByRole('checkbox', { name: 'Budget' })).toBeChecked();
    await user.keyboard('{Escape}');
    // In the brand's field order, whatever the order they were ticked in.
    await waitFor(() => expect(bodies.at(-1)?.columns).toEqual(['campaign', 'budget', 'launch', 'approved']));
    await waitFor(() => expect(cell(4, 'campaign')).toHaveTextContent('Spring <b>'));
    expect(cell(4, 'budget')).toHaveTextContent('1,250.5');
    expect(cell(4, 'launch')).toHaveTextContent('Jan 10, 2026');
    expect(cell(4, 'approved')).toHaveTextContent('Yes');
    // No value: a dash, not a blank.
    expect(cell(5, 'budget')).toHaveTextContent('—');
    expect(screen.queryByRole('button', { name: 'Sort by Campaign' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sort by Budget' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=f%3Abudget-desc'));
    await waitFor(() => expect(bodies.at(-1)?.sort).toEqual({ attribute: 'name', mode: 'desc', field: 'budget' }));
    await user.click(screen.getByRole('button', { name: 'Sort by Budget' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=f%3Abudget-asc'));
    // Unticking one hides its column.
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Campaign' }));
    await waitFor(() => expect(bodies.at(-1)?.columns).toEqual(['budget', 'launch', 'approved']));
    expect(screen.getByTestId('asset-row-4').querySelector('[data-field="campaign"]')).toBeNull();
    // Back to the grid: no field values asked for.
    await user.click(screen.getByText('Grid'));
    await waitFor(() => expect(bodies.at(-1)?.columns).toBeUndefined());
  }, 60_000);

  it("brings back the brand's chosen columns, dropping a field deleted since", async () => {
    localStorage.setItem(VIEW_STORAGE_KEY, JSON.stringify('list'));
    localStorage.setItem(listColumnsKey(7), JSON.stringify(['approved', 'gone']));
    const bodies = stubApi();
    renderApp('/brand');
    await waitFor(() => expect(cell(4, 'approved')).toHaveTextContent('Yes'), { timeout: 20_000 });
    // One search, with the columns: no first page without them.
    expect(bodies).toHaveLength(1);
    expect(bodies[0]?.columns).toEqual(['approved']);
    // The rows keep room for the one column: past the list's width they scroll sideways.
    const rows = screen.getByTestId('search-list').firstElementChild as HTMLElement;
    expect(rows).toHaveAttribute('data-fields', '1');
    expect(rows.style.getPropertyValue('--field-count')).toBe('1');
    // Another brand has its own choice.
    expect(localStorage.getItem(listColumnsKey(8))).toBeNull();
  }, 60_000);

  it('speaks Spanish: the menu, the field labels, numbers and dates', async () => {
    await i18n.changeLanguage('es');
    localStorage.setItem(VIEW_STORAGE_KEY, JSON.stringify('list'));
    localStorage.setItem(listColumnsKey(7), JSON.stringify(['budget', 'launch', 'approved']));
    stubApi();
    const user = userEvent.setup();
    renderApp('/brand');
    await waitFor(() => expect(cell(4, 'budget')).toHaveTextContent('1250,5'), { timeout: 20_000 });
    expect(cell(4, 'launch')).toHaveTextContent('10 ene 2026');
    expect(cell(4, 'approved')).toHaveTextContent('Sí');
    expect(screen.getByRole('button', { name: 'Ordenar por Presupuesto' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Columnas' }));
    expect(await screen.findByRole('checkbox', { name: 'Campaña' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Lanzamiento' })).toBeChecked();
  }, 60_000);
});
