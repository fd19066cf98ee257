import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import i18n from '../../i18n';
import { json, stubFonts } from '../metadata/testFixtures';
import { AssetPeoplePanel } from './AssetPeoplePanel';

/** Asset 5 shows Ana (named) and an unnamed person 12, whom the caller may name. */
function stubApi() {
  const calls: string[] = [];
  let named = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push(`${init?.method ?? 'GET'} ${url} ${init?.body ?? ''}`.trim());
      if (url === '/api/ops/person/12/name' && init?.method === 'PUT') {
        named = true;
        return json(200, { person: { id: 12, name: 'Bruno', hidden: false, faces: 1, cover_url: null } });
      }
      if (url === '/api/ops/asset/5/people')
        return json(200, {
          state: 'done',
          reason: null,
          can_manage: true,
          people: [
            { id: 3, name: 'Ana', crop_url: '/api/ops/face/30/crop' },
            { id: 12, name: named ? 'Bruno' : null, crop_url: '/api/ops/face/31/crop' },
          ],
        });
      return json(404, { error: { status: 404, code: 'NOT_FOUND', message: 'Not found' } });
    }),
  );
  return calls;
}

const renderPanel = () =>
  render(
    <Providers env="test">
      <MemoryRouter>
        <AssetPeoplePanel assetId={5} />
      </MemoryRouter>
    </Providers>,
  );

describe('"People in this file" on the asset page', () => {
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    stubFonts();
  });

  it('links a named person to the search filtered by them, and names an unnamed one', { timeout: 30_000 }, async () => {
    await i18n.changeLanguage('en');
    const calls = stubApi();
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'People in this file' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ana' })).toHaveAttribute('href', '/brand?person=3');
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Bruno');
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByRole('link', { name: 'Bruno' })).toHaveAttribute('href', '/brand?person=12');
    expect(calls).toContain('PUT /api/ops/person/12/name {"name":"Bruno"}');
  });

  it('speaks Spanish', { timeout: 30_000 }, async () => {
    await i18n.changeLanguage('es');
    stubApi();
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'Personas en este archivo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar nombre' })).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });
});
