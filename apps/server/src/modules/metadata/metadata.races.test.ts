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
import { untilBlockedOnLock } from '../../../test/lockWait.js';

/**
 * Changes that lose a race on PostgreSQL: another transaction deletes what a change read before
 * its write (SQLite runs writes one at a time, so there is no such window there).
 */
type Res = Awaited<ReturnType<Client['get']>>;

let t: TestApp;
let manager: Client;
let brand: { id: number; root: number };
let doc: number;

const fieldsUrl = () => `/api/ops/brand/${brand.id}/metadata/fields`;
const valuesUrl = (id: number) => `/api/ops/asset/${id}/fields`;

async function made(r: Promise<Res>, status = 201) {
  const res = await r;
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}
const field = (body: Record<string, unknown>) =>
  made(manager.post(fieldsUrl(), { label_es: `${String(body.label_en)} (es)`, ...body }));
const vocabulary = (name: string, kind: 'list' | 'tree') =>
  made(manager.post(`/api/ops/brand/${brand.id}/metadata/vocabularies`, { name, kind }));

beforeAll(async () => {
  t = await startApp();
  const admin = await adminClient(t);
  brand = await makeBrand(admin, 'Races Co');
  manager = (await makeUser(t, admin, { roles: ['manager'], brands: [brand.id] })).client;
  const folder = await makeFolder(admin, brand.id, 'Races');
  await insertAssets(t.built.handle.db, [
    assetRow(brand.id, folder, 'race-doc', { type: 'document', name: 'race.pdf' }),
  ]);
  doc = (
    await t.built.handle.db
      .selectFrom('assets')
      .select('id')
      .where('blob_key', '=', 'test/race-doc')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t?.close());

describe.runIf(process.env.TEST_DB === 'postgres')('metadata changes that lose a race', () => {
  it('answers 409, not 500, when the field is deleted while values are saved', async () => {
    const f = await field({ key: 'vanishing', type: 'text', label_en: 'Vanishing', asset_types: ['document'] });
    let put: Promise<Res> | undefined;
    await t.built.handle.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('metadata_fields').where('id', '=', f.id).execute();
      put = manager.put(valuesUrl(doc), { values: { vanishing: 'late' } });
      // The save reads the field, then waits on the delete's lock to write its value.
      await untilBlockedOnLock(trx, 'the save to wait on the delete');
    });
    const r = await put!;
    expect(r.statusCode, r.body).toBe(409);
    expect((await made(manager.get(valuesUrl(doc)), 200)).values).not.toHaveProperty('vanishing');
  });

  it('answers 409, not 500, when the field is deleted while the embedded mapping is saved', async () => {
    const f = await field({ key: 'byline', type: 'text', label_en: 'Byline' });
    const url = `/api/ops/brand/${brand.id}/metadata/mapping`;
    let put: Promise<Res> | undefined;
    await t.built.handle.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('metadata_fields').where('id', '=', f.id).execute();
      put = manager.put(url, { items: [{ source: 'creator', field_id: f.id }] });
      await untilBlockedOnLock(trx, 'the mapping to wait on the delete');
    });
    const r = await put!;
    expect(r.statusCode, r.body).toBe(409);
    const mapping = await made(manager.get(url), 200);
    expect(mapping.items).toContainEqual({ source: 'creator', field_id: null });
  });

  it('answers 409, not 500, when the vocabulary is deleted while a field is made with it', async () => {
    const v = await vocabulary('Fleeting', 'list');
    let post: Promise<Res> | undefined;
    await t.built.handle.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('vocabularies').where('id', '=', v.id).execute();
      post = manager.post(fieldsUrl(), {
        key: 'fleeting',
        type: 'select',
        label_en: 'Fleeting',
        label_es: 'Fugaz',
        vocabulary_id: v.id,
      });
      await untilBlockedOnLock(trx, 'the new field to wait on the delete');
    });
    const r = await post!;
    expect(r.statusCode, r.body).toBe(409);
    const keys = (await made(manager.get(fieldsUrl()), 200)).items.map((f: { key: string }) => f.key);
    expect(keys).not.toContain('fleeting');
  });
});
