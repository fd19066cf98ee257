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
type Option = { id: number; label_en: string; depth: number; asset_count: number; retired: boolean };

let t: TestApp;
let admin: Client;
let manager: Client;
let brand: { id: number; root: number };
let other: { id: number; root: number };
let folder: number;
const assets: Record<string, number> = {};

const fieldsUrl = (b = brand.id) => `/api/ops/brand/${b}/metadata/fields`;
const vocabUrl = (b = brand.id) => `/api/ops/brand/${b}/metadata/vocabularies`;
const valuesUrl = (id: number) => `/api/ops/asset/${id}/fields`;
const optionsUrl = (v: number) => `/api/ops/metadata/vocabulary/${v}/options`;

async function made(r: Promise<Res>, status = 201) {
  const res = await r;
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}
const vocabulary = (name: string, kind: 'list' | 'tree', b = brand.id) =>
  made(manager.post(vocabUrl(b), { name, kind }));
const option = (v: number, label_en: string, parent_id: number | null = null, label_es?: string) =>
  made(manager.post(optionsUrl(v), { label_en, parent_id, ...(label_es ? { label_es } : {}) }));
const field = (body: Record<string, unknown>) =>
  made(manager.post(fieldsUrl(), { label_es: `${String(body.label_en)} (es)`, ...body }));
const auditOf = async (event: string) =>
  (await admin.get(`/api/ops/audit/all?per_page=100&event=${event}`)).json().items;
const optionsOf = async (v: number) => (await made(manager.get(optionsUrl(v)), 200)).items as Option[];

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Metadata Co');
  other = await makeBrand(admin, 'Metadata Other');
  manager = (await makeUser(t, admin, { roles: ['manager'], brands: [brand.id] })).client;
  folder = await makeFolder(admin, brand.id, 'Campaigns');
  const keys = ['md-1', 'md-2', 'md-3', 'md-4', 'md-5', 'md-6', 'md-doc'];
  await insertAssets(
    t.built.handle.db,
    keys.map((k) => assetRow(brand.id, folder, k, k === 'md-doc' ? { type: 'document', name: 'md-doc.pdf' } : {})),
  );
  for (const k of keys)
    assets[k] = (
      await t.built.handle.db
        .selectFrom('assets')
        .select('id')
        .where('blob_key', '=', `test/${k}`)
        .executeTakeFirstOrThrow()
    ).id;
});
afterAll(() => t.close());

describe("a brand's metadata fields", () => {
  it('takes a value of every type, gives it back, and records the change', async () => {
    const list = await vocabulary('Campaigns', 'list');
    const tree = await vocabulary('Regions', 'tree');
    const spring = await option(list.id, 'Spring');
    const summer = await option(list.id, 'Summer');
    const europe = await option(tree.id, 'Europe');
    const spain = await option(tree.id, 'Spain', europe.id, 'España');
    const created = {
      headline: await field({ key: 'headline', type: 'text', label_en: 'Headline' }),
      story: await field({ key: 'story', type: 'long_text', label_en: 'Story' }),
      budget: await field({ key: 'budget', type: 'number', label_en: 'Budget' }),
      launch: await field({ key: 'launch', type: 'date', label_en: 'Launch' }),
      approved: await field({ key: 'approved', type: 'boolean', label_en: 'Approved' }),
      site: await field({ key: 'site', type: 'url', label_en: 'Site' }),
      campaign: await field({ key: 'campaign', type: 'select', label_en: 'Campaign', vocabulary_id: list.id }),
      seasons: await field({ key: 'seasons', type: 'multi_select', label_en: 'Seasons', vocabulary_id: list.id }),
      region: await field({ key: 'region', type: 'tree', label_en: 'Region', vocabulary_id: tree.id }),
    };
    expect(created.campaign).toMatchObject({ type: 'select', required: false, asset_types: expect.any(Array) });
    const listed = (await made0(manager.get(fieldsUrl()))).items.map((f: { key: string }) => f.key);
    expect(listed).toEqual(Object.keys(created));

    const values = {
      headline: 'Sunny days',
      story: 'Line one\nLine two',
      budget: 1250.5,
      launch: '2026-03-21',
      approved: true,
      site: 'https://example.com/spring',
      campaign: spring.id,
      seasons: [summer.id, spring.id],
      region: spain.id,
    };
    const put = await made(manager.put(valuesUrl(assets['md-1']!), { values }), 200);
    expect(put.values).toEqual({ ...values, seasons: [spring.id, summer.id].sort((a, b) => a - b) });
    const member = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    expect((await made(member.client.get(valuesUrl(assets['md-1']!)), 200)).values).toEqual(put.values);

    // A tree value is stored as its node, found with every ancestor's path prefix.
    const under = await t.built.handle.db
      .selectFrom('asset_field_values')
      .innerJoin('vocabulary_options', 'vocabulary_options.id', 'asset_field_values.option_id')
      .select('asset_field_values.asset_id')
      .where('vocabulary_options.path', 'like', `/${europe.id}/%`)
      .execute();
    expect(under.map((r) => r.asset_id)).toEqual([assets['md-1']]);

    const audit = await auditOf('asset.fields');
    expect(audit[0].target).toMatchObject({ type: 'asset', id: assets['md-1'] });
    expect(audit[0].changes.budget).toEqual({ before: null, after: 1250.5 });
    expect(await auditOf('metadata.field.create')).toHaveLength(9);
  });

  it('refuses wrong values with the field’s own label, in the reader’s language, writing nothing', async () => {
    const list = await vocabulary('Tones', 'list');
    const warm = await option(list.id, 'Warm');
    const retired = await option(list.id, 'Cold');
    await made(manager.post(`/api/ops/metadata/option/${retired.id}/retire`, { retired: true }), 200);
    // This brand's manager does not reach another brand's vocabularies.
    expect((await manager.post(vocabUrl(other.id), { name: 'Other tones', kind: 'list' })).statusCode).toBe(404);
    const foreign = await made(admin.post(vocabUrl(other.id), { name: 'Foreign', kind: 'list' }));
    const foreignOption = await made(admin.post(optionsUrl(foreign.id), { label_en: 'Foreign' }));
    await field({
      key: 'tone',
      type: 'select',
      label_en: 'Tone',
      label_es: 'Tono',
      vocabulary_id: list.id,
      required: true,
    });
    await field({ key: 'pages', type: 'number', label_en: 'Pages', label_es: 'Páginas', asset_types: ['document'] });
    const asset = assets['md-2']!;
    const before = (await made(manager.get(valuesUrl(asset)), 200)).values;

    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ tone: null }, 'values.tone', /^Tone is a required field$/],
      [{ tone: 999999 }, 'values.tone', /^Tone must be one of its options/],
      [{ tone: retired.id }, 'values.tone', /^Tone must be one of its options/],
      [{ tone: foreignOption.id }, 'values.tone', /^Tone must be one of its options/],
      [{ tone: warm.id, pages: 3 }, 'values.pages', /^Pages does not apply/],
      [{ tone: warm.id, budget: 'many' }, 'values.budget', /^Budget must be a number$/],
      [{ tone: warm.id, launch: '2026-02-30' }, 'values.launch', /^Launch must be a date/],
      [{ tone: warm.id, site: 'javascript:alert(1)' }, 'values.site', /^Site must be a web address/],
      [{ tone: warm.id, approved: 'yes' }, 'values.approved', /^Approved must be yes or no$/],
      [{ tone: warm.id, nonsense: 'x' }, 'values.nonsense', /is not a metadata field of this brand/],
    ];
    for (const [values, path, message] of cases) {
      const r = await manager.put(valuesUrl(asset), { values });
      expect(r.statusCode, JSON.stringify(values)).toBe(422);
      expect(r.json().error.fields[path], JSON.stringify(values)).toMatch(message);
    }
    const es = await makeUser(t, admin, { lang: 'es', roles: ['manager'], brands: [brand.id] });
    const spanish = await es.client.put(valuesUrl(asset), { values: {} });
    expect(spanish.json().error.fields['values.tone']).toBe('El campo Tono es obligatorio');
    expect((await made(manager.get(valuesUrl(asset)), 200)).values).toEqual(before);

    // The document takes pages, and a required field not for its type is not asked of it.
    const doc = await manager.put(valuesUrl(assets['md-doc']!), { values: { pages: 12 } });
    expect(doc.statusCode, doc.body).toBe(422);
    expect(Object.keys(doc.json().error.fields)).toEqual(['values.tone']);
    await made(
      manager.patch(`/api/ops/metadata/field/${(await fieldByKey('tone')).id}`, { asset_types: ['image'] }),
      200,
    );
    expect((await made(manager.put(valuesUrl(assets['md-doc']!), { values: { pages: 12 } }), 200)).values.pages).toBe(
      12,
    );
  });

  it('keeps values through a rename, refuses a type change once values exist, and asks before deleting', async () => {
    const f = await field({ key: 'code', type: 'text', label_en: 'Code' });
    await made(manager.put(valuesUrl(assets['md-doc']!), { values: { code: 'A-1', pages: 12 } }), 200);
    const renamed = await made(
      manager.patch(`/api/ops/metadata/field/${f.id}`, { key: 'ref', label_en: 'Reference' }),
      200,
    );
    expect(renamed).toMatchObject({ key: 'ref', label_en: 'Reference', type: 'text' });
    expect((await made(manager.get(valuesUrl(assets['md-doc']!)), 200)).values.ref).toBe('A-1');
    const retype = await manager.patch(`/api/ops/metadata/field/${f.id}`, { type: 'number' });
    expect(retype.statusCode).toBe(422);
    expect(retype.json().error.fields.type).toMatch(/1 assets hold values/);

    const ask = await manager.req('DELETE', `/api/ops/metadata/field/${f.id}`);
    expect(ask.statusCode).toBe(409);
    expect(ask.json().error.code).toBe('FIELD_HAS_VALUES');
    expect(ask.json().error.fields.confirm).toMatch(/^Confirmation: 1 assets hold a value/);
    expect((await made(manager.get(valuesUrl(assets['md-doc']!)), 200)).values.ref).toBe('A-1');
    await made(manager.req('DELETE', `/api/ops/metadata/field/${f.id}?confirm=true`), 200);
    expect((await made(manager.get(valuesUrl(assets['md-doc']!)), 200)).values).not.toHaveProperty('ref');
    const [entry] = await auditOf('metadata.field.delete');
    expect(entry).toMatchObject({ target: { type: 'metadata_field', id: f.id }, info: { values: 1 } });
  });
});

async function fieldByKey(key: string) {
  return (await made0(manager.get(fieldsUrl()))).items.find((f: { key: string }) => f.key === key);
}
async function made0(r: Promise<Res>) {
  return made(r, 200);
}

describe('vocabulary options', () => {
  it('carry every asset through a rename and a merge, with no value left twice or dangling', async () => {
    const v = await vocabulary('Products', 'list');
    const [a, b, c] = [await option(v.id, 'Shoes'), await option(v.id, 'Shoe'), await option(v.id, 'Boots')];
    await field({ key: 'products', type: 'multi_select', label_en: 'Products', vocabulary_id: v.id });
    // tone is required on images: give the images one first.
    const tone = (await fieldByKey('tone')).vocabulary_id as number;
    const warm = (await optionsOf(tone)).find((o) => o.label_en === 'Warm')!.id;
    const put = (k: string, ids: number[]) =>
      made(admin.put(valuesUrl(assets[k]!), { values: { products: ids, tone: warm } }), 200);
    await put('md-3', [a.id]);
    await put('md-4', [a.id, b.id]);
    await put('md-5', [b.id, c.id]);

    await made(
      manager.patch(`/api/ops/metadata/option/${a.id}`, { label_en: 'Sneakers', label_es: 'Zapatillas' }),
      200,
    );
    expect((await made0(manager.get(valuesUrl(assets['md-3']!)))).values.products).toEqual([a.id]);
    const taken = await manager.patch(`/api/ops/metadata/option/${b.id}`, { label_en: 'sneakers' });
    expect(taken.statusCode).toBe(422);

    const merged = await made(manager.post(`/api/ops/metadata/option/${b.id}/merge`, { into: a.id }), 200);
    expect(merged).toMatchObject({ id: a.id, label_en: 'Sneakers', asset_count: 3 });
    for (const [k, want] of [
      ['md-3', [a.id]],
      ['md-4', [a.id]],
      ['md-5', [a.id, c.id].sort((x, y) => x - y)],
    ] as const)
      expect((await made0(manager.get(valuesUrl(assets[k]!)))).values.products).toEqual(want);
    const opts = await optionsOf(v.id);
    expect(opts.map((o) => [o.label_en, o.asset_count])).toEqual([
      ['Sneakers', 3],
      ['Boots', 1],
    ]);
    const dangling = await t.built.handle.db
      .selectFrom('asset_field_values')
      .select('asset_id')
      .where('option_id', '=', b.id)
      .execute();
    expect(dangling).toEqual([]);
    expect((await auditOf('metadata.option.merge'))[0].info).toMatchObject({ option: b.id, into: a.id, assets: 2 });

    // The loser of two merges of one option gets a 409, never a 500.
    const d = await option(v.id, 'Sandals');
    const answers = await Promise.all([
      manager.post(`/api/ops/metadata/option/${d.id}/merge`, { into: a.id }),
      admin.post(`/api/ops/metadata/option/${d.id}/merge`, { into: c.id }),
    ]);
    // The loser finds the option claimed and gone (409), or already gone when it looks it up (404).
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([404, 409]).toContain(statuses[1]);
    // A value set while its option is merged away ends on the option merged into, or is refused.
    const e = await option(v.id, 'Clogs');
    const [setting, merging] = await Promise.all([
      admin.put(valuesUrl(assets['md-6']!), { values: { products: [e.id], tone: warm } }),
      manager.post(`/api/ops/metadata/option/${e.id}/merge`, { into: c.id }),
    ]);
    expect(merging.statusCode, merging.body).toBe(200);
    expect([200, 409, 422]).toContain(setting.statusCode);
    const held = (await made0(manager.get(valuesUrl(assets['md-6']!)))).values.products;
    expect(held).toEqual(setting.statusCode === 200 ? [c.id] : []);
    const late = await manager.patch(`/api/ops/metadata/option/${d.id}`, { label_en: 'Late' });
    expect([404, 409]).toContain(late.statusCode);
  });

  it('imports a tree from paths and indented lines, reusing what exists, and moves nodes with their subtree', async () => {
    const v = await vocabulary('Places', 'tree');
    const text = ['Region › Europe › Spain', 'Region › Europe › France', 'Region', '  Asia', '    Japan', 'Other'].join(
      '\n',
    );
    expect(await made(manager.post(`/api/ops/metadata/vocabulary/${v.id}/import`, { text }), 200)).toEqual({
      added: 7,
      kept: 0,
    });
    expect(
      await made(
        manager.post(`/api/ops/metadata/vocabulary/${v.id}/import`, { text: 'Region › Asia › Japan\nRegion › Africa' }),
        200,
      ),
    ).toEqual({ added: 1, kept: 3 });
    const tree = await optionsOf(v.id);
    expect(tree.map((o) => `${'-'.repeat(o.depth)}${o.label_en}`)).toEqual([
      'Region',
      '-Europe',
      '--Spain',
      '--France',
      '-Asia',
      '--Japan',
      '-Africa',
      'Other',
    ]);
    const id = (label: string) => tree.find((o) => o.label_en === label)!.id;
    // Europe goes under Other, first: Spain and France follow, and are found under Other.
    await made(
      manager.post(`/api/ops/metadata/option/${id('Europe')}/move`, { parent_id: id('Other'), position: 0 }),
      200,
    );
    const paths = await t.built.handle.db
      .selectFrom('vocabulary_options')
      .select('label_en')
      .where('path', 'like', `/${id('Other')}/%`)
      .orderBy('id')
      .execute();
    expect(paths.map((p) => p.label_en)).toEqual(['Europe', 'Spain', 'France', 'Other']);
    const loop = await manager.post(`/api/ops/metadata/option/${id('Other')}/move`, {
      parent_id: id('Spain'),
      position: 0,
    });
    expect(loop.statusCode).toBe(422);
    expect(Object.keys(loop.json().error.fields)).toEqual(['parent_id']);
  });

  it('keeps a vocabulary while a field uses it, and retires options and brings them back', async () => {
    const v = await vocabulary('Kept', 'list');
    const f = await field({ key: 'kept', type: 'select', label_en: 'Kept', vocabulary_id: v.id });
    const old = await option(v.id, 'Old');
    const retired = await made(manager.post(`/api/ops/metadata/option/${old.id}/retire`, { retired: true }), 200);
    expect(retired).toMatchObject({ id: old.id, retired: true });
    expect((await optionsOf(v.id)).map((o) => [o.label_en, o.retired])).toEqual([['Old', true]]);
    const back = await made(manager.post(`/api/ops/metadata/option/${old.id}/retire`, { retired: false }), 200);
    expect(back.retired).toBe(false);
    expect((await auditOf('metadata.option.retire')).map((a: { changes: unknown }) => a.changes)).toContainEqual({
      retired: { before: true, after: false },
    });
    const refused = await manager.req('DELETE', `/api/ops/metadata/vocabulary/${v.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('VOCABULARY_IN_USE');
    const tree = await manager.post(fieldsUrl(), {
      key: 'bad-tree',
      type: 'tree',
      label_en: 'T',
      label_es: 'T',
      vocabulary_id: v.id,
    });
    expect(tree.json().error.fields.vocabulary_id).toMatch(/tree field takes a tree vocabulary/);
    await made(manager.req('DELETE', `/api/ops/metadata/field/${f.id}`), 200);
    await made(manager.req('DELETE', `/api/ops/metadata/vocabulary/${v.id}`), 200);
    const outsider = await makeUser(t, admin, { roles: ['manager'], brands: [other.id] });
    expect((await outsider.client.get(fieldsUrl())).statusCode).toBe(404);
    expect(
      (await outsider.client.post(fieldsUrl(), { key: 'x', type: 'text', label_en: 'X', label_es: 'X' })).statusCode,
    ).toBe(404);
  });
});
