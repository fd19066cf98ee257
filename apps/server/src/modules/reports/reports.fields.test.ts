import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, assetRow, insertAssets, makeBrand, makeFolder, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';
import { colOf, load, rowOf, save, settled, upload } from './reports.fixtures.js';

/** Brand fields in asset templates (issue 39 §3): out as text and lists, back in with the same checks. */
let t: TestApp;
let admin: Client;
let brand: { id: number; root: number };
let folder: number;
const ids: Record<string, number> = {};
const opt: Record<string, number> = {};

async function made(url: string, body: unknown) {
  const r = await admin.post(url, body);
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Sheet Fields Co');
  folder = await makeFolder(admin, brand.id, 'Shots', brand.root);
  await insertAssets(t.built.handle.db, [assetRow(brand.id, folder, 'one'), assetRow(brand.id, folder, 'two')]);
  for (const k of ['one', 'two'])
    ids[k] = (
      await t.built.handle.db
        .selectFrom('assets')
        .select('id')
        .where('name', '=', `${k}.jpg`)
        .where('brand_id', '=', brand.id)
        .executeTakeFirstOrThrow()
    ).id;
  const b = brand.id;
  const list = await made(`/api/ops/brand/${b}/metadata/vocabularies`, { name: 'Seasons', kind: 'list' });
  const tags = await made(`/api/ops/brand/${b}/metadata/vocabularies`, { name: 'Tags', kind: 'list' });
  const tree = await made(`/api/ops/brand/${b}/metadata/vocabularies`, { name: 'Regions', kind: 'tree' });
  const option = (v: number, label_en: string, parent_id: number | null = null, label_es?: string) =>
    made(`/api/ops/metadata/vocabulary/${v}/options`, { label_en, parent_id, ...(label_es ? { label_es } : {}) });
  opt.spring = (await option(list.id, 'Spring', null, 'Primavera')).id;
  opt.summer = (await option(list.id, 'Summer', null, 'Verano')).id;
  opt.red = (await option(tags.id, 'Red')).id;
  opt.blue = (await option(tags.id, 'Blue')).id;
  opt.region = (await option(tree.id, 'Region')).id;
  opt.europe = (await option(tree.id, 'Europe', opt.region)).id;
  opt.spain = (await option(tree.id, 'Spain', opt.europe, 'España')).id;
  opt.france = (await option(tree.id, 'France', opt.europe)).id;
  const field = (x: Record<string, unknown>) =>
    made(`/api/ops/brand/${b}/metadata/fields`, { label_es: `${String(x.label_en)} ES`, ...x });
  await field({ key: 'season', type: 'select', label_en: 'Season', vocabulary_id: list.id });
  await field({ key: 'tags', type: 'multi_select', label_en: 'Tags', vocabulary_id: tags.id });
  await field({ key: 'region', type: 'tree', label_en: 'Region', vocabulary_id: tree.id });
  await field({ key: 'budget', type: 'number', label_en: 'Budget' });
  await field({ key: 'launch', type: 'date', label_en: 'Launch' });
  const put = await admin.put(`/api/ops/asset/${ids.one}/fields`, {
    values: { season: opt.spring, tags: [opt.red], region: opt.spain, budget: 10, launch: '2026-01-02' },
  });
  expect(put.statusCode, put.body).toBe(200);
});
afterAll(() => t?.close());

const done = async (id: number) => {
  const x = await settled(admin, id, 'scheduled');
  return x.state === 'applying' ? settled(admin, id, 'applying') : x;
};

describe('brand fields in asset templates', () => {
  it('round-trips: export, edit the cells, import, and the values changed', async () => {
    const r = await admin.post('/api/ops/report/get/asset/template', { folder_ids: [folder] });
    expect(r.statusCode).toBe(200);
    const wb = await load(r.rawPayload);
    const ws = wb.getWorksheet('Assets')!;
    const col = (h: string) => colOf(ws, h);
    const one = rowOf(ws, ids.one!);
    expect(one.getCell(col('Season [season]')).value).toBe('Spring');
    expect(one.getCell(col('Region [region]')).value).toBe('Region › Europe › Spain');
    expect(one.getCell(col('Budget [budget]')).value).toBe('10');
    expect(one.getCell(col('Launch [launch]')).value).toBe('2026-01-02');
    // Selects take their options from the hidden Lists sheet.
    const validation = one.getCell(col('Season [season]')).dataValidation;
    expect(validation).toMatchObject({ type: 'list' });
    const lists = wb.getWorksheet('Lists')!;
    const listed = lists
      .getSheetValues()
      .flat()
      .filter((v) => typeof v === 'string');
    expect(listed).toEqual(expect.arrayContaining(['Spring', 'Summer', 'Region › Europe › France']));

    one.getCell(col('Season [season]')).value = 'Verano';
    one.getCell(col('Tags [tags]')).value = 'Red; Blue';
    one.getCell(col('Region [region]')).value = 'Region › Europe › France';
    one.getCell(col('Budget [budget]')).value = '12.5';
    one.getCell(col('Launch [launch]')).value = '2026-03-04';
    const two = rowOf(ws, ids.two!);
    two.getCell(col('Budget [budget]')).value = 'a lot';
    // A column for a field the brand does not have: reported and ignored.
    ws.getRow(1).getCell(ws.getRow(1).cellCount + 1).value = 'Mood [mood]';
    one.getCell(ws.getRow(1).cellCount).value = 'happy';

    const up = await upload(admin, 'asset', await save(wb));
    expect(up.statusCode, up.body).toBe(202);
    const imp = await settled(admin, up.json().import.id, 'previewing');
    expect(imp).toMatchObject({ state: 'ready', counts: { change: 1, refused: 1 }, ignored_columns: ['Mood [mood]'] });
    const rows = (await admin.get(`/api/ops/report/import/${imp.id}/rows?per_page=50`)).json().items;
    const byTarget = Object.fromEntries(rows.map((x: { target_id: number }) => [x.target_id, x]));
    expect(byTarget[ids.two!].reason).toBe('Budget: the value is not valid');
    expect(byTarget[ids.one!].changes).toEqual(
      expect.arrayContaining([
        { field: 'Region', before: 'Region › Europe › Spain', after: 'Region › Europe › France' },
      ]),
    );

    expect((await admin.post(`/api/ops/report/import/${imp.id}/apply`, {})).statusCode).toBe(202);
    expect(await done(imp.id)).toMatchObject({ state: 'applied', result: { applied: 1, refused: 1 } });
    const values = (await admin.get(`/api/ops/asset/${ids.one}/fields`)).json().values;
    expect(values).toEqual({
      season: opt.summer,
      tags: [opt.red, opt.blue].sort((a, b) => a! - b!),
      region: opt.france,
      budget: 12.5,
      launch: '2026-03-04',
    });
  });

  it('exports a search with its field conditions: only the assets the searcher finds', async () => {
    const bySearch = (filters: Record<string, unknown>) =>
      admin.post('/api/ops/report/get/asset/template', { search: { folder_id: folder, filters } });
    const r = await bySearch({ fields: { budget: { min: 5 } } });
    expect(r.statusCode, r.body).toBe(200);
    const ws = (await load(r.rawPayload)).getWorksheet('Assets')!;
    const listed = [];
    for (let row = 2; row <= ws.rowCount; row++) listed.push(Number(ws.getCell(row, 1).value));
    expect(listed).toEqual([ids.one]);
    const unknown = await bySearch({ fields: { nope: { missing: true } } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.fields['fields.nope']).toMatch(/is not a metadata field of this brand/);
  });

  it('refuses an option that is not in the list, naming the field and the value', async () => {
    const r = await admin.post('/api/ops/report/get/asset/template', { asset_ids: [ids.two] });
    const wb = await load(r.rawPayload);
    const ws = wb.getWorksheet('Assets')!;
    rowOf(ws, ids.two!).getCell(colOf(ws, 'Region [region]')).value = 'Region › Asia';
    const imp = await settled(admin, (await upload(admin, 'asset', await save(wb))).json().import.id, 'previewing');
    const rows = (await admin.get(`/api/ops/report/import/${imp.id}/rows`)).json().items;
    expect(rows[0].reason).toBe('Region: "Region › Asia" is not one of the allowed values');
    expect(imp.ignored_columns).toEqual([]);
  });
});
