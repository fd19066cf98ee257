import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_PERMISSIONS } from '@brandvault/contract';
import { useSession } from '../../state/session';
import { brand, loginAnswer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { field, json, option, stubFonts, vocabulary } from './testFixtures';

const manager = {
  ...loginAnswer,
  session_user: { ...loginAnswer.session_user, roles: [{ name: 'manager' as const }] },
  permissions: ROLE_PERMISSIONS.manager.map((name) => ({ name })),
};

type Handler = (method: string, url: string) => Response | undefined;

/** The API in memory: `handle` answers the metadata calls, the shell gets the session. */
function stubApi(handle: Handler) {
  const sent: { method: string; url: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      if (url.includes('/metadata/')) sent.push({ method, url });
      const answer = handle(method, url);
      if (answer) return answer;
      if (url.startsWith('/api/jobs')) return json(200, { items: [] });
      return json(200, {
        session_user: manager.session_user,
        permissions: manager.permissions,
        emulator: manager.emulator,
        favorites_id: manager.favorites_id,
      });
    }),
  );
  return sent;
}

describe('the metadata screens', () => {
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    stubFonts();
    useSession.getState().reset();
    useSession.getState().signIn(manager);
    useSession.getState().selectBrand(brand);
  });

  it('asks again, saying how many values go, when the field holds values', { timeout: 60_000 }, async () => {
    const message = 'Campaign: 12 assets hold a value of this field; confirm to delete the field and its values';
    const sent = stubApi((method, url) => {
      if (url === '/api/ops/brand/7/metadata/fields')
        return json(200, { items: [field(1, { label_en: 'Campaign' })], abilities: { manage: true } });
      if (url === '/api/ops/brand/7/metadata/vocabularies')
        return json(200, { items: [], abilities: { manage: true } });
      if (method === 'DELETE' && url === '/api/ops/metadata/field/1')
        return json(409, { error: { status: 409, code: 'FIELD_HAS_VALUES', message, fields: { confirm: message } } });
      if (method === 'DELETE') return json(200, { deleted: true });
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/brand/metadata');
    await user.click(await screen.findByRole('button', { name: 'Delete Campaign' }));
    const first = await screen.findByRole('dialog', { name: 'Delete the field?' });
    await user.click(within(first).getByRole('button', { name: 'Delete' }));
    const second = await screen.findByRole('dialog', { name: 'Delete the field and its values?' });
    expect(within(second).getByText(message)).toBeInTheDocument();
    await user.click(within(second).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(sent.filter((s) => s.method === 'DELETE').map((s) => s.url)).toEqual([
        '/api/ops/metadata/field/1',
        '/api/ops/metadata/field/1?confirm=true',
      ]),
    );
  });

  it('shows options by depth and, on a lost race, says so and reads the list again', { timeout: 60_000 }, async () => {
    let reads = 0;
    stubApi((method, url) => {
      if (url === '/api/ops/metadata/vocabulary/3/options') {
        reads += 1;
        return json(200, {
          vocabulary: vocabulary(3, { name: 'Regions', kind: 'tree' }),
          items: [
            option(1, 'Europe', { asset_count: 2 }),
            option(2, 'Spain', { parent_id: 1, depth: 1, asset_count: 5 }),
            option(3, 'Atlantis', { retired: true }),
          ],
        });
      }
      if (method === 'POST' && url === '/api/ops/metadata/option/2/retire')
        return json(409, { error: { status: 409, code: 'OPTION_CONFLICT', message: 'Changed meanwhile' } });
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/brand/metadata/vocabulary/3');
    const spain = await screen.findByTestId('option-2');
    expect(within(spain).getByText('5 assets')).toBeInTheDocument();
    expect(within(screen.getByTestId('option-3')).getByText('Retired')).toBeInTheDocument();
    await user.click(within(spain).getByRole('button', { name: 'Actions for Spain' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Retire' }));
    expect(await screen.findByText(/Someone changed these options meanwhile/)).toBeInTheDocument();
    await waitFor(() => expect(reads).toBeGreaterThan(1));
  });
});
