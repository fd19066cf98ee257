import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeBrand, makeFolder, makeUser, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

let t: TestApp;
let admin: Client;
let brand: { id: number; root: number };
beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Folders Co');
});
afterAll(() => t.close());

type Node = { id: number; name: string; children: Node[] };
const names = (n: Node): unknown => (n.children.length ? { [n.name]: n.children.map(names) } : n.name);

describe('folders', () => {
  it('builds a tree with breadcrumbs, and validates names and visibility in the user language', async () => {
    const campaigns = await makeFolder(admin, brand.id, 'Campaigns');
    const y2026 = await makeFolder(admin, brand.id, '2026', campaigns);
    await makeFolder(admin, brand.id, 'Logos');
    const tree = (await admin.get(`/api/ops/folder/tree?brand_id=${brand.id}&with=folders`)).json();
    expect(names(tree.root)).toEqual({ 'Folders Co': [{ Campaigns: ['2026'] }, 'Logos'] });
    expect(tree.assets).toBeUndefined();
    const f = (await admin.get(`/api/ops/folder/${y2026}`)).json().folder;
    expect(f.breadcrumbs.map((c: { name: string }) => c.name)).toEqual(['Folders Co', 'Campaigns', '2026']);
    expect(f.abilities).toEqual({ update: true, move: true, remove: true, create_folder: true, upload: true });
    const root = (await admin.get(`/api/ops/folder/${brand.root}`)).json().folder;
    expect(root).toMatchObject({ is_root: true, abilities: { update: false, move: false, remove: false } });

    // The user's own language wins over the browser's.
    const spanish = await makeUser(t, admin, { roles: ['admin'], lang: 'es' });
    spanish.client.lang = 'en';
    const bad = await spanish.client.post('/api/ops/folder/new', {
      brand_id: brand.id,
      name: '',
      visibility: 'SECRET',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toEqual({
      name: 'El campo Nombre es obligatorio',
      visibility: 'Visibilidad debe ser uno de los siguientes valores: Pública, Privada',
    });
    const long = await admin.post('/api/ops/folder/new', {
      brand_id: brand.id,
      name: 'x'.repeat(511),
      visibility: 'PUBLIC',
    });
    expect(long.json().error.fields.name).toBe('Name must be at most 510 characters');
    expect(
      (await admin.post('/api/ops/folder/new', { brand_id: brand.id, name: 'x'.repeat(510), visibility: 'PUBLIC' }))
        .statusCode,
    ).toBe(201);
  });

  it('hides PRIVATE folders and everything under them from guests, and other brands from everyone', async () => {
    const secret = await makeFolder(admin, brand.id, 'Secret', undefined, 'PRIVATE');
    const inside = await makeFolder(admin, brand.id, 'Inside', secret);
    const guest = await makeUser(t, admin, { roles: ['guest'], brands: [brand.id] });
    const member = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    const outsider = await makeUser(t, admin, { roles: ['member'], brands: [] });
    const guestTree = JSON.stringify((await guest.client.get(`/api/ops/folder/tree?brand_id=${brand.id}`)).json());
    expect(guestTree).not.toContain('Secret');
    expect((await guest.client.get(`/api/ops/folder/${inside}`)).statusCode).toBe(404);
    expect((await guest.client.get(`/api/ops/folder/${inside}`)).json().error.message).toBe('Folder Not Found');
    expect((await member.client.get(`/api/ops/folder/${inside}`)).statusCode).toBe(200);
    expect((await outsider.client.get(`/api/ops/folder/${brand.root}`)).statusCode).toBe(404);
    expect((await outsider.client.get(`/api/ops/folder/tree?brand_id=${brand.id}`)).statusCode).toBe(404);
    // Members organise folders (spec §1); guests only look.
    const mine = { brand_id: brand.id, name: 'Mine', visibility: 'PUBLIC' };
    expect((await member.client.post('/api/ops/folder/new', mine)).statusCode).toBe(201);
    expect((await guest.client.post('/api/ops/folder/new', { ...mine, name: 'Theirs' })).statusCode).toBe(403);
    // Making the parent public again makes the subtree visible.
    await admin.post(`/api/ops/folder/${secret}/update`, { visibility: 'PUBLIC' });
    expect((await guest.client.get(`/api/ops/folder/${inside}`)).statusCode).toBe(200);
  });

  it('moves a subtree, refusing its own descendants and other brands', async () => {
    const a = await makeFolder(admin, brand.id, 'A');
    const b = await makeFolder(admin, brand.id, 'B', a);
    const c = await makeFolder(admin, brand.id, 'C', b);
    const target = await makeFolder(admin, brand.id, 'Target');
    const intoChild = await admin.post(`/api/ops/folder/${a}/move`, { parent_id: c });
    expect(intoChild.statusCode).toBe(422);
    expect(intoChild.json().error.fields.parent_id).toMatch(/itself or one of its subfolders/);
    expect((await admin.post(`/api/ops/folder/${a}/move`, { parent_id: a })).statusCode).toBe(422);
    const other = await makeBrand(admin, 'Elsewhere');
    expect((await admin.post(`/api/ops/folder/${a}/move`, { parent_id: other.root })).statusCode).toBe(422);
    expect((await admin.post(`/api/ops/folder/${a}/move`, { parent_id: target })).statusCode).toBe(200);
    const moved = (await admin.get(`/api/ops/folder/${c}`)).json().folder;
    expect(moved.breadcrumbs.map((x: { name: string }) => x.name)).toEqual(['Folders Co', 'Target', 'A', 'B', 'C']);
    const stats = (await admin.put('/api/ops/folder/statistics', { ids: [target] })).json();
    expect(stats.items).toEqual([{ id: target, folders: 3, assets: 0, bytes: 0, downloads: 0 }]);
  });

  it('removes a folder with its whole subtree (to the Trash: see folders.trash.test.ts)', async () => {
    const top = await makeFolder(admin, brand.id, 'Doomed');
    const child = await makeFolder(admin, brand.id, 'Child', top);
    const r = await admin.put(`/api/ops/folder/${top}/status/change`);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ folders: 2, assets: 0 });
    expect((await admin.get(`/api/ops/folder/${child}`)).statusCode).toBe(404);
    expect((await admin.put(`/api/ops/folder/${brand.root}/status/change`)).statusCode).toBe(403);
  });
});
