import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldersPurgeTrash } from '../../worker/handlers/folders.purgeTrash.js';
import { adminClient, insertFolderAssets, makeBrand, makeFolder, makeUser, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';
import { jobUnits } from '../../jobUnits.js';

let t: TestApp;
let admin: Client;
let brand: { id: number; root: number };
let seq = 0;
beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Trash Co');
});
afterAll(() => t.close());

const db = () => t.built.handle.db;
/** `n` active JPEGs in a folder. */
const assets = (folderId: number, n: number, over: Record<string, unknown> = {}) =>
  insertFolderAssets(
    db(),
    brand.id,
    folderId,
    Array.from({ length: n }, () => `trash-${++seq}`),
    over,
  );
const statusOf = async (ids: number[]) =>
  (await db().selectFrom('assets').select(['id', 'status']).where('id', 'in', ids).orderBy('id').execute()).map(
    (r) => r.status,
  );
const searchTotal = async (folderId: number, body: Record<string, unknown> = {}) => {
  const r = await admin.post(`/api/ops/asset/list/all/${folderId}`, body);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { total: number; facets: Record<string, { value: string; count: number }[]> };
};
const brandAssets = async () => (await admin.get(`/api/ops/brand/${brand.id}`)).json().brand.figures.assets as number;
const trash = async (c: Client = admin) => {
  const r = await c.get(`/api/ops/folder/trash?brand_id=${brand.id}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { items: { id: number; name: string; folders: number; assets: number; location: string[] }[] };
};
const auditEvents = async (event: string) =>
  db().selectFrom('audit_log').select(['event', 'details']).where('event', '=', event).execute();

describe('the Trash', () => {
  it('moves a subtree to the Trash and restores exactly what it took, with search and counts following', async () => {
    const top = await makeFolder(admin, brand.id, 'Campaigns');
    const child = await makeFolder(admin, brand.id, '2026', top);
    const inTop = await assets(top, 2, { ext: 'png', mime: 'image/png', name: 'x.png' });
    const inChild = await assets(child, 3);
    // Removed by hand before the deletion: it must stay removed after the restore.
    expect((await admin.put(`/api/ops/asset/${inChild[0]}/status/change`)).statusCode).toBe(200);
    const before = await brandAssets();
    const rootSearch = await searchTotal(brand.root);
    expect(rootSearch.total).toBe(4);
    const stats = (await admin.put('/api/ops/folder/statistics', { ids: [top] })).json().items[0];
    expect(stats).toMatchObject({ folders: 1, assets: 4 });

    const r = await admin.put(`/api/ops/folder/${top}/status/change`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ folders: 2, assets: 4 });
    expect(await statusOf([...inTop, ...inChild])).toEqual(Array(5).fill('INACTIVE'));
    expect((await admin.get(`/api/ops/folder/${child}`)).statusCode).toBe(404);
    const tree = JSON.stringify((await admin.get(`/api/ops/folder/tree?brand_id=${brand.id}`)).json());
    expect(tree).not.toContain('Campaigns');
    const after = await searchTotal(brand.root);
    expect(after.total).toBe(0);
    expect(after.facets.extension).toEqual([]);
    expect(await brandAssets()).toBe(before - 4);
    expect((await admin.post(`/api/ops/asset/list/all/${child}`, {})).statusCode).toBe(404);

    const list = await trash();
    expect(list.items).toEqual([
      expect.objectContaining({ id: top, name: 'Campaigns', folders: 2, assets: 4, location: ['Trash Co'] }),
    ]);
    const [entry] = (await admin.get(`/api/ops/folder/trash?brand_id=${brand.id}`)).json().items;
    expect(Date.parse(entry.purge_at) - Date.parse(entry.trashed_at)).toBe(30 * 86_400_000);
    expect(entry.trashed_by).toMatchObject({ name: expect.any(String) });
    expect(await auditEvents('folder.trash')).toHaveLength(1);

    const back = await admin.post(`/api/ops/folder/${top}/restore`);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().folder).toMatchObject({ id: top, name: 'Campaigns', status: 'ACTIVE' });
    expect(await statusOf([...inTop, ...inChild])).toEqual(['ACTIVE', 'ACTIVE', 'INACTIVE', 'ACTIVE', 'ACTIVE']);
    expect((await admin.get(`/api/ops/folder/${child}`)).statusCode).toBe(200);
    expect((await searchTotal(brand.root)).total).toBe(4);
    expect(await brandAssets()).toBe(before);
    expect((await trash()).items).toEqual([]);
    const restored = await auditEvents('folder.restore');
    expect(JSON.parse(restored[0]!.details).info).toEqual({ folders: 2, assets: 4 });
  });

  it('refuses a restore while the old place holds a folder of the same name, or the parent is in the Trash', async () => {
    const spanish = await makeUser(t, admin, { roles: ['admin'], lang: 'es' });
    const parent = await makeFolder(admin, brand.id, 'Parent');
    const logos = await makeFolder(admin, brand.id, 'Logos', parent);
    await admin.put(`/api/ops/folder/${logos}/status/change`);
    // The trashed one does not block a new folder of its name.
    const again = await makeFolder(admin, brand.id, 'logos', parent);
    const clash = await admin.post(`/api/ops/folder/${logos}/restore`);
    expect(clash.statusCode).toBe(422);
    expect(clash.json().error.fields.name).toMatch(/rename that one, then restore/);
    const clashEs = await spanish.client.post(`/api/ops/folder/${logos}/restore`);
    expect(clashEs.json().error.fields.name).toMatch(/renombra esa/);
    await admin.post(`/api/ops/folder/${again}/update`, { name: 'Logos old' });

    await admin.put(`/api/ops/folder/${parent}/status/change`);
    // The parent's deletion left the child's own entry alone.
    expect((await trash()).items.map((i) => i.id)).toEqual([parent, logos]);
    const orphan = await admin.post(`/api/ops/folder/${logos}/restore`);
    expect(orphan.statusCode).toBe(422);
    expect(orphan.json().error.fields.parent_id).toMatch(/restore that one first/);
    expect((await admin.post(`/api/ops/folder/${parent}/restore`)).statusCode).toBe(200);
    // Restoring the parent brings back what its deletion took, not the child trashed before.
    expect((await admin.get(`/api/ops/folder/${again}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/ops/folder/${logos}`)).statusCode).toBe(404);
    expect((await admin.post(`/api/ops/folder/${logos}/restore`)).statusCode).toBe(200);
    expect((await admin.post(`/api/ops/folder/${logos}/restore`)).statusCode).toBe(404);
  });

  it('keeps sibling names unique on create, rename and move, whatever the case', async () => {
    const a = await makeFolder(admin, brand.id, 'Siblings');
    await makeFolder(admin, brand.id, 'Press', a);
    const dup = await admin.post('/api/ops/folder/new', {
      brand_id: brand.id,
      parent_id: a,
      name: 'PRESS',
      visibility: 'PUBLIC',
    });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().error.fields.name).toBe('Name: another folder here already has this name');
    const other = await makeFolder(admin, brand.id, 'Other', a);
    expect((await admin.post(`/api/ops/folder/${other}/update`, { name: 'press' })).statusCode).toBe(422);
    // Renaming a folder to its own name in another case is allowed.
    expect((await admin.post(`/api/ops/folder/${other}/update`, { name: 'OTHER' })).statusCode).toBe(200);
    const elsewhere = await makeFolder(admin, brand.id, 'Press');
    const move = await admin.post(`/api/ops/folder/${elsewhere}/move`, { parent_id: a });
    expect(move.statusCode).toBe(422);
    expect(move.json().error.fields.parent_id).toBe('Parent folder already holds a folder with this name');
    // Creates racing for one name: one wins, the others answer 422, never 500.
    const racing = await Promise.all(
      Array.from({ length: 4 }, () =>
        admin.post('/api/ops/folder/new', { brand_id: brand.id, parent_id: a, name: 'Race', visibility: 'PUBLIC' }),
      ),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 422, 422, 422]);
  });

  it('deletes for good from the Trash, and purges entries older than 30 days by itself', async () => {
    const gone = await makeFolder(admin, brand.id, 'Gone');
    const ids = await assets(gone, 2);
    await admin.put(`/api/ops/folder/${gone}/status/change`);
    const purged = await admin.req('DELETE', `/api/ops/folder/${gone}/purge`);
    expect(purged.statusCode, purged.body).toBe(200);
    expect(purged.json()).toMatchObject({ folders: 1, assets: 2 });
    expect(await db().selectFrom('assets').select('id').where('id', 'in', ids).execute()).toEqual([]);
    const blobJobs = await db().selectFrom('jobs').select('payload').where('name', '=', 'blobs.delete').execute();
    expect(blobJobs.some((j) => String(j.payload).includes(`test/trash-${seq}`))).toBe(true);
    expect((await admin.post(`/api/ops/folder/${gone}/restore`)).statusCode).toBe(404);
    // Only Trash entries: an active folder is not purged.
    expect((await admin.req('DELETE', `/api/ops/folder/${brand.root}/purge`)).statusCode).toBe(404);

    const old = await makeFolder(admin, brand.id, 'Old');
    await assets(old, 1);
    await admin.put(`/api/ops/folder/${old}/status/change`);
    const units = jobUnits({ clock: t.clock, appKey: undefined })(db(), () => undefined);
    const ctx = { db: db(), clock: t.clock, log: { info: () => undefined }, ...units } as never;
    t.clock.advance(29 * 86_400_000);
    const recent = await makeFolder(admin, brand.id, 'Recent');
    await admin.put(`/api/ops/folder/${recent}/status/change`);
    expect(await foldersPurgeTrash.run({ batch: 50 }, ctx)).toEqual({ entries: 0, assets: 0 });
    t.clock.advance(2 * 86_400_000);
    // "Old", and the asset the first test removed by hand, which waited in the Trash by itself.
    expect(await foldersPurgeTrash.run({ batch: 50 }, ctx)).toEqual({ entries: 2, assets: 2 });
    expect((await trash()).items.map((i) => i.name)).toEqual(['Recent']);
    const auto = await auditEvents('folder.purge');
    expect(auto.map((a) => JSON.parse(a.details).info.automatic)).toEqual([false, true]);
  });

  it('acts once when two people delete, or delete and restore, the same entry at once', async () => {
    const purges = await auditEvents('folder.purge');
    const twice = await makeFolder(admin, brand.id, 'Twice');
    await assets(twice, 1);
    await admin.put(`/api/ops/folder/${twice}/status/change`);
    const both = await Promise.all([
      admin.req('DELETE', `/api/ops/folder/${twice}/purge`),
      admin.req('DELETE', `/api/ops/folder/${twice}/purge`),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect((await auditEvents('folder.purge')).length).toBe(purges.length + 1);

    const either = await makeFolder(admin, brand.id, 'Either');
    await admin.put(`/api/ops/folder/${either}/status/change`);
    const raced = await Promise.all([
      admin.req('DELETE', `/api/ops/folder/${either}/purge`),
      admin.post(`/api/ops/folder/${either}/restore`),
    ]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    const kept = await db().selectFrom('folders').select('status').where('id', '=', either).executeTakeFirst();
    const restores = (await auditEvents('folder.restore')).filter((a) => JSON.parse(a.details).target?.id === either);
    // Whichever came first won, and only its record is in the audit log.
    expect(kept ? [kept.status, restores.length] : ['gone', restores.length]).toEqual(
      raced[1]!.statusCode === 200 ? ['ACTIVE', 1] : ['gone', 0],
    );
  });

  it('lets only those who manage the brand assets see and use its Trash', async () => {
    const f = await makeFolder(admin, brand.id, 'Guarded');
    const member = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    const manager = await makeUser(t, admin, { roles: ['manager'], brands: [brand.id] });
    const outsider = await makeUser(t, admin, { roles: ['manager'], brands: [] });
    expect((await manager.client.put(`/api/ops/folder/${f}/status/change`)).statusCode).toBe(200);
    expect((await member.client.get(`/api/ops/folder/trash?brand_id=${brand.id}`)).statusCode).toBe(403);
    expect((await member.client.post(`/api/ops/folder/${f}/restore`)).statusCode).toBe(403);
    expect((await outsider.client.get(`/api/ops/folder/trash?brand_id=${brand.id}`)).statusCode).toBe(404);
    expect((await outsider.client.post(`/api/ops/folder/${f}/restore`)).statusCode).toBe(404);
    expect((await trash(manager.client)).items.map((i) => i.name)).toContain('Guarded');
    expect((await manager.client.post(`/api/ops/folder/${f}/restore`)).statusCode).toBe(200);
  });
});
