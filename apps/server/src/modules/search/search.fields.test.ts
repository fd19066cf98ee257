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
import { queryPlan } from '../../../test/queryPlan.js';
import { searchQueries } from './search.where.repo.js';
import type { FieldCond } from './search.types.js';

type Res = Awaited<ReturnType<Client['get']>>;

let t: TestApp;
let admin: Client;
let manager: Client;
let member: Client;
let brand: { id: number; root: number };
const ids: Record<string, number> = {};
const o: Record<string, number> = {};
let a1: Record<string, unknown>;

async function made(r: Promise<Res>, status = 201) {
  const res = await r;
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}
const search = (body: Record<string, unknown>) => manager.post(`/api/ops/asset/list/all/${brand.root}`, body);
/** The names of the matches, in the answer's order. */
const names = async (body: Record<string, unknown>) =>
  ((await made(search(body), 200)).items as { name: string }[]).map((a) => a.name.replace('.jpg', ''));
const sorted = async (body: Record<string, unknown>) => (await names(body)).sort();
const put = (key: string, values: Record<string, unknown>) =>
  made(manager.put(`/api/ops/asset/${ids[key]}/fields`, { values }), 200);

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Field Search Co');
  manager = (await makeUser(t, admin, { roles: ['manager'], brands: [brand.id] })).client;
  member = (await makeUser(t, admin, { roles: ['member'], brands: [brand.id] })).client;
  const folder = await makeFolder(admin, brand.id, 'Shoots');
  const keys = ['a1', 'a2', 'a3', 'a4', 'a5'];
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
  const opt = async (v: number, label_en: string, parent_id: number | null = null) =>
    (o[label_en] = (await made(manager.post(`/api/ops/metadata/vocabulary/${v}/options`, { label_en, parent_id }))).id);
  const list = await vocab('Seasons', 'list');
  const tree = await vocab('Regions', 'tree');
  await opt(list.id, 'Spring');
  await opt(list.id, 'Summer');
  await opt(tree.id, 'Europe');
  await opt(tree.id, 'Spain', o.Europe);
  await opt(tree.id, 'France', o.Europe);
  await opt(tree.id, 'Asia');
  const field = (body: Record<string, unknown>) =>
    made(
      manager.post(`/api/ops/brand/${brand.id}/metadata/fields`, { label_es: `${String(body.label_en)} es`, ...body }),
    );
  const campaign = await field({
    key: 'campaign',
    type: 'select',
    label_en: 'Campaign',
    vocabulary_id: list.id,
    is_filter: true,
    asset_types: ['image'],
  });
  await field({ key: 'seasons', type: 'multi_select', label_en: 'Seasons', vocabulary_id: list.id, is_filter: true });
  await field({ key: 'region', type: 'tree', label_en: 'Region', vocabulary_id: tree.id, is_filter: true });
  await field({ key: 'budget', type: 'number', label_en: 'Budget', is_filter: true });
  await field({ key: 'launch', type: 'date', label_en: 'Launch', is_filter: true });
  await field({ key: 'approved', type: 'boolean', label_en: 'Approved', is_filter: true });
  await field({ key: 'headline', type: 'text', label_en: 'Headline' });
  a1 = {
    campaign: o.Spring,
    seasons: [o.Spring, o.Summer],
    region: o.Spain,
    budget: 100,
    launch: '2026-01-10',
    approved: true,
    headline: 'Sunny zebra days',
  };
  await put('a1', a1);
  await put('a2', { campaign: o.Summer, region: o.Europe, budget: 500, launch: '2026-05-01', approved: false });
  await put('a3', { region: o.Asia, budget: 50 });
  await put('a5', { campaign: o.Spring, seasons: [o.Summer], region: o.France, launch: '2025-12-31' });
  // Required once values are in: assets without one are the gaps.
  await made(manager.patch(`/api/ops/metadata/field/${campaign.id}`, { required: true }), 200);
});
afterAll(() => t.close());

describe("searching by a brand's own fields", () => {
  it('filters by each type of field, a tree node finding its descendants', async () => {
    expect(await sorted({ fields: { campaign: { any: [o.Spring] } } })).toEqual(['a1', 'a5']);
    expect(await sorted({ fields: { seasons: { any: [o.Summer] } } })).toEqual(['a1', 'a5']);
    expect(await sorted({ fields: { region: { any: [o.Europe] } } })).toEqual(['a1', 'a2', 'a5']);
    expect(await sorted({ fields: { region: { any: [o.Spain, o.Asia] } } })).toEqual(['a1', 'a3']);
    expect(await sorted({ fields: { budget: { min: 60, max: 600 } } })).toEqual(['a1', 'a2']);
    expect(await sorted({ fields: { budget: { max: 100 } } })).toEqual(['a1', 'a3']);
    expect(await sorted({ fields: { launch: { from: '2026-01-01' } } })).toEqual(['a1', 'a2']);
    expect(await sorted({ fields: { launch: { to: '2026-01-10' } } })).toEqual(['a1', 'a5']);
    expect(await sorted({ fields: { approved: { is: true } } })).toEqual(['a1']);
    expect(await sorted({ fields: { approved: { is: false } } })).toEqual(['a2']);
    expect(await sorted({ fields: { region: { any: [o.Europe] }, budget: { min: 200 } } })).toEqual(['a2']);
    expect(await sorted({ fields: { campaign: { missing: true } } })).toEqual(['a3', 'a4']);
    expect(await sorted({ fields: { headline: { missing: true } } })).toEqual(['a2', 'a3', 'a4', 'a5']);
  });

  it('counts filter fields in the facets, a tree node with its descendants, and gives ranges', async () => {
    const all = await made(search({}), 200);
    const f = all.facets.fields;
    const count = (key: string, label: string) =>
      (f[key].options as { id: number; count: number }[]).find((x) => x.id === o[label])?.count;
    expect([count('campaign', 'Spring'), count('campaign', 'Summer')]).toEqual([2, 1]);
    expect([count('seasons', 'Spring'), count('seasons', 'Summer')]).toEqual([1, 2]);
    expect(['Europe', 'Spain', 'France', 'Asia'].map((l) => count('region', l))).toEqual([3, 1, 1, 1]);
    expect(f.budget).toEqual({ min: 50, max: 500 });
    expect(f.launch).toEqual({ min: '2025-12-31', max: '2026-05-01' });
    expect(f.headline).toBeUndefined();
    // Over the matches only.
    const some = (await made(search({ fields: { budget: { min: 60 } } }), 200)).facets.fields;
    expect(some.region.options).toEqual(expect.arrayContaining([{ id: o.Europe, count: 2 }]));
    expect(some.budget).toEqual({ min: 100, max: 500 });
  });

  it('sorts by a number or date field, assets without a value last', async () => {
    expect(await names({ sort: { field: 'budget', mode: 'asc' } })).toEqual(['a3', 'a1', 'a2', 'a4', 'a5']);
    expect(await names({ sort: { field: 'budget', mode: 'desc' } })).toEqual(['a2', 'a1', 'a3', 'a5', 'a4']);
    expect(await names({ sort: { field: 'launch', mode: 'desc' } })).toEqual(['a2', 'a1', 'a5', 'a4', 'a3']);
    const page2 = await made(
      manager.post(`/api/ops/asset/list/all/${brand.root}?per_page=2&page=2`, {
        sort: { field: 'launch', mode: 'asc' },
      }),
      200,
    );
    expect(page2.items.map((a: { name: string }) => a.name)).toEqual(['a2.jpg', 'a3.jpg']);
    expect(page2.total).toBe(5);
  });

  it('finds text field values by their words, and follows their changes', async () => {
    expect(await names({ q: 'zebra' })).toEqual(['a1']);
    expect(await names({ q: 'sunny zeb' })).toEqual(['a1']);
    await put('a1', { ...a1, headline: 'Quiet giraffe' });
    expect(await names({ q: 'zebra' })).toEqual([]);
    expect(await names({ q: 'giraffe' })).toEqual(['a1']);
  });

  it('tells managers how many assets miss a required field, as the missing filter finds them', async () => {
    const gaps = await made(manager.get(`/api/ops/brand/${brand.id}/metadata/gaps`), 200);
    expect(gaps.items).toEqual([expect.objectContaining({ key: 'campaign', label_en: 'Campaign', missing: 2 })]);
    await put('a4', { campaign: o.Summer });
    const after = await made(manager.get(`/api/ops/brand/${brand.id}/metadata/gaps`), 200);
    expect(after.items[0].missing).toBe(1);
    expect(await sorted({ fields: { campaign: { missing: true } } })).toEqual(['a3']);
    expect((await member.get(`/api/ops/brand/${brand.id}/metadata/gaps`)).statusCode).toBe(403);
  });

  it('takes the same field filters on GET, as one JSON query parameter', async () => {
    const list = (fields: string) =>
      manager.get(`/api/ops/asset/list/all/${brand.root}?fields=${encodeURIComponent(fields)}`);
    const got = async (fields: unknown) =>
      ((await made(list(JSON.stringify(fields)), 200)).items as { name: string }[])
        .map((a) => a.name.replace('.jpg', ''))
        .sort();
    expect(await got({ region: { any: [o.Europe] } })).toEqual(['a1', 'a2', 'a5']);
    expect(await got({ region: { any: [o.Europe] }, budget: { min: 200 } })).toEqual(['a2']);
    expect(await got({})).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
    for (const bad of ['{"region":', '[1]', JSON.stringify({ budget: { any: [1] } })]) {
      const r = await list(bad);
      expect(r.statusCode, r.body).toBe(422);
      expect(r.body).toContain('fields');
    }
  });

  it('refuses unknown fields and filters that do not fit the type, naming the field', async () => {
    const bad = async (body: Record<string, unknown>, text: string) => {
      const r = await search(body);
      expect(r.statusCode, r.body).toBe(422);
      expect(r.body).toContain(text);
    };
    await bad({ fields: { nope: { missing: true } } }, 'fields.nope');
    await bad({ fields: { campaign: { min: 1 } } }, 'Campaign');
    await bad({ fields: { budget: { any: [1] } } }, 'Budget');
    await bad({ fields: { budget: { min: 9, max: 1 } } }, 'Budget');
    await bad({ fields: { launch: { from: '2026-02-01', to: '2026-01-01' } } }, 'Launch');
    await bad({ fields: { approved: {} } }, 'Approved');
    await bad({ fields: { headline: { is: true } } }, 'Headline');
    await bad({ sort: { field: 'headline' } }, 'Headline');
    expect((await search({ fields: { budget: { between: 1 } } })).statusCode).toBe(422);
    // Option ids past what an id column holds are refused as wrong, not failed on in PostgreSQL.
    await bad({ fields: { campaign: { any: [2 ** 31] } } }, 'fields.campaign.any');
    await bad({ fields: { region: { any: [o.Spain, 2 ** 53 - 1] } } }, 'fields.region.any');
  });

  it('reads each condition from its value index', async () => {
    const { db, dialect } = t.built.handle;
    const { filtered } = searchQueries(db, dialect);
    const fieldId = async (key: string) =>
      (await db.selectFrom('metadata_fields').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id;
    const plan = (c: FieldCond) =>
      queryPlan(
        db,
        dialect,
        filtered({ scope: { kind: 'brand', brandId: brand.id }, withPrivate: true, terms: [], fields: [c] })
          .select('asset_search.asset_id')
          .compile(),
      );
    const options = await plan({ kind: 'options', field: await fieldId('campaign'), ids: [o.Spring!] });
    expect(options).toContain('asset_field_values_option');
    expect(await plan({ kind: 'number', field: await fieldId('budget'), min: 1 })).toContain(
      'asset_field_values_number',
    );
    expect(await plan({ kind: 'date', field: await fieldId('launch'), from: '2026-01-01' })).toContain(
      'asset_field_values_date',
    );
  });
});
