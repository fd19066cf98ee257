import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MeResponse } from '@brandvault/contract';
import { Providers } from '../../app/Providers';
import i18n from '../../i18n';
import { useSession } from '../../state/session';
import { loginAnswer } from '../../test/fixtures';
import { DefaultHomeCard } from './DefaultHomeCard';

function Card() {
  const user = useSession((s) => s.sessionUser);
  return user ? <DefaultHomeCard user={user} /> : null;
}

describe('DefaultHomeCard', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('saves Gallery as the default home and the session follows', async () => {
    useSession.getState().reset();
    useSession.getState().signIn(loginAnswer);
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (!String(input).endsWith('/api/auth/user/update')) return new Response(null, { status: 204 });
        const body = JSON.parse(String(init?.body));
        sent.push(body);
        const me: MeResponse = {
          ...loginAnswer,
          session_user: { ...loginAnswer.session_user, user_settings: { menu: [], home: body.default_home } },
        };
        return new Response(JSON.stringify(me), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    const user = userEvent.setup();
    render(
      <Providers env="test">
        <Card />
      </Providers>,
    );
    expect(screen.getByRole('radio', { name: /Brand home/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /Gallery/ }));
    await vi.waitFor(() => expect(useSession.getState().sessionUser?.user_settings.home).toBe('gallery'));
    expect(sent).toEqual([{ default_home: 'gallery' }]);
    expect(screen.getByRole('radio', { name: /Gallery/ })).toBeChecked();
    expect(await screen.findByText('Choosing a brand now opens its gallery.')).toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    useSession.getState().reset();
    useSession.getState().signIn(loginAnswer);
    render(
      <Providers env="test">
        <Card />
      </Providers>,
    );
    expect(screen.getByText('Inicio predeterminado')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Galería/ })).not.toBeChecked();
  });
});
