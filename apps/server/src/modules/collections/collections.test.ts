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

let t: TestApp;
let admin: Client;
let brandA: { id: number; root: number };
let brandB: { id: number; root: number };
let pub: number;
let sub: number;
let priv: number;
/** Assets by key: a1–a3 and s1 (in pub's subfolder) public, p1 private, b1 in brand B. */
const ids: Record<string, number> = {};
let member: { client: Client; id: number };
let guest: { client: Client; id: number };

async function assets(brandId: number, folderId: number, keys: string[], over: Record<string, unknown> = {}) {
  const db = t.built.handle.db;
  await insertAssets(
    db,
    keys.map((k) => assetRow(brandId, folderId, `${k}-${brandId}`, over)),
  );
  for (const k of keys)
    ids[k] = (
      await db.selectFrom('assets').select('id').where('name', '=', `${k}-${brandId}.jpg`).executeTakeFirstOrThrow()
    ).id;
}

const entries = async (event: string) =>
  (await admin.get(`/api/ops/audit/all?event=${event}&per_page=50`)).json().items as {
    user: { id: number } | null;
    target: { type: string; id: number; label: string } | null;
    info: Record<string, unknown> | null;
    changes: Record<string, { before: unknown; after: unknown }> | null;
  }[];

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brandA = await makeBrand(admin, 'Coll A');
  brandB = await makeBrand(admin, 'Coll B');
  pub = await makeFolder(admin, brandA.id, 'Campaign');
  sub = await makeFolder(admin, brandA.id, 'Sub', pub);
  priv = await makeFolder(admin, brandA.id, 'Secret', brandA.root, 'PRIVATE');
  await assets(brandA.id, pub, ['a1', 'a2', 'a3']);
  await assets(brandA.id, sub, ['s1']);
  await assets(brandA.id, priv, ['p1']);
  await assets(brandB.id, brandB.root, ['b1']);
  member = await makeUser(t, admin, { roles: ['member'], brands: [brandA.id] });
  guest = await makeUser(t, admin, { roles: ['guest'], brands: [brandA.id] });
});
afterAll(() => t.close());

describe('favourites', () => {
  it('has one favourites collection in the session; hearts add and remove, recorded', async () => {
    const me = (await member.client.get('/api/auth/me')).json();
    const favId = me.favorites_id as number;
    expect(favId).toBeGreaterThan(0);
    expect((await member.client.get('/api/auth/me')).json().favorites_id).toBe(favId);

    const none = await member.client.get('/api/ops/collection/favorites/assets/get');
    expect(none.json()).toEqual({ collection_id: favId, asset_ids: [] });

    const add = await member.client.post('/api/ops/collection/favorites/add', { ids: [ids.a1, ids.p1] });
    expect(add.statusCode).toBe(200);
    expect(add.json().asset_ids).toEqual([ids.a1, ids.p1].sort((x, y) => x! - y!));
    // Adding again changes nothing and records nothing more.
    await member.client.post('/api/ops/collection/favorites/add', { ids: [ids.a1] });
    const added = (await entries('favorite.add')).filter((e) => e.user?.id === member.id);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      target: { type: 'collection', id: favId },
      info: { asset_ids: [ids.a1, ids.p1] },
    });

    // The favourites page is the own view of that id; it is neither renamed nor deleted.
    const view = (await member.client.get(`/api/ops/collection/${favId}/own/view`)).json();
    expect(view.collection).toMatchObject({ is_favorites: true, asset_count: 2 });
    expect(view.collection.abilities).toMatchObject({ update: false, remove: false });
    expect((await member.client.req('DELETE', `/api/ops/collection/${favId}/delete`)).statusCode).toBe(403);

    const rm = await member.client.post('/api/ops/collection/favorites/remove', { ids: [ids.p1] });
    expect(rm.json().asset_ids).toEqual([ids.a1]);
    expect((await entries('favorite.remove')).filter((e) => e.user?.id === member.id)).toHaveLength(1);

    // A guest cannot favourite what it cannot see: 404, nothing added.
    const g = await guest.client.post('/api/ops/collection/favorites/add', { ids: [ids.a2, ids.p1] });
    expect(g.statusCode).toBe(404);
    expect((await guest.client.get('/api/ops/collection/favorites/assets/get')).json().asset_ids).toEqual([]);
  });
});

describe('collections', () => {
  it('creates, lists, views, renames and deletes, each recorded', async () => {
    const c = member.client;
    const made = await c.post('/api/ops/collection/new', { name: 'Launch', asset_ids: [ids.a1] });
    expect(made.statusCode).toBe(201);
    const col = made.json().collection;
    expect(col).toMatchObject({ name: 'Launch', asset_count: 1, is_favorites: false });

    const list = (await c.get('/api/ops/collection/own/list')).json();
    expect(list.items.map((x: { name: string }) => x.name)).toEqual(['Launch']);
    expect(list.total).toBe(1);

    const dup = await c.post('/api/ops/collection/new', { name: 'Launch' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().error.fields.name).toBe('Name has already been taken');

    const add = await c.post(`/api/ops/collection/${col.id}/assets/add`, { ids: [ids.a2, ids.a3, ids.a2] });
    expect(add.json()).toMatchObject({ changed: 2, collection: { asset_count: 3 } });
    const page = (await c.get(`/api/ops/collection/${col.id}/own/view?sort=name-asc`)).json();
    expect(page.assets.items.map((a: { id: number }) => a.id)).toEqual([ids.a1, ids.a2, ids.a3]);
    expect(page.assets.total).toBe(3);
    // The searcher's type and size sorts too: a2 the biggest file, a3 the one document.
    const db = t.built.handle.db;
    const before = await db
      .selectFrom('assets')
      .select(['id', 'size', 'type'])
      .where('id', 'in', [ids.a2!, ids.a3!])
      .execute();
    await db.updateTable('assets').set({ size: 9_000_000_000 }).where('id', '=', ids.a2!).execute();
    await db.updateTable('assets').set({ type: 'document' }).where('id', '=', ids.a3!).execute();
    const order = async (sort: string) =>
      (await c.get(`/api/ops/collection/${col.id}/own/view?sort=${sort}`))
        .json()
        .assets.items.map((a: { id: number }) => a.id);
    expect((await order('size-desc'))[0]).toBe(ids.a2);
    expect((await order('size-asc')).at(-1)).toBe(ids.a2);
    expect(await order('type-asc')).toEqual([ids.a3, ids.a1, ids.a2]);
    expect(await order('type-desc')).toEqual([ids.a2, ids.a1, ids.a3]);
    for (const b of before)
      await db.updateTable('assets').set({ size: b.size, type: b.type }).where('id', '=', b.id).execute();

    const rm = await c.post(`/api/ops/collection/${col.id}/assets/remove`, { ids: [ids.a3] });
    expect(rm.json()).toMatchObject({ changed: 1, collection: { asset_count: 2 } });

    const renamed = await c.patch(`/api/ops/collection/${col.id}/update`, { name: 'Launch 2026' });
    expect(renamed.json().collection.name).toBe('Launch 2026');
    const gone = await c.req('DELETE', `/api/ops/collection/${col.id}/delete`);
    expect(gone.statusCode).toBe(200);
    expect((await c.get(`/api/ops/collection/${col.id}/own/view`)).statusCode).toBe(404);

    const mine = (e: { user: { id: number } | null; target: { id: number } | null }) =>
      e.user?.id === member.id && e.target?.id === col.id;
    expect((await entries('collection.create')).filter(mine)[0]).toMatchObject({
      changes: { name: { before: null, after: 'Launch' } },
      info: { assets: 1 },
    });
    expect((await entries('collection.assets_add')).filter(mine)[0]!.info).toEqual({ asset_ids: [ids.a2, ids.a3] });
    expect((await entries('collection.assets_remove')).filter(mine)[0]!.info).toEqual({ asset_ids: [ids.a3] });
    expect((await entries('collection.update')).filter(mine)[0]!.changes).toEqual({
      name: { before: 'Launch', after: 'Launch 2026' },
    });
    expect((await entries('collection.delete')).filter(mine)).toHaveLength(1);
  });

  it('answers 404 for unknown and foreign collections and invisible assets, adding nothing', async () => {
    const own = (await member.client.post('/api/ops/collection/new', { name: 'Mine' })).json().collection;
    const other = await makeUser(t, admin, { roles: ['member'], brands: [brandA.id] });
    expect((await other.client.get(`/api/ops/collection/${own.id}/own/view`)).statusCode).toBe(404);
    expect((await other.client.post(`/api/ops/collection/${own.id}/assets/add`, { ids: [ids.a1] })).statusCode).toBe(
      404,
    );
    expect((await other.client.patch(`/api/ops/collection/${own.id}/update`, { name: 'X' })).statusCode).toBe(404);
    expect((await other.client.req('DELETE', `/api/ops/collection/${own.id}/delete`)).statusCode).toBe(404);
    expect((await member.client.get('/api/ops/collection/999999/own/view')).statusCode).toBe(404);
    // Brand B's asset is not visible to a brand-A member: the whole call fails.
    const mixed = await member.client.post(`/api/ops/collection/${own.id}/assets/add`, { ids: [ids.a1, ids.b1] });
    expect(mixed.statusCode).toBe(404);
    expect((await member.client.post(`/api/ops/collection/${own.id}/assets/add`, { ids: [999999] })).statusCode).toBe(
      404,
    );
    expect((await member.client.get(`/api/ops/collection/${own.id}/own/view`)).json().collection.asset_count).toBe(0);
    // Malformed: field messages, in the user's language.
    // (the user's own language wins over the browser's)
    const spanish = await makeUser(t, admin, { roles: ['member'], brands: [brandA.id], lang: 'es' });
    const bad = await spanish.client.post('/api/ops/collection/new', { name: '' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields.name).toBe('El campo Nombre es obligatorio');
    const empty = await member.client.post(`/api/ops/collection/${own.id}/assets/add`, { ids: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error.fields.ids).toBeTruthy();
  });

  it('holds assets of any visible brand; removed or hidden assets leave views and counts until restored', async () => {
    const both = await makeUser(t, admin, { roles: ['manager'], brands: [brandA.id, brandB.id] });
    const c = both.client;
    const col = (await c.post('/api/ops/collection/new', { name: 'Mixed', asset_ids: [ids.a1, ids.b1, ids.p1] })).json()
      .collection;
    expect(col.asset_count).toBe(3);

    // Removed (INACTIVE): gone from view and count, even for someone who may restore it.
    expect((await admin.put(`/api/ops/asset/${ids.a1}/status/change`)).statusCode).toBe(200);
    let v = (await c.get(`/api/ops/collection/${col.id}/own/view`)).json();
    expect(v.collection.asset_count).toBe(2);
    expect(v.assets.items.map((a: { id: number }) => a.id).sort()).toEqual([ids.b1, ids.p1].sort());
    expect(
      (await c.get('/api/ops/collection/own/list')).json().items.find((x: { id: number }) => x.id === col.id)
        .asset_count,
    ).toBe(2);
    // A removed asset cannot be added.
    const other = (await c.post('/api/ops/collection/new', { name: 'Other' })).json().collection;
    expect((await c.post(`/api/ops/collection/${other.id}/assets/add`, { ids: [ids.a1] })).statusCode).toBe(404);

    // Restored: back.
    await admin.put(`/api/ops/asset/${ids.a1}/status/change`);
    v = (await c.get(`/api/ops/collection/${col.id}/own/view`)).json();
    expect(v.collection.asset_count).toBe(3);

    // Losing brand B hides b1; getting it back shows it again.
    await admin.patch(`/api/ops/users/${both.id}/edit`, { brands: [brandA.id] });
    v = (await c.get(`/api/ops/collection/${col.id}/own/view`)).json();
    expect(v.collection.asset_count).toBe(2);
    expect(v.assets.items.map((a: { id: number }) => a.id)).not.toContain(ids.b1);
    await admin.patch(`/api/ops/users/${both.id}/edit`, { brands: [brandA.id, brandB.id] });
    expect((await c.get(`/api/ops/collection/${col.id}/own/view`)).json().collection.asset_count).toBe(3);

    // Made PRIVATE: hidden from a role without private content (a guest), counted for the manager.
    const g = guest.client;
    const gc = (await g.post('/api/ops/collection/new', { name: 'Guest', asset_ids: [ids.a2] })).json().collection;
    expect(gc.asset_count).toBe(1);
    await admin.req('PUT', `/api/ops/asset/${ids.a2}/edit`, { visibility: 'PRIVATE' });
    expect((await g.get(`/api/ops/collection/${gc.id}/own/view`)).json().collection.asset_count).toBe(0);
    expect((await g.get('/api/ops/collection/favorites/assets/get')).json().asset_ids).toEqual([]);
    await admin.req('PUT', `/api/ops/asset/${ids.a2}/edit`, { visibility: 'PUBLIC' });
    expect((await g.get(`/api/ops/collection/${gc.id}/own/view`)).json().collection.asset_count).toBe(1);
  });

  it('converts a folder to a collection, with its subfolders when asked; the folder is unchanged', async () => {
    const c = member.client;
    const flat = await c.post(`/api/ops/folder/${pub}/collection/create`, {});
    expect(flat.statusCode).toBe(201);
    expect(flat.json().collection).toMatchObject({ name: 'Campaign', asset_count: 3 });
    const deep = await c.post(`/api/ops/folder/${pub}/collection/create`, { subfolders: true });
    expect(deep.json().collection).toMatchObject({ name: 'Campaign (2)', asset_count: 4 });
    const named = await c.post(`/api/ops/folder/${pub}/collection/create`, { name: 'Campaign' });
    expect(named.statusCode).toBe(422);
    // A guest converting the PRIVATE folder: 404.
    expect((await guest.client.post(`/api/ops/folder/${priv}/collection/create`, {})).statusCode).toBe(404);
    const folder = (await admin.get(`/api/ops/folder/${pub}`)).json().folder;
    expect(folder.children.map((f: { id: number }) => f.id)).toEqual([sub]);
    const e = (await entries('folder.to_collection')).find((x) => x.target?.id === deep.json().collection.id);
    expect(e).toMatchObject({ info: { folder_id: pub, subfolders: true, assets: 4 } });
  });
});
