import { render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { makeQueryClient } from '../../app/queryClient';
import { UploadOrigin } from './UploadOrigin';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function renderWith(origin: unknown) {
  const fetch = vi.fn(async () => json({ origin }));
  vi.stubGlobal('fetch', fetch);
  const client = makeQueryClient();
  render(
    <Providers client={client} env="test">
      <QueryClientProvider client={client}>
        <UploadOrigin assetId={91} />
      </QueryClientProvider>
    </Providers>,
  );
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('UploadOrigin', () => {
  it('names the request and the sender of an asset a request brought', async () => {
    renderWith({
      request_id: 12,
      request_message: 'Launch photos',
      uploader_name: 'Ana Agency',
      uploader_email: 'ana@agency.example',
      uploaded_at: '2026-11-30T09:00:00.000Z',
    });
    const line = await screen.findByTestId('upload-origin');
    expect(line).toHaveTextContent('Uploaded through request #12 by Ana Agency <ana@agency.example>');
    expect(line).toHaveTextContent('“Launch photos”');
  });

  it('says nothing of an asset uploaded the usual way', async () => {
    const fetch = renderWith(null);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByTestId('upload-origin')).toBeNull();
  });
});
