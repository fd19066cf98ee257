import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FieldValue } from '@brandvault/contract';
import { Providers } from '../../app/Providers';
import { BrandFieldsForm } from './BrandFieldsForm';
import { field, json, option, regionTree, stubFonts } from './testFixtures';

const fields = [
  field(1, { key: 'campaign', label_en: 'Campaign', required: true }),
  field(2, { key: 'region', type: 'tree', label_en: 'Region', vocabulary_id: 1 }),
  field(3, { key: 'colour', type: 'select', label_en: 'Colour', vocabulary_id: 2 }),
  field(4, { key: 'duration', type: 'number', label_en: 'Duration', asset_types: ['video'] }),
];
const colours = [option(7, 'Red', { vocabulary_id: 2 }), option(8, 'Green', { vocabulary_id: 2 })];

/** The metadata API in memory; records PUTs and answers them with `answer` when given. */
function stubApi(values: Record<string, FieldValue>, update = true, answer?: Response) {
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/api/ops/brand/1/metadata/fields') return json(200, { items: fields, abilities: { manage: false } });
      const opts = /\/vocabulary\/(\d+)\/options$/.exec(url);
      if (opts) {
        const id = Number(opts[1]);
        return json(200, { vocabulary: { id }, items: id === 1 ? regionTree : colours });
      }
      if (url === '/api/ops/asset/5/fields' && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { values: Record<string, FieldValue> };
        puts.push(body);
        return answer ?? json(200, { asset_id: 5, values: body.values, abilities: { update } });
      }
      if (url === '/api/ops/asset/5/fields') return json(200, { asset_id: 5, values, abilities: { update } });
      return json(404, { error: { status: 404, code: 'NOT_FOUND', message: 'Not found' } });
    }),
  );
  return puts;
}

const renderForm = () =>
  render(
    <Providers env="test">
      <BrandFieldsForm asset={{ id: 5, brand_id: 1, type: 'image' }} />
    </Providers>,
  );

describe("the asset page's brand fields", () => {
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    stubFonts();
  });

  it('shows the fields for the asset type and sends every value at once', { timeout: 60_000 }, async () => {
    const puts = stubApi({ campaign: 'Spring', region: 3, colour: null });
    const user = userEvent.setup();
    renderForm();
    const campaign = await screen.findByRole('textbox', { name: /Campaign/ });
    expect(campaign).toHaveValue('Spring');
    expect(campaign).toBeRequired();
    expect(screen.getByRole('combobox', { name: 'Region' })).toHaveValue('Region › Europe › Spain');
    // Duration is for videos only.
    expect(screen.queryByText('Duration')).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Colour' }));
    await user.paste('gre');
    await user.click(await screen.findByRole('option', { name: 'Green' }));
    await user.clear(campaign);
    await user.click(campaign);
    await user.paste('Summer ');
    await user.click(screen.getByRole('button', { name: 'Save fields' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ values: { campaign: 'Summer', region: 3, colour: 8 } });
  });

  it("puts a 422's message under the field it names", { timeout: 60_000 }, async () => {
    const message = 'Campaign is required';
    const puts = stubApi(
      { campaign: 'Spring' },
      true,
      json(422, {
        error: {
          status: 422,
          code: 'INVALID_DATA',
          message: 'The given data was invalid.',
          fields: { 'values.campaign': message },
        },
      }),
    );
    const user = userEvent.setup();
    renderForm();
    const campaign = await screen.findByRole('textbox', { name: /Campaign/ });
    await user.clear(campaign);
    await user.click(screen.getByRole('button', { name: 'Save fields' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ values: { campaign: null, region: null, colour: null } });
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(campaign).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the values as text to those who may not update the asset', { timeout: 60_000 }, async () => {
    stubApi({ campaign: 'Spring', region: 3, colour: 7 }, false);
    renderForm();
    const values = await screen.findByTestId('brand-field-values');
    expect(within(values).getByText('Region › Europe › Spain')).toBeInTheDocument();
    expect(within(values).getByText('Red')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save fields' })).not.toBeInTheDocument();
  });
});
