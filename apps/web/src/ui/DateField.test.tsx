import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { Providers } from '../app/Providers';
import { DateField } from './DateField';

function Picker() {
  const [value, setValue] = useState('2026-11-10');
  return (
    <>
      <DateField label="Desde" value={value} onChange={setValue} />
      <output>{value || 'none'}</output>
    </>
  );
}

describe('DateField', () => {
  afterEach(() => void i18n.changeLanguage('en'));

  it("speaks the app's language, weeks from Monday in Spanish, and gives back YYYY-MM-DD", async () => {
    await i18n.changeLanguage('es');
    const user = userEvent.setup();
    render(
      <Providers env="test">
        <Picker />
      </Providers>,
    );
    const field = screen.getByRole('button', { name: 'Desde' });
    expect(field).toHaveTextContent('10 nov 2026');
    await user.click(field);
    expect(await screen.findByText('noviembre 2026')).toBeInTheDocument();
    const weekdays = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(weekdays[0]).toBe('lu');
    // The header's arrows are named too, in the same language.
    expect(screen.getByRole('button', { name: 'Mes siguiente' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '24 noviembre 2026' }));
    expect(screen.getByText('2026-11-24')).toBeInTheDocument();
  });
});
