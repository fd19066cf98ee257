import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import i18n from '../../i18n';
import { useSession } from '../../state/session';
import { loginAnswer } from '../../test/fixtures';
import { json, stubFonts } from '../metadata/testFixtures';
import { LookAlikeNotice, VisualsPanel } from './VisualsPanel';

const near = { asset_id: 8, name: 'Summer-01.jpg', folder_name: 'Photos', distance: 2, thumbnail_url: null };

/** The visuals API in memory: asset 5 is red and blue, and looks like asset 8. */
function stubApi() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (url === '/api/ops/brand/7/visuals/backfill') return json(202, { job_id: 40, total: 12 });
      if (url.startsWith('/api/jobs/mine')) return json(200, { items: [] });
      if (url === '/api/ops/asset/5/visuals')
        return json(200, {
          visuals: {
            state: 'done',
            reason: null,
            colours: [
              { hex: '#e01010', share: 0.7 },
              { hex: '#1030d0', share: 0.2 },
            ],
            look_alike: near,
          },
        });
      if (url === '/api/ops/asset/5/similar')
        return json(200, { items: [near, { ...near, asset_id: 9, name: 'Summer-02.jpg', distance: 9 }] });
      return json(404, { error: { status: 404, code: 'NOT_FOUND', message: 'Not found' } });
    }),
  );
  return calls;
}

const renderPanel = () =>
  render(
    <Providers env="test">
      <MemoryRouter>
        <LookAlikeNotice assetId={5} />
        <VisualsPanel assetId={5} brandId={7} />
      </MemoryRouter>
    </Providers>,
  );

describe("the asset page's Colours panel", () => {
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    stubFonts();
  });

  it(
    'names the swatches, warns of the look-alike, and lists similar assets on demand',
    { timeout: 30_000 },
    async () => {
      await i18n.changeLanguage('en');
      const calls = stubApi();
      renderPanel();
      const swatches = await screen.findByRole('list', { name: 'Dominant colours' });
      expect(within(swatches).getByRole('listitem', { name: 'Red (#e01010), 70 %' })).toBeInTheDocument();
      expect(within(swatches).getByRole('listitem', { name: 'Blue (#1030d0), 20 %' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Looks like Summer-01.jpg in Photos' })).toHaveAttribute(
        'href',
        '/brand/asset/8',
      );
      expect(calls).not.toContain('GET /api/ops/asset/5/similar');
      expect(screen.queryByRole('button', { name: 'Find colours for the whole brand' })).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Find similar' }));
      const grid = await screen.findByRole('list', { name: 'Similar assets' });
      const links = within(grid).getAllByRole('listitem');
      expect(links.map((l) => l.getAttribute('href'))).toEqual(['/brand/asset/8', '/brand/asset/9']);
      expect(links[1]).toHaveTextContent('Summer-02.jpg');
    },
  );

  it("lets a brand manager start the brand's backfill", { timeout: 30_000 }, async () => {
    await i18n.changeLanguage('en');
    useSession.getState().reset();
    useSession
      .getState()
      .signIn({ ...loginAnswer, permissions: [...loginAnswer.permissions, { name: 'brand.manage' }] });
    const calls = stubApi();
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Find colours for the whole brand' }));
    expect(await screen.findByText('Working out colours and look-alikes of 12 images.')).toBeInTheDocument();
    expect(calls).toContain('POST /api/ops/brand/7/visuals/backfill');
    useSession.getState().reset();
  });

  it('speaks Spanish', { timeout: 30_000 }, async () => {
    await i18n.changeLanguage('es');
    stubApi();
    renderPanel();
    expect(await screen.findByRole('list', { name: 'Colores dominantes' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Rojo (#e01010), 70 %' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Se parece a Summer-01.jpg en Photos' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buscar parecidos' })).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });
});
