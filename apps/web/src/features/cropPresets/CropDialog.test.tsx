import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AssetCard } from '@brandvault/contract';
import { MemoryRouter } from 'react-router';
import { Providers } from '../../app/Providers';
import { useSession } from '../../state/session';
import { assetCard, loginAnswer } from '../../test/fixtures';
import { AssetViewer } from '../viewer/AssetViewer';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stubApi(items: AssetCard[], crop: () => Response, presets: unknown[] = []) {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('/crop?')) {
        calls.push({ url, headers: (init?.headers ?? {}) as Record<string, string> });
        return crop();
      }
      if (/\/api\/ops\/brand\/\d+\/crop\/presets$/.test(url))
        return json(200, { brand_id: items[0]!.brand_id, presets, abilities: { update: false } });
      const m = /\/api\/ops\/asset\/(\d+)\/view$/.exec(url);
      const found = m && items.find((a) => a.id === Number(m[1]));
      return found
        ? json(200, { asset: { ...found, download_url: null, current_version: 1, brand: { id: 7 } } })
        : json(404, { error: { status: 404, code: 'NOT_FOUND', message: 'Not found' } });
    }),
  );
  return calls;
}

function renderViewer(items: AssetCard[]) {
  return render(
    <Providers env="test">
      <MemoryRouter>
        <AssetViewer items={items} index={0} onIndexChange={() => undefined} onClose={() => undefined} />
      </MemoryRouter>
    </Providers>,
  );
}

describe('Crop and download', () => {
  const saved: string[] = [];
  beforeEach(() => {
    useSession.getState().signIn(loginAnswer);
    saved.length = 0;
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:crop', revokeObjectURL: () => undefined }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => {
    useSession.getState().reset();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('requests the 4:5 WebP crop with the bearer token and saves the answered file', async () => {
    const user = userEvent.setup();
    const calls = stubApi([assetCard(1)], () => {
      return new Response(new Blob([new Uint8Array([1, 2, 3])], { type: 'image/webp' }), {
        status: 200,
        headers: { 'content-disposition': 'attachment; filename="photo-1-crop-720x900.webp"' },
      });
    });
    renderViewer([assetCard(1)]);
    await user.click(await screen.findByRole('button', { name: 'Crop and download' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crop and download photo-1.jpg' });
    await user.click(within(dialog).getByRole('radio', { name: '4:5' }));
    await user.click(within(dialog).getByRole('radio', { name: 'WebP' }));
    // 1600×900 at 4:5: the centred 720×900 rectangle, its own size without upscaling.
    expect(within(dialog).getByTestId('crop-max')).toHaveTextContent('Up to 720 × 900 px without upscaling');
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    const url = new URL(calls[0]!.url, 'http://x');
    expect(url.pathname).toBe('/api/ops/asset/1/crop');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      x: '0.275',
      y: '0',
      w: '0.45',
      h: '1',
      width: '720',
      height: '900',
      format: 'webp',
      quality: '85',
      upscale: 'false',
    });
    expect(calls[0]!.headers.Authorization).toBe('Bearer test-token');
    await waitFor(() => expect(saved).toEqual(['photo-1-crop-720x900.webp']));
  });

  it("frames and sizes the crop to one of the brand's channel presets, in its format", async () => {
    const user = userEvent.setup();
    const square = { id: 3, name: 'Square post', width: 600, height: 600, format: 'webp' };
    const calls = stubApi([assetCard(1)], () => new Response(new Blob([new Uint8Array([1])]), { status: 200 }), [
      square,
    ]);
    renderViewer([assetCard(1)]);
    await user.click(await screen.findByRole('button', { name: 'Crop and download' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crop and download photo-1.jpg' });
    await waitFor(() => expect(within(dialog).getAllByLabelText('Channel').length).toBeGreaterThan(0));
    await user.click(
      within(dialog)
        .getAllByLabelText('Channel')
        .find((el) => el.tagName === 'INPUT')!,
    );
    await user.click(await screen.findByRole('option', { name: 'Square post · 600×600' }));
    expect(within(dialog).getByRole('radio', { name: 'WebP' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    const q = Object.fromEntries(new URL(calls[0]!.url, 'http://x').searchParams);
    // 1600×900 framed square: the centred 900×900 rectangle, sized down to the channel's 600×600.
    expect(q).toMatchObject({ x: '0.21875', y: '0', w: '0.5625', h: '1', width: '600', height: '600', format: 'webp' });
  });

  it('shows the field messages of a refused crop', async () => {
    const user = userEvent.setup();
    stubApi([assetCard(1)], () =>
      json(422, {
        error: {
          status: 422,
          code: 'INVALID_DATA',
          message: 'invalid',
          fields: { width: "width: the output may not exceed the original's pixels unless upscaling is chosen" },
        },
      }),
    );
    renderViewer([assetCard(1)]);
    await user.click(await screen.findByRole('button', { name: 'Crop and download' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crop and download photo-1.jpg' });
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('unless upscaling is chosen');
  });

  it('is not offered for a file that is not a croppable image', async () => {
    stubApi([assetCard(2, { type: 'document', ext: 'pdf', mime: 'application/pdf' })], () => json(500, {}));
    renderViewer([assetCard(2, { type: 'document', ext: 'pdf', mime: 'application/pdf' })]);
    await screen.findByRole('dialog', { name: 'photo-2.jpg' });
    expect(screen.queryByRole('button', { name: 'Crop and download' })).toBeNull();
  });
});
