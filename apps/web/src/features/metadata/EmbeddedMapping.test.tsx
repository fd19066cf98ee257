import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMBED_SOURCES } from '@brandvault/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { EmbeddedMapping } from './EmbeddedMapping';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const field = (id: number, key: string, type: string, label: string) => ({
  id,
  brand_id: 7,
  key,
  type,
  label_en: label,
  label_es: label,
  help_en: '',
  help_es: '',
  required: false,
  asset_types: ['image'],
  on_share: false,
  on_pdf: false,
  is_filter: false,
  position: id,
  vocabulary_id: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});
const mapping = (items: Record<string, number>) => ({
  brand_id: 7,
  items: EMBED_SOURCES.map((source) => ({ source, field_id: items[source] ?? null })),
  abilities: { manage: true },
});

function stub() {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { items: { source: string; field_id: number | null }[] };
        sent.push(body);
        return json(200, mapping(Object.fromEntries(body.items.map((i) => [i.source, i.field_id ?? 0]))));
      }
      if (url.includes('/metadata/fields'))
        return json(200, {
          items: [field(1, 'photographer', 'text', 'Photographer'), field(2, 'shot-on', 'date', 'Shot on')],
          abilities: { manage: true },
        });
      return json(200, mapping({}));
    }),
  );
  return sent;
}

describe('Embedded metadata mapping', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers only fields a source can fill and saves the choice', async () => {
    const user = userEvent.setup();
    const sent = stub();
    render(
      <Providers env="test">
        <EmbeddedMapping brandId={7} />
      </Providers>,
    );
    await user.click(await screen.findByRole('combobox', { name: 'Date created' }));
    expect(await screen.findByRole('option', { name: 'Shot on' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Photographer' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Shot on' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const items = (sent[0] as { items: { source: string; field_id: number | null }[] }).items;
    expect(items.find((i) => i.source === 'date_created')?.field_id).toBe(2);
    expect(items.find((i) => i.source === 'creator')?.field_id).toBeNull();
  });
});
