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

let t: TestApp;
let admin: Client;
let member: Client;
let guest: Client;
/** A guest allowed asset.update: does not see PRIVATE assets. */
let editor: Client;
let brand: { id: number; root: number };
let other: { id: number; root: number };
let folder: number;
const a: Record<string, number> = {};
const o: Record<string, number> = {};

async function made(r: Promise<Res>, status = 201) {
  const res = await r;
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}
const valuesOf = async (key: string) => (await made(admin.get(`/api/ops/asset/${a[key]}/fields`), 200)).values;
const preview = (c: Client, body: unknown) => c.post('/api/ops/metadata/bulk/preview', body);

/** Applies through the API and waits for the job; answers the finished bulk edit. */
async function settled(c: Client, id: number) {
  for (let i = 0; i < 400; i++) {
    const r = await made(c.get(`/api/ops/metadata/bulk/${id}`), 200);
    if (r.status !== 'applying' && r.status !== 'undoing') return r;
    await new Promise((res) => setTimeout(res, 25));
  }
  throw new Error('bulk edit never finished');
}
const apply = async (c: Client, body: unknown) =>
  settled(c, (await made(c.post('/api/ops/metadata/bulk', body), 202)).id);
const undo = async (c: Client, id: number) =>
  settled(c, (await made(c.post(`/api/ops/metadata/bulk/${id}/undo`), 202)).id);
const fieldAudit = async (bulkId: number) =>
  (
    (await made(admin.get('/api/ops/audit/all?per_page=100&event=asset.fields'), 200)).items as {
      target: { id: number };
      info: { bulk_edit_id?: number; undo?: boolean };
      changes: Record<string, { before: unknown; after: unknown }>;
    }[]
  ).filter((e) => e.info?.bulk_edit_id === bulkId);

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Bulk Co');
  other = await makeBrand(admin, 'Bulk Other');
  member = (await makeUser(t, admin, { roles: ['member'], brands: [brand.id] })).client;
  guest = (await makeUser(t, admin, { roles: ['guest'], brands: [brand.id] })).client;
  editor = (await makeUser(t, admin, { roles: ['guest'], brands: [brand.id], permissions: ['asset.update'] })).client;
  folder = await makeFolder(admin, brand.id, 'Bulk');
  const otherFolder = await makeFolder(admin, other.id, 'Elsewhere');
  const rows = [
    ...['b-1', 'b-2', 'b-3', 'b-4'].map((k) => assetRow(brand.id, folder, k)),
    assetRow(brand.id, folder, 'b-doc', { type: 'document', name: 'b-doc.pdf' }),
    assetRow(brand.id, folder, 'b-priv', { visibility: 'PRIVATE' }),
    assetRow(other.id, otherFolder, 'b-other'),
  ];
  await insertAssets(t.built.handle.db, rows);
  for (const r of rows)
    a[r.blob_key.slice(5)] = (
      await t.built.handle.db
        .selectFrom('assets')
        .select('id')
        .where('blob_key', '=', r.blob_key)
        .executeTakeFirstOrThrow()
    ).id;
  const list = await made(
    admin.post(`/api/ops/brand/${brand.id}/metadata/vocabularies`, { name: 'Seasons', kind: 'list' }),
  );
  for (const label of ['Spring', 'Summer', 'Autumn'])
    o[label] = (await made(admin.post(`/api/ops/metadata/vocabulary/${list.id}/options`, { label_en: label }))).id;
  const field = (body: Record<string, unknown>) =>
    made(
      admin.post(`/api/ops/brand/${brand.id}/metadata/fields`, { label_es: `${String(body.label_en)} es`, ...body }),
    );
  await field({ key: 'campaign', type: 'select', label_en: 'Campaign', vocabulary_id: list.id });
  await field({ key: 'seasons', type: 'multi_select', label_en: 'Seasons', vocabulary_id: list.id });
  await field({ key: 'note', type: 'text', label_en: 'Note', label_es: 'Nota' });
  await field({ key: 'pages', type: 'number', label_en: 'Pages', asset_types: ['document'] });
  await made(admin.put(`/api/ops/asset/${a['b-1']}/fields`, { values: { campaign: o.Spring, note: 'kept' } }), 200);
});
afterAll(() => t.close());

describe('bulk edit of metadata fields', () => {
  it('previews and applies a set over a folder, only on assets the caller may update, one audit entry each', async () => {
    const body = { target: { folder: { id: folder } }, ops: { campaign: { op: 'set', value: o.Summer } } };
    // The editor does not see the PRIVATE asset: five reached, and b-1 already holds Spring.
    expect(await made(preview(editor, body), 200)).toEqual({ matched: 5, changed: 5, per_field: { campaign: 5 } });
    const same = { ...body, ops: { campaign: { op: 'set', value: o.Spring } } };
    expect(await made(preview(editor, same), 200)).toEqual({ matched: 5, changed: 4, per_field: { campaign: 4 } });

    const done = await apply(editor, same);
    expect(done).toMatchObject({ status: 'applied', matched: 5, changed: 4, done: 5, abilities: { undo: true } });
    expect(done.undo_until).toEqual(expect.any(String));
    const job = await made(editor.get(`/api/jobs/${done.job_id}`), 200);
    expect(job).toMatchObject({ status: 'done', progress: { done: 5, of: 5 } });
    for (const k of ['b-1', 'b-2', 'b-3', 'b-4', 'b-doc']) expect((await valuesOf(k)).campaign).toBe(o.Spring);
    expect((await valuesOf('b-priv')).campaign).toBeNull();
    expect((await valuesOf('b-1')).note).toBe('kept');
    const audit = await fieldAudit(done.id);
    expect(audit.map((e) => e.target.id).sort()).toEqual([a['b-2'], a['b-3'], a['b-4'], a['b-doc']].sort());
    expect(audit[0]!.changes.campaign).toEqual({ before: null, after: o.Spring });

    // A guest has no asset.update; another brand's asset is not reached (404, nothing written).
    expect((await preview(guest, same)).statusCode).toBe(403);
    const foreign = { target: { asset_ids: [a['b-1'], a['b-other']] }, ops: { note: { op: 'clear' } } };
    expect((await member.post('/api/ops/metadata/bulk', foreign)).statusCode).toBe(404);
    expect((await valuesOf('b-1')).note).toBe('kept');
  });

  it('adds, removes and clears, and counts only the assets that change', async () => {
    const ids = [a['b-1'], a['b-2'], a['b-3']];
    await made(admin.put(`/api/ops/asset/${a['b-2']}/fields`, { values: { seasons: [o.Summer], note: 'two' } }), 200);
    const add = { target: { asset_ids: ids }, ops: { seasons: { op: 'add', values: [o.Summer, o.Autumn] } } };
    expect(await made(preview(member, add), 200)).toMatchObject({ matched: 3, changed: 3 });
    await apply(member, add);
    expect((await valuesOf('b-2')).seasons).toEqual([o.Summer, o.Autumn].sort((x, y) => x! - y!));
    expect((await valuesOf('b-3')).seasons).toEqual([o.Summer, o.Autumn].sort((x, y) => x! - y!));

    const removeClear = {
      target: { asset_ids: ids },
      ops: { seasons: { op: 'remove', values: [o.Summer] }, note: { op: 'clear' } },
    };
    expect(await made(preview(member, removeClear), 200)).toEqual({
      matched: 3,
      changed: 3,
      per_field: { seasons: 3, note: 2 },
    });
    const done = await apply(member, removeClear);
    expect(done.changed).toBe(3);
    for (const k of ['b-1', 'b-2', 'b-3']) expect(await valuesOf(k)).toMatchObject({ seasons: [o.Autumn], note: null });
    expect(await made(preview(member, removeClear), 200)).toMatchObject({ changed: 0 });
  });

  it('searches and skips assets a field does not apply to', async () => {
    const body = {
      target: { search: { folder_id: folder, filters: { type: ['document'] } } },
      ops: { pages: { op: 'set', value: 12 } },
    };
    expect(await made(preview(member, body), 200)).toEqual({ matched: 1, changed: 1, per_field: { pages: 1 } });
    const byFolder = { target: { folder: { id: folder } }, ops: { pages: { op: 'set', value: 12 } } };
    expect(await made(preview(member, byFolder), 200)).toEqual({ matched: 6, changed: 1, per_field: { pages: 1 } });
    await apply(member, body);
    expect((await valuesOf('b-doc')).pages).toBe(12);
  });

  it('reaches by search only what the searcher finds: field conditions and words count', async () => {
    const bySearch = (filters: Record<string, unknown>) => ({
      target: { search: { folder_id: folder, filters } },
      ops: { note: { op: 'set', value: 'reached' } },
    });
    // No asset holds Autumn as its campaign, and "!!!" has no word to find: neither reaches any.
    const none = { matched: 0, changed: 0, per_field: { note: 0 } };
    expect(await made(preview(admin, bySearch({ fields: { campaign: { any: [o.Autumn] } } })), 200)).toEqual(none);
    expect(await made(preview(admin, bySearch({ q: '!!!' })), 200)).toEqual(none);
    expect((await admin.post('/api/ops/metadata/bulk', bySearch({ q: '!!!' }))).statusCode).toBe(422);
    const unknown = await preview(admin, bySearch({ fields: { nope: { missing: true } } }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.fields['fields.nope']).toMatch(/is not a metadata field of this brand/);
    for (const k of ['b-1', 'b-2', 'b-priv']) expect((await valuesOf(k)).note).not.toBe('reached');
  });

  it('takes numbers past an id as numbers, and refuses them as options', async () => {
    // A number field's value is not an option id, however large: a budget of three billion is fine.
    const big = { target: { asset_ids: [a['b-doc']] }, ops: { pages: { op: 'set', value: 3e9 } } };
    expect(await made(preview(member, big), 200)).toMatchObject({ matched: 1 });
    const huge = await member.post('/api/ops/metadata/bulk/preview', {
      target: { asset_ids: [a['b-1']] },
      ops: { campaign: { op: 'set', value: 2 ** 31 } },
    });
    expect(huge.statusCode, huge.body).toBe(422);
    expect(huge.json().error.fields['ops.campaign']).toMatch(/^Campaign must be one of its options/);
  });

  it('undoes the whole edit for its author or an administrator, audited', async () => {
    const before = await Promise.all(['b-1', 'b-2', 'b-3', 'b-4'].map(valuesOf));
    const done = await apply(member, {
      target: { asset_ids: [a['b-1'], a['b-2'], a['b-3'], a['b-4']] },
      ops: { note: { op: 'set', value: 'bulk' }, seasons: { op: 'add', values: [o.Spring] } },
    });
    expect((await valuesOf('b-4')).note).toBe('bulk');
    const stranger = (await makeUser(t, admin, { roles: ['member'], brands: [brand.id] })).client;
    expect((await stranger.get(`/api/ops/metadata/bulk/${done.id}`)).statusCode).toBe(404);
    expect((await stranger.post(`/api/ops/metadata/bulk/${done.id}/undo`)).statusCode).toBe(404);
    expect((await made(admin.get(`/api/ops/metadata/bulk/${done.id}`), 200)).abilities.undo).toBe(true);

    const undone = await undo(member, done.id);
    expect(undone).toMatchObject({ status: 'undone', abilities: { undo: false }, undo_until: null });
    expect(await Promise.all(['b-1', 'b-2', 'b-3', 'b-4'].map(valuesOf))).toEqual(before);
    const restored = (await fieldAudit(done.id)).filter((e) => e.info.undo);
    expect(restored).toHaveLength(4);
    expect(restored.find((e) => e.target.id === a['b-4'])!.changes.note).toEqual({ before: 'bulk', after: null });
    const again = await member.post(`/api/ops/metadata/bulk/${done.id}/undo`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('BULK_EDIT_BUSY');
  });

  it('refuses wrong operations with the field’s label, writing nothing', async () => {
    const target = { asset_ids: [a['b-1']] };
    const edits = async () => (await t.built.handle.db.selectFrom('bulk_edits').select('id').execute()).length;
    const before = await edits();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ campaign: { op: 'add', values: [o.Spring] } }, 'ops.campaign', /^Campaign: adding options applies/],
      [{ note: { op: 'remove', values: [o.Spring] } }, 'ops.note', /^Note: adding options applies/],
      [{ campaign: { op: 'set', value: 999999 } }, 'ops.campaign', /^Campaign must be one of its options/],
      [{ pages: { op: 'set', value: 'many' } }, 'ops.pages', /^Pages must be a number$/],
      [{ nonsense: { op: 'clear' } }, 'ops.nonsense', /is not a metadata field of this brand/],
    ];
    for (const [ops, path, message] of cases) {
      const r = await member.post('/api/ops/metadata/bulk', { target, ops });
      expect(r.statusCode, JSON.stringify(ops)).toBe(422);
      expect(r.json().error.fields[path], JSON.stringify(ops)).toMatch(message);
    }
    const es = (await makeUser(t, admin, { lang: 'es', roles: ['member'], brands: [brand.id] })).client;
    const spanish = await es.post('/api/ops/metadata/bulk/preview', {
      target,
      ops: { note: { op: 'add', values: [o.Spring] } },
    });
    expect(spanish.json().error.fields['ops.note']).toMatch(/^Nota: añadir opciones/);
    const two = await member.post('/api/ops/metadata/bulk', {
      target: { asset_ids: [a['b-1']], folder: { id: folder } },
      ops: { note: { op: 'clear' } },
    });
    expect(two.statusCode).toBe(422);
    expect(await edits()).toBe(before);
  });

  it('keeps the words search finds in step, through the undo too', async () => {
    const found = async () =>
      (await made(member.post(`/api/ops/asset/list/all/${folder}`, { q: 'zanzibar' }), 200)).total as number;
    const done = await apply(member, {
      target: { asset_ids: [a['b-3']] },
      ops: { note: { op: 'set', value: 'zanzibar shoot' } },
    });
    expect(await found()).toBe(1);
    await undo(member, done.id);
    expect(await found()).toBe(0);
  });

  it('refuses an undo after ten minutes', async () => {
    const done = await apply(member, {
      target: { asset_ids: [a['b-1']] },
      ops: { note: { op: 'set', value: 'late' } },
    });
    t.clock.advance(11 * 60_000);
    const r = await member.post(`/api/ops/metadata/bulk/${done.id}/undo`);
    expect(r.statusCode).toBe(409);
    expect(r.json().error).toMatchObject({ code: 'BULK_UNDO_EXPIRED', message: expect.stringMatching(/10 minutes/) });
    expect((await made(member.get(`/api/ops/metadata/bulk/${done.id}`), 200)).abilities.undo).toBe(false);
    expect((await valuesOf('b-1')).note).toBe('late');
  });

  it('deletes the values kept for an undo once it has expired, at the next clean-up run', async () => {
    const db = t.built.handle.db;
    const kept = (id: number) =>
      db.selectFrom('bulk_edit_values').select('asset_id').where('bulk_edit_id', '=', id).execute();
    const old = await apply(member, {
      target: { asset_ids: [a['b-1']] },
      ops: { note: { op: 'set', value: 'older' } },
    });
    expect(await kept(old.id)).toHaveLength(1);
    t.clock.advance(11 * 60_000);
    const fresh = await apply(member, {
      target: { asset_ids: [a['b-1']] },
      ops: { note: { op: 'set', value: 'fresh' } },
    });

    // The worker's recurring clean-up (every ten minutes) runs for the new slot the clock reached.
    for (let i = 0; i < 200 && (await kept(old.id)).length; i++) {
      await t.built.worker!.runUntilIdle();
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(await kept(old.id)).toEqual([]);
    // The edit still within its ten minutes keeps what its undo needs, and the undo works.
    expect(await kept(fresh.id)).toHaveLength(1);
    expect((await undo(member, fresh.id)).status).toBe('undone');
    expect((await valuesOf('b-1')).note).toBe('older');
  });
});
