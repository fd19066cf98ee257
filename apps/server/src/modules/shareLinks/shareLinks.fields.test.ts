import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, assetRow, insertAssets, makeBrand, makeFolder, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

let t: TestApp;
let admin: Client;
let brand: { id: number; root: number };
let asset: number;

async function made(c: Client, method: 'POST' | 'PUT', url: string, body: unknown, status = 201) {
  const r = await c.req(method, url, body);
  expect(r.statusCode, r.body).toBe(status);
  return r.json();
}

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Share Fields Co');
  const folder = await makeFolder(admin, brand.id, 'Shown');
  await insertAssets(t.built.handle.db, [assetRow(brand.id, folder, 'sf-1')]);
  asset = (
    await t.built.handle.db.selectFrom('assets').select('id').where('name', '=', 'sf-1.jpg').executeTakeFirstOrThrow()
  ).id;
  const vocabUrl = `/api/ops/brand/${brand.id}/metadata/vocabularies`;
  const region = await made(admin, 'POST', vocabUrl, { name: 'Regions', kind: 'tree' });
  const opt = (v: number, label_en: string, label_es: string, parent_id: number | null = null) =>
    made(admin, 'POST', `/api/ops/metadata/vocabulary/${v}/options`, { label_en, label_es, parent_id });
  const europe = await opt(region.id, 'Europe', 'Europa');
  const spain = await opt(region.id, 'Spain', 'España', europe.id);
  const fieldsUrl = `/api/ops/brand/${brand.id}/metadata/fields`;
  const field = (body: Record<string, unknown>) => made(admin, 'POST', fieldsUrl, body);
  await field({
    key: 'region',
    type: 'tree',
    label_en: 'Region',
    label_es: 'Región',
    vocabulary_id: region.id,
    on_share: true,
  });
  await field({ key: 'credit', type: 'text', label_en: 'Credit', label_es: 'Crédito', on_share: true });
  await field({ key: 'cleared', type: 'boolean', label_en: 'Cleared', label_es: 'Autorizado', on_share: true });
  await field({ key: 'budget', type: 'text', label_en: 'Internal budget', label_es: 'Presupuesto interno' });
  await made(
    admin,
    'PUT',
    `/api/ops/asset/${asset}/fields`,
    { values: { region: spain.id, credit: 'Ana <b>Pérez</b>', cleared: true, budget: 'SECRET-9000' } },
    200,
  );
});
afterAll(() => t.close());

describe('share pages show the fields marked for them', () => {
  it('gives a link holder the on_share fields with their values in the holder’s language, and nothing else', async () => {
    const col = await made(admin, 'POST', '/api/ops/collection/new', { name: 'Fields', asset_ids: [asset] });
    const link = await made(admin, 'POST', `/api/ops/collection/${col.collection.id}/share`, {
      audience: 'anyone',
      expiry_unit: 'days',
      expiry_amount: 3,
    });
    const token = (link.share_link.link as string).split('/').at(-1);
    const url = `/api/ops/collection/${col.collection.id}/shared/${token}/public/view`;
    const anon = t.client();
    const en = await anon.get(url);
    expect(en.statusCode, en.body).toBe(200);
    expect(en.json().assets.items[0].fields).toEqual([
      { key: 'region', label: 'Region', value: 'Europe › Spain' },
      { key: 'credit', label: 'Credit', value: 'Ana <b>Pérez</b>' },
      { key: 'cleared', label: 'Cleared', value: 'Yes' },
    ]);
    // A field not marked never reaches the holder, under any name.
    expect(en.body).not.toContain('SECRET-9000');
    expect(en.body).not.toContain('Internal budget');
    anon.lang = 'es';
    const es = (await anon.get(url)).json();
    expect(es.assets.items[0].fields).toEqual([
      { key: 'region', label: 'Región', value: 'Europa › España' },
      { key: 'credit', label: 'Crédito', value: 'Ana <b>Pérez</b>' },
      { key: 'cleared', label: 'Autorizado', value: 'Sí' },
    ]);
  });
});
