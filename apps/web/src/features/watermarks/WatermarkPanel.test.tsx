import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrandWatermark } from '@brandvault/contract';
import { Providers } from '../../app/Providers';
import { makeQueryClient } from '../../app/queryClient';
import { WatermarkPanel } from './WatermarkPanel';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const current: BrandWatermark = {
  brand_id: 7,
  image_url: null,
  position: 'tiled',
  opacity: 40,
  scale: 30,
  apply_to_guests: false,
  traceable: false,
  version: 0,
  updated_at: null,
  abilities: { update: true },
};

function stubApi(onSave: (form: FormData) => Response) {
  const saved: FormData[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/ops/brand/7/watermark' && init?.method === 'POST') {
        saved.push(init.body as FormData);
        return onSave(init.body as FormData);
      }
      return json(200, { watermark: current });
    }),
  );
  return saved;
}

const show = () =>
  render(
    <Providers client={makeQueryClient()} env="test">
      <WatermarkPanel brand={{ id: 7, name: 'Acme', image_uri: null }} />
    </Providers>,
  );
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'mark.png', { type: 'image/png' });

describe('WatermarkPanel', { timeout: 20_000 }, () => {
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    URL.createObjectURL = vi.fn(() => 'blob:mark');
    URL.revokeObjectURL = vi.fn();
  });

  it('previews the brand name until an image is chosen, then saves the PNG with the settings', async () => {
    const user = userEvent.setup();
    const saved = stubApi(() =>
      json(200, { watermark: { ...current, image_url: '/api/media/brands/x/watermark.png', version: 1 } }),
    );
    show();
    const preview = await screen.findByRole('img', { name: 'Acme' });
    expect(preview).toHaveAttribute('data-position', 'tiled');
    expect(screen.getByText(/show the brand's name instead/)).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Position' }));
    await user.click(await screen.findByRole('option', { name: 'Bottom right' }));
    expect(preview).toHaveAttribute('data-position', 'bottom-right');
    await user.upload(document.querySelector('input[type=file]') as HTMLInputElement, png());
    expect(preview.querySelector('img')).toHaveAttribute('src', 'blob:mark');
    await user.click(screen.getByRole('switch', { name: /Apply to guests/ }));
    await user.click(screen.getByRole('button', { name: 'Save watermark' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const form = saved[0]!;
    expect((form.get('image') as File).name).toBe('mark.png');
    expect(form.get('position')).toBe('bottom-right');
    expect(form.get('opacity')).toBe('40');
    expect(form.get('apply_to_guests')).toBe('true');
    expect(form.get('traceable')).toBe('false');
    expect(await screen.findByText('The watermark of Acme is saved.')).toBeInTheDocument();
  });

  it('shows the server’s refusal of a file under the image field', async () => {
    const user = userEvent.setup();
    stubApi(() =>
      json(422, {
        error: {
          status: 422,
          code: 'INVALID_DATA',
          message: 'The given data was invalid.',
          fields: { image: 'Image must be a PNG image (with transparency) of at most 5 MB' },
        },
      }),
    );
    show();
    await screen.findByRole('img', { name: 'Acme' });
    await user.upload(document.querySelector('input[type=file]') as HTMLInputElement, png());
    await user.click(screen.getByRole('button', { name: 'Save watermark' }));
    expect(
      await screen.findByText('Image must be a PNG image (with transparency) of at most 5 MB'),
    ).toBeInTheDocument();
  });
});
