import { useState } from 'react';
import { Textarea } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { Providers } from '../../app/Providers';
import { CharCount } from './CharCount';

function Field() {
  const [value, setValue] = useState('');
  return (
    <Textarea
      label="Message"
      maxLength={2000}
      value={value}
      onChange={(e) => setValue(e.currentTarget.value)}
      description={<CharCount value={value} max={2000} hint="Sent with the link" />}
    />
  );
}

describe('a long field', () => {
  afterEach(() => act(() => void i18n.changeLanguage('en')));

  it('counts what was typed against the limit, beside its hint, and tells readers the same', async () => {
    render(
      <Providers>
        <Field />
      </Providers>,
    );
    const box = screen.getByRole('textbox', { name: 'Message' });
    expect(screen.getByTestId('char-count')).toHaveTextContent('0 / 2,000');
    await userEvent.type(box, 'Hello there');
    expect(screen.getByText('11 / 2,000')).toBeInTheDocument();
    expect(box).toHaveAccessibleDescription('Sent with the link 11 of 2,000 characters used');
    await act(() => i18n.changeLanguage('es'));
    expect(box).toHaveAccessibleDescription(/11 de 2000 caracteres usados/);
  });
});
