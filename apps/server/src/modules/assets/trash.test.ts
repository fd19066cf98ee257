import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRASH_DAYS } from '@brandvault/contract';
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
  brand = await makeBrand(admin, 'Asset Trash Co');
});
afterAll(() => t.close());

const db = () => t.built.handle.db;
/** `n` active JPEGs in a folder, uploaded by `by`. */
const assets = (folderId: number, n: number, by: number | null = null) =>
  insertFolderAssets(
    db(),
    brand.id,
    folderId,
    Array.from({ length: n }, () => `bin-${++seq}`),
    { created_by: by },
  );
type Entry = { id: number; name: string; folder: { id: number; path: string[] }; trashed_by: { name: string } | null };
const trash = async (c: Client = admin) => {
  const r = await c.get(`/api/ops/asset/trash?brand_id=${brand.id}`);
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as { items: (Entry & { abilities: { purge: boolean }; purge_at: string; trashed_at: string })[] })
    .items;
};
const remove = async (id: number, c: Client = admin) =>
  expect((await c.put(`/api/ops/asset/${id}/status/change`)).statusCode).toBe(200);
const searchTotal = async (folderId: number) =>
  ((await admin.post(`/api/ops/asset/list/all/${folderId}`, {})).json() as { total: number }).total;

describe("the brand's Trash of assets", () => {
  it('lists a removed asset with where it was, restores one or many, and search follows', async () => {
    const f = await makeFolder(admin, brand.id, 'Shoots');
    const [a, b, c] = await assets(f, 3);
    await remove(a!);
    await admin.post('/api/ops/asset/all/status/change', { ids: [b, c], status: 'INACTIVE' });
    expect(await searchTotal(f)).toBe(0);
    const listed = await trash();
    expect(listed.map((e) => e.id).sort()).toEqual([a, b, c].sort());
    const first = listed.find((e) => e.id === a)!;
    expect(first.folder).toEqual({ id: f, path: ['Shoots'] });
    expect(first.trashed_by?.name).toBe('Admin User');
    expect(first.abilities.purge).toBe(true);
    expect(Date.parse(first.purge_at) - Date.parse(first.trashed_at)).toBe(TRASH_DAYS * 86_400_000);

    await remove(a!);
    expect(await searchTotal(f)).toBe(1);
    const many = await admin.post('/api/ops/asset/all/status/change', { ids: [b, c], status: 'ACTIVE' });
    expect(many.json()).toMatchObject({ changed: 2 });
    expect(await trash()).toEqual([]);
    expect(await searchTotal(f)).toBe(3);
    const row = await db().selectFrom('assets').selectAll().where('id', '=', b!).executeTakeFirstOrThrow();
    expect([row.trashed_at, row.trashed_by]).toEqual([null, null]);
  });

  it('keeps assets removed with a folder in the folder’s entry, not beside it', async () => {
    const f = await makeFolder(admin, brand.id, 'Whole');
    const [alone, withFolder] = await assets(f, 2);
    await remove(alone!);
    expect((await admin.put(`/api/ops/folder/${f}/status/change`)).statusCode).toBe(200);
    // The folder is gone: its hand-removed asset waits inside the folder's entry.
    expect((await trash()).map((e) => e.id)).not.toContain(alone);
    expect((await trash()).map((e) => e.id)).not.toContain(withFolder);
    expect((await admin.post(`/api/ops/folder/${f}/restore`)).statusCode).toBe(200);
    expect((await trash()).map((e) => e.id)).toEqual([alone]);
    await remove(alone!);
  });

  it('deletes for good, once, with its stored files, and refuses an asset not in the Trash (404)', async () => {
    const f = await makeFolder(admin, brand.id, 'Forever');
    const [gone, kept] = await assets(f, 2);
    expect((await admin.req('DELETE', `/api/ops/asset/${kept}/purge`)).statusCode).toBe(404);
    await remove(gone!);
    const both = await Promise.all([
      admin.req('DELETE', `/api/ops/asset/${gone}/purge`),
      admin.req('DELETE', `/api/ops/asset/${gone}/purge`),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect(await db().selectFrom('assets').select('id').where('id', '=', gone!).execute()).toEqual([]);
    const blobJobs = await db().selectFrom('jobs').select('payload').where('name', '=', 'blobs.delete').execute();
    expect(blobJobs.some((j) => String(j.payload).includes(`bin-${seq - 1}`))).toBe(true);
    const audit = await db().selectFrom('audit_log').select('details').where('event', '=', 'asset.purge').execute();
    expect(audit.map((a) => JSON.parse(a.details).target.id)).toEqual([gone]);
    expect((await admin.get(`/api/ops/asset/${kept}/view`)).statusCode).toBe(200);
  });

  it('purges assets removed more than 30 days ago by itself, and no others', async () => {
    const f = await makeFolder(admin, brand.id, 'Aging');
    const [old, recent] = await assets(f, 2);
    await remove(old!);
    const units = jobUnits({ clock: t.clock, appKey: undefined })(db(), () => undefined);
    const ctx = { db: db(), clock: t.clock, log: { info: () => undefined }, ...units } as never;
    t.clock.advance(29 * 86_400_000);
    await remove(recent!);
    expect(await foldersPurgeTrash.run({ batch: 1 }, ctx)).toEqual({ entries: 0, assets: 0 });
    t.clock.advance(2 * 86_400_000);
    expect(await foldersPurgeTrash.run({ batch: 1 }, ctx)).toEqual({ entries: 1, assets: 1 });
    expect((await trash()).map((e) => e.id)).toEqual([recent]);
    const auto = await db().selectFrom('audit_log').select('details').where('event', '=', 'asset.purge').execute();
    expect(JSON.parse(auto.at(-1)!.details).info.automatic).toBe(true);
  });

  it("gives those without the brand's whole Trash their own files back, and never delete forever", async () => {
    const f = await makeFolder(admin, brand.id, 'Mine');
    const editor = await makeUser(t, admin, { roles: ['member'], permissions: ['asset.delete'], brands: [brand.id] });
    const member = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    const outsider = await makeUser(t, admin, { roles: ['manager'], brands: [] });
    const [own, other] = await assets(f, 2, editor.id);
    const [admins] = await assets(f, 1);
    await remove(own!, editor.client);
    await remove(admins!);
    // Theirs: the one they removed, and the one they uploaded that someone else removed.
    await remove(other!);
    const listed = await trash(editor.client);
    expect(listed.map((e) => e.id).sort()).toEqual([own, other].sort());
    expect(listed.every((e) => !e.abilities.purge)).toBe(true);
    expect((await editor.client.req('DELETE', `/api/ops/asset/${own}/purge`)).statusCode).toBe(403);
    await remove(own!, editor.client);
    expect((await trash(editor.client)).map((e) => e.id)).toEqual([other]);
    expect((await member.client.get(`/api/ops/asset/trash?brand_id=${brand.id}`)).statusCode).toBe(403);
    expect((await outsider.client.get(`/api/ops/asset/trash?brand_id=${brand.id}`)).statusCode).toBe(404);
    expect((await outsider.client.req('DELETE', `/api/ops/asset/${admins}/purge`)).statusCode).toBe(404);
  });
});
