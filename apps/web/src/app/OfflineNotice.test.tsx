import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/renderApp';

function goOffline(offline: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: !offline, configurable: true });
  act(() => void window.dispatchEvent(new Event(offline ? 'offline' : 'online')));
}

describe('offline notice', () => {
  afterEach(() => {
    goOffline(false);
    vi.unstubAllGlobals();
  });

  it('says the network is gone, offers a retry, and leaves when it is back', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(screen.queryByText(/You're offline/)).toBeNull();
    goOffline(true);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("You're offline.");
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    goOffline(false);
    expect(screen.queryByText(/You're offline/)).toBeNull();
  });
});
