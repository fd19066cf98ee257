import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { CropPresetsEditor } from './CropPresetsEditor';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stub(answer: (body: unknown) => Response) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method !== 'PUT')
        return json(404, { error: { status: 404, code: 'NOT_FOUND', message: String(input) } });
      const body = JSON.parse(String(init.body));
      sent.push(body);
      return answer(body);
    }),
  );
  return sent;
}

const renderEditor = (onDone = vi.fn()) =>
  render(
    <Providers env="test">
      <CropPresetsEditor
        brandId={7}
        presets={[{ id: 1, name: 'Banner', width: 1500, height: 500, format: null }]}
        onDone={onDone}
      />
    </Providers>,
  );

describe('Crop presets editor', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('adds a common channel, removes a preset and saves the list as shown', async () => {
    const user = userEvent.setup();
    const sent = stub((body) => json(200, { brand_id: 7, ...(body as object), abilities: { update: true } }));
    const onDone = vi.fn();
    renderEditor(onDone);
    await user.click(screen.getByRole('button', { name: 'Common channels' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Instagram post · 1080×1350' }));
    await user.click(screen.getByRole('button', { name: 'Remove Banner' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent).toEqual([{ presets: [{ name: 'Instagram post', width: 1080, height: 1350, format: null }] }]);
  });

  it('names a repeated name under its field before sending anything', async () => {
    const user = userEvent.setup();
    const sent = stub(() => json(500, {}));
    renderEditor();
    await user.click(screen.getByRole('button', { name: 'Add preset' }));
    const rows = screen.getAllByTestId('crop-preset-row');
    await user.type(within(rows[1]!).getByRole('textbox', { name: 'Name' }), 'banner');
    await user.type(within(rows[1]!).getByRole('textbox', { name: 'Width' }), '100');
    await user.type(within(rows[1]!).getByRole('textbox', { name: 'Height' }), '100');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(rows[1]!).findByText(/already the name of another one/)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });
});
