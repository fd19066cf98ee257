import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';
import { itemsOf, runAndWait, sourceBody, syncWorld, writeTree } from './sync.fixtures.js';

/** A sync source's default brand field values (issue 39 §3). */
let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => t?.close());

async function made(c: Client, url: string, body: unknown) {
  const r = await c.post(url, body);
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}

describe('sync source field values', () => {
  it('checks them when saved and sets them on every asset the sync creates', async () => {
    const w = await syncWorld(t);
    const b = w.brand.id;
    const list = await made(w.admin, `/api/ops/brand/${b}/metadata/vocabularies`, { name: 'Shoots', kind: 'list' });
    const studio = await made(w.admin, `/api/ops/metadata/vocabulary/${list.id}/options`, { label_en: 'Studio' });
    const field = (x: Record<string, unknown>) =>
      made(w.admin, `/api/ops/brand/${b}/metadata/fields`, { label_es: `${String(x.label_en)} es`, ...x });
    await field({ key: 'shoot', type: 'select', label_en: 'Shoot', vocabulary_id: list.id });
    await field({ key: 'owner', type: 'text', label_en: 'Owner' });
    await field({ key: 'checked', type: 'date', label_en: 'Checked on', required: true });

    const bad = await w.admin.post('/api/asset/sync/source', sourceBody(w, { field_values: { shoot: 'Studio' } }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields['values.shoot']).toContain('Shoot');

    const good = await w.admin.post(
      '/api/asset/sync/source',
      sourceBody(w, { field_values: { shoot: studio.id, owner: 'Photo desk' } }),
    );
    expect(good.statusCode, good.body).toBe(201);
    const source = good.json().source;
    expect(source.field_values).toEqual({ shoot: studio.id, owner: 'Photo desk' });

    writeTree(w.dir, { 'one.txt': 'first', 'sub/two.txt': 'second' });
    const run = await runAndWait(t, w.admin, source.id);
    expect(run.counts).toMatchObject({ new: 2, failed: 0 });
    for (const item of await itemsOf(w.admin, run.id)) {
      const values = (await w.admin.get(`/api/ops/asset/${item.asset_id}/fields`)).json().values;
      // The required date nobody gave is a gap, not a refusal.
      expect(values).toMatchObject({ shoot: studio.id, owner: 'Photo desk', checked: null });
    }

    const cleared = await w.admin.put(`/api/asset/sync/source/${source.id}`, sourceBody(w, { field_values: {} }));
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().source.field_values).toEqual({});
  });
});
