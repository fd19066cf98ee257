import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../app/Providers';
import { FiltersPanel } from './FiltersPanel';
import { parseSearch } from './searchState';

const facets = {
  author: [{ value: 'Ana', count: 1200 }],
  type: [{ value: 'image', count: 2000 }],
  category: [],
  language: [],
  extension: [],
};

describe('FiltersPanel', () => {
  it('says when the counts come from the first matches only, and not otherwise', () => {
    const state = parseSearch(new URLSearchParams('q=summer'));
    const panel = (sampled: boolean) => (
      <Providers>
        <FiltersPanel state={state} facets={facets} sampled={sampled} onChange={() => {}} />
      </Providers>
    );
    const { rerender } = render(panel(true));
    expect(screen.getByText('Counts from the first 2,000 matches')).toBeInTheDocument();
    expect(screen.getByText('1,200')).toBeInTheDocument();
    rerender(panel(false));
    expect(screen.queryByText('Counts from the first 2,000 matches')).not.toBeInTheDocument();
    // "Clear all" sits once, beside the chips, not again in the panel.
    expect(screen.queryByRole('button', { name: 'Clear all' })).toBeNull();
  });

  it('hides values nothing matches and fields without values, but keeps a ticked value listed', () => {
    render(
      <Providers>
        <FiltersPanel
          state={parseSearch(new URLSearchParams('q=summer&ext=tif'))}
          facets={{
            ...facets,
            extension: [
              { value: 'jpg', count: 4 },
              { value: 'gif', count: 0 },
            ],
          }}
          sampled={false}
          onChange={() => {}}
        />
      </Providers>,
    );
    const extensions = screen.getByTestId('facet-extension');
    expect(within(extensions).getByRole('checkbox', { name: /jpg/ })).not.toBeChecked();
    expect(within(extensions).queryByRole('checkbox', { name: /gif/ })).toBeNull();
    // Ticked, so it stays (to be unticked) though these results have none.
    expect(within(extensions).getByRole('checkbox', { name: /tif/ })).toBeChecked();
    expect(screen.getByTestId('facet-type')).toBeInTheDocument();
    expect(screen.queryByTestId('facet-categories')).toBeNull();
    expect(screen.queryByTestId('facet-language')).toBeNull();
  });

  it('marks a "to" date before the "from" date on the field itself', () => {
    const panel = (qs: string) => (
      <Providers>
        <FiltersPanel
          state={parseSearch(new URLSearchParams(qs))}
          facets={facets}
          sampled={false}
          onChange={() => {}}
        />
      </Providers>
    );
    const { rerender } = render(panel('from=2025-03-10&to=2025-03-01'));
    expect(screen.getByText('Must be on or after the “From” date')).toBeInTheDocument();
    rerender(panel('from=2025-03-01&to=2025-03-10'));
    expect(screen.queryByText('Must be on or after the “From” date')).not.toBeInTheDocument();
  });
});
