import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MetadataField } from '@brandvault/contract';
import { Providers } from '../../app/Providers';
import { FiltersPanel } from './FiltersPanel';
import { parseSearch } from './searchState';
import type { SearchState } from './searchState';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const field = (over: Partial<MetadataField>): MetadataField => ({
  id: 1,
  brand_id: 7,
  key: 'k',
  type: 'text',
  label_en: 'K',
  label_es: 'K es',
  help_en: '',
  help_es: '',
  required: false,
  asset_types: ['image'],
  on_share: false,
  on_pdf: false,
  is_filter: true,
  position: 0,
  vocabulary_id: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  ...over,
});
const fields = [
  field({ id: 1, key: 'region', type: 'tree', label_en: 'Region', vocabulary_id: 5 }),
  field({ id: 2, key: 'budget', type: 'number', label_en: 'Budget' }),
  field({ id: 3, key: 'approved', type: 'boolean', label_en: 'Approved' }),
  field({ id: 4, key: 'headline', type: 'text', label_en: 'Headline' }),
];
const option = (id: number, label: string, depth: number, parent_id: number | null) => ({
  id,
  vocabulary_id: 5,
  parent_id,
  label_en: label,
  label_es: label,
  position: id,
  depth,
  retired: false,
  asset_count: 0,
});
const facets = {
  author: [],
  type: [],
  category: [],
  language: [],
  extension: [],
  fields: {
    region: {
      options: [
        { id: 10, count: 3 },
        { id: 11, count: 1 },
      ],
    },
    budget: { min: 50, max: 500 },
  },
};

afterEach(() => vi.unstubAllGlobals());

describe("the filters panel's brand fields", () => {
  it('shows a tree nested with counts, ranges and yes/no, and ticks into the state', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({
          vocabulary: {
            id: 5,
            brand_id: 7,
            name: 'Regions',
            kind: 'tree',
            option_count: 3,
            field_count: 1,
            created_at: '',
            updated_at: '',
          },
          items: [option(10, 'Europe', 0, null), option(11, 'Spain', 1, 10), option(12, 'Asia', 0, null)],
        }),
      ),
    );
    let state: SearchState = parseSearch(new URLSearchParams('q=x'));
    const changes: SearchState[] = [];
    render(
      <Providers>
        <FiltersPanel
          state={state}
          facets={facets}
          brandFields={fields}
          onChange={(next) => changes.push((state = next))}
        />
      </Providers>,
    );
    const region = screen.getByTestId('field-filter-region');
    await waitFor(() => expect(within(region).getByText('Spain')).toBeInTheDocument());
    expect(within(region).getByText('3')).toBeInTheDocument();
    // Asia has no match here: not offered.
    expect(within(region).queryByText('Asia')).not.toBeInTheDocument();
    await userEvent.click(within(region).getByRole('checkbox', { name: /Europe/ }));
    expect(changes.at(-1)!.fields).toEqual({ region: { any: [10] } });
    expect(screen.getByTestId('field-filter-budget')).toHaveTextContent('Budget');
    expect(within(screen.getByTestId('field-filter-budget')).getAllByRole('textbox')[0]).toHaveAttribute(
      'placeholder',
      '50',
    );
    expect(screen.getByTestId('field-filter-approved')).toBeInTheDocument();
    expect(screen.queryByTestId('field-filter-headline')).not.toBeInTheDocument();
  });
});
