import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { FilterChips } from './FilterChips';
import { FiltersPanel } from './FiltersPanel';
import { parseSearch } from './searchState';
import type { SearchState } from './searchState';

const facets = { author: [], type: [], category: [], language: [], extension: [] };

describe('the availability filter', () => {
  it('ticks states and picks a day count, in the order of the states', { timeout: 20_000 }, async () => {
    const onChange = vi.fn<(s: SearchState) => void>();
    const user = userEvent.setup();
    render(
      <Providers>
        <FiltersPanel state={parseSearch(new URLSearchParams('avail=expired'))} facets={facets} onChange={onChange} />
      </Providers>,
    );
    const group = screen.getByTestId('facet-availability');
    expect(within(group).getByRole('checkbox', { name: 'Expired' })).toBeChecked();
    await user.click(within(group).getByRole('checkbox', { name: 'Expiring soon' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ availability: ['expiring', 'expired'] }));

    await user.click(screen.getByRole('combobox', { name: 'Rights end within' }));
    await user.click(await screen.findByRole('option', { name: '30 days', hidden: true }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ expiringWithin: 30 }));
  });

  it('shows a removable chip per state and one for the day count', async () => {
    const onChange = vi.fn<(s: SearchState) => void>();
    render(
      <Providers>
        <FilterChips
          state={parseSearch(new URLSearchParams('avail=expiring&avail=embargoed&within=7'))}
          onChange={onChange}
          onClearAll={() => {}}
        />
      </Providers>,
    );
    const chips = screen.getByTestId('filter-chips');
    expect(within(chips).getByText('Availability: Expiring soon')).toBeInTheDocument();
    expect(within(chips).getByText('Availability: Embargoed')).toBeInTheDocument();
    await userEvent.click(within(chips).getByRole('button', { name: /Rights end within 7 days/ }));
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ expiringWithin: null, availability: ['expiring', 'embargoed'] }),
    );
  });
});
