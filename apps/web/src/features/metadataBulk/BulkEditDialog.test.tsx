import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { Providers } from '../../app/Providers';
import { useSession } from '../../state/session';
import { loginAnswer } from '../../test/fixtures';
import { BulkEditDialog } from './BulkEditDialog';
import { vocabulary } from '../metadata/testFixtures';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const field = (over: Record<string, unknown>) => ({
  id: 1,
  brand_id: 7,
  key: 'note',
  type: 'text',
  label_en: 'Note',
  label_es: 'Nota',
  help_en: '',
  help_es: '',
  required: false,
  asset_types: ['image', 'video', 'document', 'audio', 'other'],
  on_share: false,
  on_pdf: false,
  is_filter: false,
  position: 0,
  vocabulary_id: null,
  created_at: '2026-11-29T00:00:00.000Z',
  updated_at: '2026-11-29T00:00:00.000Z',
  ...over,
});
const edit = (over: Record<string, unknown>) => ({
  id: 55,
  brand_id: 7,
  status: 'applying',
  matched: 40,
  changed: 0,
  done: 0,
  job_id: 9,
  undo_job_id: null,
  created_at: '2026-11-29T00:00:00.000Z',
  applied_at: null,
  undo_until: null,
  abilities: { undo: false },
  ...over,
});

const fields = [field({}), field({ id: 2, key: 'pages', type: 'number', label_en: 'Pages' })];
const option = (id: number, label_en: string, label_es: string, parent_id: number | null = null) => ({
  id,
  vocabulary_id: 5,
  parent_id,
  label_en,
  label_es,
  position: id,
  depth: parent_id === null ? 0 : 1,
  retired: false,
  asset_count: 0,
});

function stubApi(items: unknown[] = fields) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, url, body });
      if (url === '/api/ops/brand/7/metadata/fields') return json(200, { items, abilities: { manage: false } });
      if (url === '/api/ops/metadata/vocabulary/5/options')
        return json(200, {
          vocabulary: vocabulary(5, { kind: 'tree' }),
          items: [option(50, 'Europe', 'Europa'), option(51, 'Spain', 'España', 50), option(52, 'Mexico', 'México')],
        });
      if (url === '/api/ops/metadata/bulk/preview')
        return json(200, { matched: 40, changed: 12, per_field: { note: 12 } });
      if (url === '/api/ops/metadata/bulk') return json(202, edit({}));
      if (url === '/api/ops/metadata/bulk/55')
        return json(
          200,
          edit({
            status: 'applied',
            done: 40,
            changed: 12,
            applied_at: new Date().toISOString(),
            undo_until: new Date(Date.now() + 600_000).toISOString(),
            abilities: { undo: true },
          }),
        );
      if (url === '/api/ops/metadata/bulk/55/undo') return json(202, edit({ status: 'undoing' }));
      return json(200, { items: [] });
    }),
  );
  return calls;
}

describe('BulkEditDialog', { timeout: 20_000 }, () => {
  let shown: { mock: { calls: unknown[][] } };
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    useSession.getState().signIn(loginAnswer);
    shown = vi.spyOn(notifications, 'show');
  });
  afterEach(() => {
    useSession.getState().reset();
    vi.restoreAllMocks();
  });

  it('previews how many assets change, applies, and leaves a toast with Undo', async () => {
    const user = userEvent.setup();
    const calls = stubApi();
    const onDone = vi.fn();
    const onClose = vi.fn();
    render(
      <Providers env="test">
        <BulkEditDialog
          opened
          brandId={7}
          target={{ asset_ids: [1, 2] }}
          summary="2 chosen assets"
          onClose={onClose}
          onDone={onDone}
        />
      </Providers>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit fields' });
    expect(await within(dialog).findByTestId('bulk-summary')).toHaveTextContent('2 chosen assets');
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Field' }));
    await user.click(await screen.findByRole('option', { name: 'Note' }));
    // "Set" with no value yet would clear the field everywhere: nothing to preview until one is given.
    expect(within(dialog).getByRole('button', { name: 'Preview' })).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Value' }), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByTestId('bulk-preview')).toHaveTextContent('12 of 40 assets change');
    const previewed = calls.find((c) => c.url === '/api/ops/metadata/bulk/preview');
    expect(previewed?.body).toEqual({ target: { asset_ids: [1, 2] }, ops: { note: { op: 'set', value: 'Hello' } } });

    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(onClose).toHaveBeenCalled();
    const toast = shown.mock.calls
      .map((c) => c[0] as { title?: string; autoClose?: number })
      .find((n) => n.title === 'Fields changed');
    expect(toast).toBeDefined();
    expect(toast!.autoClose).toBeGreaterThan(500_000);
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/ops/metadata/bulk/55/undo')).toBe(true));
  });

  it('adds several options at once, offered by their names, and sets a switch to no', async () => {
    const user = userEvent.setup();
    const calls = stubApi([
      field({ id: 3, key: 'places', type: 'multi_select', label_en: 'Places', vocabulary_id: 5 }),
      field({ id: 4, key: 'approved', type: 'boolean', label_en: 'Approved' }),
    ]);
    render(
      <Providers env="test">
        <BulkEditDialog opened brandId={7} target={{ asset_ids: [1] }} summary="1 asset" onClose={() => undefined} />
      </Providers>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit fields' });
    await user.click(await within(dialog).findByRole('combobox', { name: 'Field' }));
    await user.click(await screen.findByRole('option', { name: 'Places' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Operation' }));
    await user.click(await screen.findByRole('option', { name: 'Add' }));
    const value = within(dialog).getByRole('combobox', { name: 'Value' });
    await user.type(value, 'spa');
    await user.click(await screen.findByRole('option', { name: 'Spain' }));
    await user.type(value, 'mex');
    await user.click(await screen.findByRole('option', { name: 'Mexico' }));

    await user.click(within(dialog).getByRole('button', { name: 'Add another field' }));
    const rows = within(dialog).getAllByTestId('bulk-row');
    await user.click(within(rows[1]!).getByRole('combobox', { name: 'Field' }));
    await user.click(await screen.findByRole('option', { name: 'Approved' }));
    expect(within(rows[1]!).getByRole('switch', { name: 'Value' })).not.toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await within(dialog).findByTestId('bulk-preview');
    const previewed = calls.find((c) => c.url === '/api/ops/metadata/bulk/preview');
    expect(previewed?.body).toEqual({
      target: { asset_ids: [1] },
      ops: { places: { op: 'add', values: [51, 52] }, approved: { op: 'set', value: false } },
    });
  });

  it('says so when the brand has no fields', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { items: [], abilities: { manage: false } })),
    );
    render(
      <Providers env="test">
        <BulkEditDialog opened brandId={7} target={{ folder: { id: 3 } }} summary="Folder" onClose={() => undefined} />
      </Providers>,
    );
    expect(await screen.findByText('This brand has no metadata fields yet.')).toBeInTheDocument();
  });
});
