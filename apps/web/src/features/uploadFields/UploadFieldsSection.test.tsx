import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MetadataField } from '@brandvault/contract';
import { Providers } from '../../app/Providers';
import { makeQueryClient } from '../../app/queryClient';
import { brandFull } from '../../test/fixtures';
import { UploadFieldsSection } from './UploadFieldsSection';
import { useRoundFields } from './useRoundFields';
import type { PendingFile } from './useRoundFields';
import { option, vocabulary } from '../metadata/testFixtures';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const field = (over: Partial<MetadataField>): MetadataField => ({
  id: 1,
  brand_id: 7,
  key: 'campaign',
  type: 'text',
  label_en: 'Campaign',
  label_es: 'Campaña',
  help_en: '',
  help_es: '',
  required: false,
  asset_types: ['image', 'video', 'audio', 'document', 'other'],
  on_share: false,
  on_pdf: false,
  is_filter: false,
  position: 0,
  vocabulary_id: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

const required = [
  field({ required: true }),
  field({ id: 2, key: 'pages', label_en: 'Pages', type: 'number', required: true, asset_types: ['document'] }),
];

/** The brand's fields (and the options of vocabulary 9), and whether the brand requires them. */
function stub(requires: boolean, items: MetadataField[] = required, options: unknown[] = []) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('/metadata/fields')) return json({ items, abilities: { manage: false } });
      if (url.includes('/vocabulary/9/options'))
        return json({ vocabulary: vocabulary(9, { kind: 'tree' }), items: options });
      if (url.includes('/api/ops/brand/7'))
        return json({ brand: { ...brandFull, require_fields_on_upload: requires } });
      return new Response('{}', { status: 404 });
    }),
  );
}
afterEach(() => vi.unstubAllGlobals());

let sent: unknown = null;
const files: PendingFile[] = [
  { id: 'a', name: 'a.jpg', mime: 'image/jpeg' },
  { id: 'b', name: 'b.png', mime: 'image/png' },
];
function Harness() {
  const round = useRoundFields(7, files);
  return (
    <>
      <UploadFieldsSection {...round.section} />
      <button
        type="button"
        disabled={round.blocked}
        onClick={() => (sent = { common: round.common, a: round.fieldsOf('a'), b: round.fieldsOf('b') })}
      >
        Start
      </button>
    </>
  );
}
const show = () =>
  render(
    <Providers client={makeQueryClient()} env="test">
      <Harness />
    </Providers>,
  );

describe('brand fields in the upload dialog', () => {
  it('asks the required fields before the round starts when the brand requires them', async () => {
    stub(true);
    show();
    const input = await screen.findByRole('textbox', { name: /Campaign/ });
    // Only the fields of the files' type are asked: Pages is for documents.
    expect(screen.getByTestId('upload-fields-missing')).toHaveTextContent('Campaign');
    expect(screen.getByTestId('upload-fields-missing')).not.toHaveTextContent('Pages');
    expect(screen.getByRole('button', { name: 'Start' })).toBeDisabled();
    await userEvent.type(input, 'Spring');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Start' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(sent).toEqual({ common: { campaign: 'Spring' }, a: undefined, b: undefined });
  });

  it('sends each file its own values when "apply to all" is turned off', async () => {
    stub(false);
    show();
    await userEvent.type(await screen.findByRole('textbox', { name: /Campaign/ }), 'Both');
    const applyAll = screen.getByRole('switch', { name: 'Apply to all files of this round' });
    expect(applyAll).toBeChecked();
    await userEvent.click(applyAll);
    // The first file starts from the common values; edit it alone.
    const own = screen.getByRole('textbox', { name: /Campaign/ });
    await userEvent.clear(own);
    await userEvent.type(own, 'Only A');
    expect(screen.queryByTestId('upload-fields-missing')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(sent).toEqual({ common: undefined, a: { campaign: 'Only A' }, b: { campaign: 'Both' } });
  });

  it('offers a tree field’s options by their paths, as the asset page does', async () => {
    stub(
      false,
      [field({ key: 'region', label_en: 'Region', type: 'tree', vocabulary_id: 9 })],
      [option(1, 'Europe'), option(2, 'Spain', { parent_id: 1, depth: 1 })],
    );
    show();
    const input = await screen.findByRole('combobox', { name: 'Region' });
    await userEvent.type(input, 'spa');
    await userEvent.click(await screen.findByRole('option', { name: 'Europe › Spain' }));
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(sent).toEqual({ common: { region: 2 }, a: undefined, b: undefined });
  });
});
