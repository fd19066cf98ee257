import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { brandFull } from '../../test/fixtures';
import { BrandFormModal } from './BrandFormModal';

afterEach(() => vi.unstubAllGlobals());
// The description's autosizing textarea listens to document.fonts, which jsdom lacks.
beforeAll(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() },
    });
});

describe("a brand's usage-rights settings", () => {
  it('sends the warning window and the expired-download rule with the edit', async () => {
    const sent: FormData[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
        if (init?.body instanceof FormData) sent.push(init.body);
        return new Response(
          JSON.stringify({ brand: { ...brandFull, expiry_warning_days: 14, expired_downloads: 'warn' } }),
          {
            status: 200,
            headers: { 'content-type': 'application/json' },
          },
        );
      }),
    );
    const user = userEvent.setup();
    render(
      <Providers env="test">
        <BrandFormModal
          mode={{ kind: 'edit', brand: { ...brandFull, abilities: { ...brandFull.abilities, update: true } } }}
          onClose={() => {}}
        />
      </Providers>,
    );
    const days = await screen.findByRole('textbox', { name: 'Expiring warning' });
    expect(days).toHaveValue('30 days');
    expect(screen.getByRole('radio', { name: 'Members cannot download them' })).toBeChecked();
    await user.clear(days);
    await user.type(days, '14');
    await user.click(screen.getByRole('radio', { name: 'Members may download them after a warning' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.get('expiry_warning_days')).toBe('14');
    expect(sent[0]!.get('expired_downloads')).toBe('warn');
  }, 20_000);

  it('keeps the window within 1-365 days: a larger number becomes 365', async () => {
    const sent: FormData[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
        if (init?.body instanceof FormData) sent.push(init.body);
        return new Response(JSON.stringify({ brand: brandFull }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const user = userEvent.setup();
    render(
      <Providers env="test">
        <BrandFormModal mode={{ kind: 'edit', brand: brandFull }} onClose={() => {}} />
      </Providers>,
    );
    const days = await screen.findByRole('textbox', { name: 'Expiring warning' });
    await user.clear(days);
    await user.type(days, '400');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.get('expiry_warning_days')).toBe('365');
  }, 20_000);
});
