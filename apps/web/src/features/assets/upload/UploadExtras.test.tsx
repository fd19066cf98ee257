import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/Providers';
import { makeQueryClient } from '../../../app/queryClient';
import { ApplyToAll } from './UploadExtras';
import type { CommonMeta } from './useTusUploader';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function Details() {
  const [value, setValue] = useState<CommonMeta>({});
  return <ApplyToAll brandId={4} value={value} onChange={setValue} />;
}

describe('details for all files of an upload round', { timeout: 60_000 }, () => {
  beforeEach(() => {
    // The description box autosizes on font loads, which jsdom does not have.
    const fonts = { addEventListener: () => undefined, removeEventListener: () => undefined };
    Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('suggests the keywords the brand already uses as one types', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.includes('/api/ops/brand/4/keywords/suggest')) {
          asked.push(url);
          return json({ items: [{ value: 'Spring launch', count: 12 }] });
        }
        return json({ items: [] });
      }),
    );
    const user = userEvent.setup();
    render(
      <Providers client={makeQueryClient()} env="test">
        <Details />
      </Providers>,
    );
    await user.click(screen.getByRole('button', { name: 'Details for all files' }));
    const box = screen.getAllByLabelText('Keywords').find((e) => e instanceof HTMLInputElement && e.type !== 'hidden')!;
    await user.type(box, 'spr');
    expect(await screen.findByRole('option', { name: 'Spring launch' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(asked.some((u) => u.includes('prefix=spr'))).toBe(true);
  });
});
