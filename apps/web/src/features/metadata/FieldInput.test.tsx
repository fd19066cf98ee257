import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FieldValue } from '@brandvault/contract';
import { Providers } from '../../app/Providers';
import i18n from '../../i18n';
import { FieldInput } from './FieldInput';
import { field, option, regionTree } from './testFixtures';
import type { FieldInputProps } from './FieldInput';

/** The input with its value held, as a form would. */
function Harness(props: Omit<FieldInputProps, 'value' | 'onChange'> & { onValue: (v: FieldValue) => void }) {
  const [value, setValue] = useState<FieldValue>(null);
  return (
    <FieldInput
      {...props}
      value={value}
      onChange={(v) => {
        setValue(v);
        props.onValue(v);
      }}
    />
  );
}

const renderInput = (props: Omit<FieldInputProps, 'value' | 'onChange'>) => {
  const onValue = vi.fn();
  render(
    <Providers env="test">
      <Harness {...props} onValue={onValue} />
    </Providers>,
  );
  return onValue;
};

describe('FieldInput', () => {
  afterEach(() => void i18n.changeLanguage('en'));

  it('a tree field searches whole paths, hides retired options and sends the picked id', async () => {
    const user = userEvent.setup();
    const tree = field(1, { type: 'tree', label_en: 'Where', required: true, help_en: 'Where it was shot' });
    const onValue = renderInput({ field: tree, options: regionTree });
    const input = screen.getByRole('combobox', { name: /Where/ });
    expect(screen.getByText('Where it was shot')).toBeInTheDocument();
    expect(input).toBeRequired();
    await user.type(input, 'europe');
    const list = await screen.findByRole('listbox');
    const shown = within(list)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(shown).toEqual(['Region › Europe', 'Region › Europe › Spain', 'Region › Europe › France']);
    await user.clear(input);
    await user.type(input, 'atl');
    // Retired options are not offered: only the list's "nothing found" line is left.
    expect(
      within(screen.getByRole('listbox', { hidden: true })).queryAllByRole('option', { name: /Region/ }),
    ).toHaveLength(0);
    await user.clear(input);
    await user.type(input, 'spa');
    await user.click(await screen.findByRole('option', { name: 'Region › Europe › Spain' }));
    expect(onValue).toHaveBeenLastCalledWith(3);
    expect(input).toHaveValue('Region › Europe › Spain');
  });

  it('a select field offers option labels in the reader language and types ahead', async () => {
    await i18n.changeLanguage('es');
    const user = userEvent.setup();
    const colours = [option(7, 'Red', { label_es: 'Rojo' }), option(8, 'Green', { label_es: 'Verde' })];
    const select = field(2, { type: 'select', label_en: 'Colour', label_es: 'Color' });
    const onValue = renderInput({ field: select, options: colours });
    const input = screen.getByRole('combobox', { name: 'Color' });
    await user.type(input, 'ver');
    await user.click(await screen.findByRole('option', { name: 'Verde' }));
    expect(onValue).toHaveBeenLastCalledWith(8);
  });

  it('a multi select sends the list of picked ids', async () => {
    const user = userEvent.setup();
    const tags = [option(7, 'Red'), option(8, 'Green'), option(9, 'Blue')];
    const multi = field(3, { type: 'multi_select', label_en: 'Colours' });
    const onValue = renderInput({ field: multi, options: tags });
    const input = screen.getByRole('combobox', { name: 'Colours' });
    await user.type(input, 'bl');
    await user.click(await screen.findByRole('option', { name: 'Blue' }));
    await user.type(input, 're');
    await user.click(await screen.findByRole('option', { name: 'Red' }));
    expect(onValue).toHaveBeenLastCalledWith([9, 7]);
  });

  it('takes several options of a tree under another label, for a bulk add or remove', async () => {
    const user = userEvent.setup();
    const tree = field(1, { type: 'tree', label_en: 'Where', required: true, help_en: 'Where it was shot' });
    const onValue = renderInput({ field: tree, options: regionTree, many: true, label: 'Value' });
    const input = screen.getByRole('combobox', { name: 'Value' });
    // A value for many assets is not required of each, and the field's help is for one asset.
    expect(input).not.toBeRequired();
    expect(screen.queryByText('Where it was shot')).not.toBeInTheDocument();
    await user.type(input, 'spa');
    await user.click(await screen.findByRole('option', { name: 'Region › Europe › Spain' }));
    await user.type(input, 'fra');
    await user.click(await screen.findByRole('option', { name: 'Region › Europe › France' }));
    expect(onValue).toHaveBeenLastCalledWith([3, 4]);
  });
});
