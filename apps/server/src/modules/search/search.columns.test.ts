import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminClient,
  assetRow,
  insertAssets,
  makeBrand,
  makeFolder,
  makeUser,
  startApp,
} from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

type Res = Awaited<ReturnType<Client['get']>>;
type Card = { name: string; field_values?: Record<string, unknown> };

let t: TestApp;
let manager: Client;
/** A member who reads the app in Spanish (their own language wins over the browser's). */
let spanish: Client;
let brand: { id: number; root: number };
const ids: Record<string, number> = {};
const o: Record<string, number> = {};

async function made(r: Promise<Res>, status = 201) {
  const res = await r;
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}
const search = (body: Record<string, unknown>, who = manager) =>
  who.post(`/api/ops/asset/list/all/${brand.root}`, body);
/** Each card's column values, by the asset's name. */
const columns = async (body: Record<string, unknown>, who = manager) =>
  Object.fromEntries(
    ((await made(search(body, who), 200)).items as Card[]).map((a) => [a.name.replace('.jpg', ''), a.field_values]),
  );
const ALL = ['campaign', 'seasons', 'region', 'budget', 'launch', 'approved', 'headline'];

beforeAll(async () => {
  t = await startApp();
  const admin = await adminClient(t);
  brand = await makeBrand(admin, 'Column Co');
  manager = (await makeUser(t, admin, { roles: ['manager'], brands: [brand.id] })).client;
  spanish = (await makeUser(t, admin, { roles: ['member'], brands: [brand.id], lang: 'es' })).client;
  const folder = await makeFolder(admin, brand.id, 'Shoots');
  const keys = ['a1', 'a2', 'a3'];
  await insertAssets(
    t.built.handle.db,
    keys.map((k) => assetRow(brand.id, folder, k)),
  );
  for (const k of keys)
    ids[k] = (
      await t.built.handle.db
        .selectFrom('assets')
        .select('id')
        .where('blob_key', '=', `test/${k}`)
        .executeTakeFirstOrThrow()
    ).id;
  const vocab = (name: string, kind: string) =>
    made(manager.post(`/api/ops/brand/${brand.id}/metadata/vocabularies`, { name, kind }));
  const opt = async (v: number, label_en: string, label_es: string, parent_id: number | null = null) =>
    (o[label_en] = (
      await made(manager.post(`/api/ops/metadata/vocabulary/${v}/options`, { label_en, label_es, parent_id }))
    ).id);
  const list = await vocab('Seasons', 'list');
  const tree = await vocab('Regions', 'tree');
  await opt(list.id, 'Spring', 'Primavera');
  await opt(list.id, 'Summer', 'Verano');
  await opt(tree.id, 'Europe', 'Europa');
  await opt(tree.id, 'Spain', 'España', o.Europe);
  const field = (body: Record<string, unknown>) =>
    made(
      manager.post(`/api/ops/brand/${brand.id}/metadata/fields`, { label_es: `${String(body.label_en)} es`, ...body }),
    );
  await field({ key: 'campaign', type: 'select', label_en: 'Campaign', vocabulary_id: list.id });
  await field({ key: 'seasons', type: 'multi_select', label_en: 'Seasons', vocabulary_id: list.id });
  await field({ key: 'region', type: 'tree', label_en: 'Region', vocabulary_id: tree.id });
  await field({ key: 'budget', type: 'number', label_en: 'Budget' });
  await field({ key: 'launch', type: 'date', label_en: 'Launch' });
  await field({ key: 'approved', type: 'boolean', label_en: 'Approved' });
  await field({ key: 'headline', type: 'text', label_en: 'Headline' });
  const put = (key: string, values: Record<string, unknown>) =>
    made(manager.put(`/api/ops/asset/${ids[key]}/fields`, { values }), 200);
  await put('a1', {
    campaign: o.Spring,
    seasons: [o.Summer, o.Spring],
    region: o.Spain,
    budget: 1250.5,
    launch: '2026-01-10',
    approved: true,
    headline: 'Sunny <b>days</b>',
  });
  await put('a2', { campaign: o.Summer, region: o.Europe, approved: false, budget: 0 });
});
afterAll(() => t.close());

describe('list columns of brand fields', () => {
  it("carries the chosen fields' values on each card of the page, options by label", async () => {
    expect(await columns({ columns: ALL })).toEqual({
      a1: {
        campaign: 'Spring',
        seasons: 'Spring, Summer',
        region: 'Europe › Spain',
        budget: 1250.5,
        launch: '2026-01-10',
        approved: true,
        headline: 'Sunny <b>days</b>',
      },
      a2: { campaign: 'Summer', region: 'Europe', approved: false, budget: 0 },
      a3: {},
    });
    // Only the fields asked for; and none at all without columns.
    expect(await columns({ columns: ['region'] })).toEqual({
      a1: { region: 'Europe › Spain' },
      a2: { region: 'Europe' },
      a3: {},
    });
    expect(await columns({})).toEqual({ a1: undefined, a2: undefined, a3: undefined });
  });

  it("labels options in the caller's language and follows a rename at once", async () => {
    const es = await columns({ columns: ['seasons', 'region'] }, spanish);
    expect(es.a1).toEqual({ seasons: 'Primavera, Verano', region: 'Europa › España' });
    await made(manager.patch(`/api/ops/metadata/option/${o.Europe}`, { label_en: 'EMEA' }), 200);
    expect((await columns({ columns: ['region'] })).a1).toEqual({ region: 'EMEA › Spain' });
  });

  it('pages the values with the cards', async () => {
    const r = await made(
      manager.post(`/api/ops/asset/list/all/${brand.root}?per_page=1&page=2`, { columns: ['budget'] }),
      200,
    );
    expect(r.items.map((a: Card) => [a.name, a.field_values])).toEqual([['a2.jpg', { budget: 0 }]]);
  });

  it('refuses a key that is not one of the brand fields, naming it, in the caller language', async () => {
    let r = await search({ columns: ['region', 'nope_field'] });
    expect(r.statusCode, r.body).toBe(422);
    expect(r.body).toContain('Nope field is not a metadata field of this brand');
    r = await search({ columns: ['nope_field'] }, spanish);
    expect(r.statusCode, r.body).toBe(422);
    expect(r.body).toContain('Nope field no es un campo de metadatos de esta marca');
    expect((await search({ columns: Array.from({ length: 13 }, (_, i) => `k${i}`) })).statusCode).toBe(422);
    expect((await search({ columns: 'region' })).statusCode).toBe(422);
  });

  it('runs a saved search that names columns even after one of its fields is deleted', async () => {
    const temp = await made(
      manager.post(`/api/ops/brand/${brand.id}/metadata/fields`, {
        key: 'temp',
        type: 'text',
        label_en: 'Temp',
        label_es: 'Temp',
      }),
    );
    const saved = await made(
      manager.post('/api/ops/saved-search/new', {
        name: 'With columns',
        folder_id: brand.root,
        search: { columns: ['temp'] },
      }),
    );
    await made(manager.req('DELETE', `/api/ops/metadata/field/${temp.id}?confirm=true`), 200);
    const r = await made(manager.get(`/api/ops/saved-search/${saved.id}/results`), 200);
    expect((r.items as Card[]).map((a) => a.name).sort()).toEqual(['a1.jpg', 'a2.jpg', 'a3.jpg']);
    expect((await search({ columns: ['temp'] })).statusCode).toBe(422);
  });
});
