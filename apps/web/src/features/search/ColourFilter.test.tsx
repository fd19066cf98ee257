import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import i18n from '../../i18n';
import { ColourFilter } from './ColourFilter';
import { emptySearch } from './searchState';

describe('the colour swatches of the filters panel', () => {
  it('toggles a colour into the search, in palette order, named in both languages', async () => {
    await i18n.changeLanguage('en');
    const onChange = vi.fn();
    const { rerender } = render(
      <Providers env="test">
        <ColourFilter state={{ ...emptySearch, colours: ['blue'] }} onChange={onChange} />
      </Providers>,
    );
    expect(screen.getByRole('group', { name: 'Colour' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Blue' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Red' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ colours: ['red', 'blue'] }));
    await userEvent.click(screen.getByRole('button', { name: 'Blue' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ colours: [] }));
    await i18n.changeLanguage('es');
    rerender(
      <Providers env="test">
        <ColourFilter state={emptySearch} onChange={onChange} />
      </Providers>,
    );
    expect(screen.getByRole('group', { name: 'Color' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rojo' })).toHaveAttribute('aria-pressed', 'false');
    await i18n.changeLanguage('en');
  });
});
