import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { Providers } from '../../app/Providers';
import { CountrySelect, countryCodeOf } from './CountrySelect';

function Field({ start = '' }: { start?: string }) {
  const [value, setValue] = useState(start);
  return (
    <>
      <CountrySelect input={{ value, onChange: (v: string) => setValue(v) }} />
      <output data-testid="kept">{value}</output>
    </>
  );
}

const box = () =>
  screen.getAllByLabelText('Country').find((e) => e instanceof HTMLInputElement && e.type !== 'hidden')!;

describe('the country field', { timeout: 60_000 }, () => {
  afterEach(() => act(() => void i18n.changeLanguage('en')));

  it('reads a country typed before the list by its code or either language’s name', () => {
    expect(countryCodeOf('es')).toBe('ES');
    expect(countryCodeOf('Spain')).toBe('ES');
    expect(countryCodeOf('  españa ')).toBe('ES');
    expect(countryCodeOf('Alemania')).toBe('DE');
    expect(countryCodeOf('Atlantis')).toBeNull();
    expect(countryCodeOf(null)).toBeNull();
  });

  it('is picked from the list, found by its Spanish name too, and keeps the code', async () => {
    const user = userEvent.setup();
    render(
      <Providers env="test">
        <Field />
      </Providers>,
    );
    await user.type(box(), 'alemania');
    await user.click(await screen.findByRole('option', { name: 'Germany' }, { timeout: 15_000 }));
    expect(screen.getByTestId('kept')).toHaveTextContent('DE');
    expect(box()).toHaveValue('Germany');
    await user.clear(box());
    await user.type(box(), 'Atlantis');
    expect(await screen.findByText('No country matches', undefined, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('names the country in Spanish for a Spanish reader, and shows an old free text as it was', async () => {
    await act(() => i18n.changeLanguage('es'));
    const { unmount } = render(
      <Providers env="test">
        <Field start="DE" />
      </Providers>,
    );
    expect(
      screen.getAllByLabelText('País').find((e) => e instanceof HTMLInputElement && e.type !== 'hidden'),
    ).toHaveValue('Alemania');
    unmount();
    await act(() => i18n.changeLanguage('en'));
    render(
      <Providers env="test">
        <Field start="Middle Earth" />
      </Providers>,
    );
    expect(box()).toHaveValue('Middle Earth');
  });
});
