import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import i18n from '../../i18n';
import { json, stubFonts } from '../metadata/testFixtures';
import { LabelsPanel } from './LabelsPanel';
import { DetectedFilter } from './DetectedFilter';

type Item = { key: string; name_en: string; name_es: string; score: number; state: string };
const dog: Item = { key: 'dog', name_en: 'dog', name_es: 'perro', score: 0.92, state: 'suggested' };
const racket: Item = {
  key: 'tennis_racket',
  name_en: 'tennis racket',
  name_es: 'raqueta de tenis',
  score: 0.61,
  state: 'suggested',
};

/** The labels API in memory: asset 5 holds a dog and a tennis racket; deciding changes the state. */
function stubApi(opts: { canDecide?: boolean; state?: string } = {}) {
  const calls: string[] = [];
  let items = [dog, racket];
  const answer = () =>
    json(200, {
      labels: { state: opts.state ?? 'done', reason: null, items, can_decide: opts.canDecide ?? true },
    });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (url === '/api/ops/asset/5/labels') return answer();
      const decided = /^\/api\/ops\/asset\/5\/labels\/(\w+)\/(accept|reject)$/.exec(url);
      if (decided) {
        items =
          decided[2] === 'accept'
            ? items.map((i) => (i.key === decided[1] ? { ...i, state: 'accepted' } : i))
            : items.filter((i) => i.key !== decided[1]);
        return answer();
      }
      if (url === '/api/ops/brand/7/labels')
        return json(200, { items: [{ key: 'dog', name_en: 'dog', name_es: 'perro', count: 12 }] });
      return json(404, { error: { status: 404, code: 'NOT_FOUND', message: 'Not found' } });
    }),
  );
  return calls;
}

const renderPanel = () =>
  render(
    <Providers env="test">
      <MemoryRouter>
        <LabelsPanel assetId={5} />
      </MemoryRouter>
    </Providers>,
  );

describe('the asset page’s suggested tags', () => {
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    stubFonts();
  });

  it('accepts one into keywords and rejects another, by keyboard', { timeout: 30_000 }, async () => {
    await i18n.changeLanguage('en');
    const calls = stubApi();
    renderPanel();
    const list = await screen.findByRole('list', { name: 'Suggested tags' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['dog 92 %', 'tennis racket 61 %']);
    const accept = screen.getByRole('button', { name: 'Accept “dog” as a keyword' });
    accept.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Added to keywords: dog')).toBeInTheDocument();
    expect(calls).toContain('POST /api/ops/asset/5/labels/dog/accept');
    await userEvent.click(screen.getByRole('button', { name: 'Reject “tennis racket”' }));
    expect(await screen.findByText('No objects or scenes found.')).toBeInTheDocument();
    expect(calls).toContain('POST /api/ops/asset/5/labels/tennis_racket/reject');
  });

  it('shows a read-only list to those who cannot edit, in Spanish', { timeout: 30_000 }, async () => {
    await i18n.changeLanguage('es');
    stubApi({ canDecide: false });
    renderPanel();
    const list = await screen.findByRole('list', { name: 'Detectado en este archivo' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['perro 92 %', 'raqueta de tenis 61 %']);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    await i18n.changeLanguage('en');
  });

  it('says when the file is still being analysed', { timeout: 30_000 }, async () => {
    await i18n.changeLanguage('en');
    stubApi({ state: 'pending' });
    renderPanel();
    expect(await screen.findByText('Looking for objects and scenes…')).toBeInTheDocument();
  });

  it('lists the brand’s detected labels with counts as a search filter', { timeout: 30_000 }, async () => {
    await i18n.changeLanguage('en');
    stubApi();
    const onChange = vi.fn();
    render(
      <Providers env="test">
        <DetectedFilter brandId={7} value={[]} onChange={onChange} />
      </Providers>,
    );
    await userEvent.click(await screen.findByRole('checkbox', { name: 'dog 12' }));
    expect(onChange).toHaveBeenLastCalledWith(['dog']);
  });
});
