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
let north: { id: number; root: number };
let south: { id: number; root: number };
let photos: number;
let photos2024: number;
let southFolder: number;
let manager: { client: Client; id: number };
const ids: Record<string, number> = {};

type Row = { id: number; name: string; status: string; folder: { path: string[] }; abilities: Record<string, boolean> };
const list = async (c: Client, query = '') => {
  const r = await c.get(`/api/ops/asset/all${query ? `?${query}` : ''}`);
  if (r.statusCode !== 200) throw new Error(`list ${query}: ${r.statusCode} ${r.body}`);
  return r.json() as { items: Row[]; total: number; total_capped: boolean; brands: { name: string }[] };
};
const names = async (c: Client, query = '') => (await list(c, query)).items.map((a) => a.name);
const day = (d: string) => `${d}T10:00:00.000Z`;
/** Names in a folder's listing and in a search of the brand: what members see. */
const searchable = async (folderId: number) =>
  (await admin.get(`/api/ops/folder/${folderId}/get/assets?per_page=200`)).json().items.map((a: Row) => a.name);
const searched = async () =>
  (await admin.post(`/api/ops/asset/list/all/${north.root}`, {})).json().items.map((a: Row) => a.name);
const statusEntries = async () =>
  (await admin.get('/api/ops/audit/all?event=asset.status&per_page=100')).json().items as {
    target: { id: number };
    changes: { status: { before: string; after: string } };
  }[];
const statusOf = async (id: number) => (await admin.get(`/api/ops/asset/${id}/view`)).json().asset.status;

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  north = await makeBrand(admin, 'North');
  south = await makeBrand(admin, 'South');
  photos = await makeFolder(admin, north.id, 'Photos', north.root);
  photos2024 = await makeFolder(admin, north.id, '2024', photos);
  const secret = await makeFolder(admin, north.id, 'Private', north.root, 'PRIVATE');
  southFolder = await makeFolder(admin, south.id, 'Campaign', south.root);
  manager = await makeUser(t, admin, { roles: ['manager'], brands: [north.id] });
  const adminId = (await admin.get('/api/auth/me')).json().session_user.id as number;
  const at = (brandId: number, folderId: number, key: string, over: Record<string, unknown>) =>
    assetRow(brandId, folderId, key, { created_by: adminId, ...over });
  const rows = [
    at(north.id, photos, 'alpha', { size: 300, created_at: day('2026-01-05') }),
    at(north.id, photos2024, 'arbol', {
      name: 'Árbol.png',
      ext: 'png',
      size: 100,
      created_at: day('2026-02-10'),
      created_by: manager.id,
    }),
    at(north.id, north.root, 'brief', {
      name: 'brief.pdf',
      ext: 'pdf',
      type: 'document',
      size: 5000,
      created_at: day('2026-03-01'),
      created_by: manager.id,
    }),
    at(north.id, photos, 'clip', {
      name: 'clip.mp4',
      ext: 'mp4',
      type: 'video',
      size: 90000,
      status: 'INACTIVE',
      created_at: day('2026-01-20'),
    }),
    at(north.id, secret, 'secret', { visibility: 'PRIVATE', size: 10, created_at: day('2026-02-01') }),
    at(south.id, southFolder, 'south', { size: 50, created_at: day('2026-01-10') }),
  ];
  await insertAssets(t.built.handle.db, rows);
  const made = await t.built.handle.db.selectFrom('assets').select(['id', 'sha256']).execute();
  for (const r of made) ids[r.sha256.replace(/0+$/, '')] = r.id;
});
afterAll(() => t.close());

describe('the all-assets table', () => {
  it('lists every asset of every brand to an administrator, removed ones too, newest first', async () => {
    const all = await list(admin);
    expect(all.items.map((a) => a.name)).toEqual([
      'brief.pdf',
      'Árbol.png',
      'secret.jpg',
      'clip.mp4',
      'south.jpg',
      'alpha.jpg',
    ]);
    expect(all).toMatchObject({ total: 6, total_capped: false, page: 1, per_page: 50 });
    expect(all.brands.map((b) => b.name)).toEqual(['North', 'South']);
    const arbol = all.items.find((a) => a.name === 'Árbol.png')!;
    expect(arbol).toMatchObject({
      type: 'image',
      size: 100,
      status: 'ACTIVE',
      brand: { id: north.id, name: 'North' },
      folder: { id: photos2024, path: ['Photos', '2024'] },
      uploader: { id: manager.id },
      created_at: day('2026-02-10'),
      abilities: { remove: true, restore: false, move: true },
    });
    expect(all.items.find((a) => a.name === 'brief.pdf')!.folder.path).toEqual([]);
    expect(all.items.find((a) => a.name === 'clip.mp4')!).toMatchObject({
      status: 'INACTIVE',
      abilities: { remove: false, restore: true, move: false },
    });
  });

  it('filters by brand, folder (with subfolders), status, type, uploader and upload days', async () => {
    const n = `brand=${north.id}&sort=name&dir=asc`;
    expect(await names(admin, n)).toEqual(['alpha.jpg', 'Árbol.png', 'brief.pdf', 'clip.mp4', 'secret.jpg']);
    expect(await names(admin, `${n}&folder=${photos}`)).toEqual(['alpha.jpg', 'Árbol.png', 'clip.mp4']);
    expect(await names(admin, `folder=${north.root}&sort=name&dir=asc`)).toHaveLength(5);
    expect(await names(admin, `${n}&status=INACTIVE`)).toEqual(['clip.mp4']);
    expect(await names(admin, `${n}&status=ACTIVE`)).toEqual(['alpha.jpg', 'Árbol.png', 'brief.pdf', 'secret.jpg']);
    expect(await names(admin, `${n}&type=image`)).toEqual(['alpha.jpg', 'Árbol.png', 'secret.jpg']);
    expect(await names(admin, `${n}&uploader=${manager.id}`)).toEqual(['Árbol.png', 'brief.pdf']);
    expect(await names(admin, `${n}&from=2026-01-15&to=2026-02-10`)).toEqual(['Árbol.png', 'clip.mp4', 'secret.jpg']);
    // A folder of another brand than the brand filter's: nothing is in both.
    expect(await names(admin, `brand=${north.id}&folder=${southFolder}`)).toEqual([]);
  });

  it('sorts by name, date, size and type both ways, and pages', async () => {
    const n = `brand=${north.id}`;
    expect(await names(admin, `${n}&sort=size&dir=asc`)).toEqual([
      'secret.jpg',
      'Árbol.png',
      'alpha.jpg',
      'brief.pdf',
      'clip.mp4',
    ]);
    expect(await names(admin, `${n}&sort=size`)).toEqual([
      'clip.mp4',
      'brief.pdf',
      'alpha.jpg',
      'Árbol.png',
      'secret.jpg',
    ]);
    expect(await names(admin, `${n}&sort=date&dir=asc`)).toEqual([
      'alpha.jpg',
      'clip.mp4',
      'secret.jpg',
      'Árbol.png',
      'brief.pdf',
    ]);
    expect(await names(admin, `${n}&sort=name`)).toEqual([
      'secret.jpg',
      'clip.mp4',
      'brief.pdf',
      'Árbol.png',
      'alpha.jpg',
    ]);
    expect(await names(admin, `${n}&sort=type&dir=asc`)).toEqual([
      'brief.pdf',
      'alpha.jpg',
      'Árbol.png',
      'secret.jpg',
      'clip.mp4',
    ]);
    const page2 = await list(admin, `${n}&sort=name&dir=asc&per_page=2&page=2`);
    expect(page2).toMatchObject({ total: 5, page: 2, per_page: 2 });
    expect(page2.items.map((a) => a.name)).toEqual(['brief.pdf', 'clip.mp4']);
    expect((await list(admin, `${n}&per_page=2&page=9`)).items).toEqual([]);
  });

  it("shows a manager only their brands' assets, and what the policy lets each caller see", async () => {
    expect(await names(manager.client, 'sort=name&dir=asc')).toEqual([
      'alpha.jpg',
      'Árbol.png',
      'brief.pdf',
      'clip.mp4',
      'secret.jpg',
    ]);
    expect((await list(manager.client)).brands.map((b) => b.name)).toEqual(['North']);
    expect((await manager.client.get(`/api/ops/asset/all?brand=${south.id}`)).statusCode).toBe(404);
    expect((await manager.client.get(`/api/ops/asset/all?folder=${southFolder}`)).statusCode).toBe(404);
    expect((await manager.client.get('/api/ops/asset/all?brand=999999')).statusCode).toBe(404);
    // asset.manage alone (a guest's rights otherwise): no PRIVATE content, no removed assets.
    const narrow = await makeUser(t, admin, { roles: ['guest'], brands: [north.id], permissions: ['asset.manage'] });
    expect(await names(narrow.client, 'sort=name&dir=asc')).toEqual(['alpha.jpg', 'Árbol.png', 'brief.pdf']);
    expect(await names(narrow.client, 'status=INACTIVE')).toEqual([]);
    expect((await list(narrow.client, 'sort=name&dir=asc')).items[0]!.abilities).toMatchObject({
      remove: false,
      move: false,
    });
    const member = await makeUser(t, admin, { roles: ['member'], brands: [north.id] });
    expect((await member.client.get('/api/ops/asset/all')).statusCode).toBe(403);
  });

  it('refuses malformed queries with field messages in English and Spanish', async () => {
    const bad = await admin.get('/api/ops/asset/all?brand=abc&status=GONE&sort=colour&from=2026-02-10&to=2026-02-01');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['brand', 'sort', 'status']);
    const reversed = await admin.get('/api/ops/asset/all?from=2026-02-10&to=2026-02-01');
    expect(reversed.json().error.fields).toEqual({ to: 'To must be on or after the From date' });
    expect((await admin.get('/api/ops/asset/all?per_page=500')).statusCode).toBe(422);
    const es = await makeUser(t, admin, { roles: ['manager'], brands: [north.id] });
    await es.client.patch('/api/auth/user/update', { lang: 'es' });
    const spanish = await es.client.get('/api/ops/asset/all?from=2026-02-10&to=2026-02-01');
    expect(spanish.json().error.fields).toEqual({ to: 'Hasta debe ser igual o posterior a la fecha Desde' });
    expect(spanish.json().error.message).toMatch(/información/i);
  });
});

describe('bulk remove and restore', () => {
  it('removes and restores a set in one call, audited per asset; removed assets leave search and come back', async () => {
    const before = (await statusEntries()).length;
    const removed = await admin.post('/api/ops/asset/all/status/change', {
      ids: [ids.alpha, ids.arbol],
      status: 'INACTIVE',
    });
    expect(removed.json()).toEqual({ message: 'Removed', status: 'INACTIVE', changed: 2 });
    expect(await searchable(photos)).not.toContain('alpha.jpg');
    expect(await searched()).not.toContain('Árbol.png');
    expect(await names(admin, `brand=${north.id}&status=INACTIVE&sort=name&dir=asc`)).toEqual([
      'alpha.jpg',
      'Árbol.png',
      'clip.mp4',
    ]);
    const entries = await statusEntries();
    expect(entries.length).toBe(before + 2);
    expect(
      entries
        .slice(0, 2)
        .map((e) => [e.target.id, e.changes.status.after])
        .sort(),
    ).toEqual(
      [
        [ids.alpha, 'INACTIVE'],
        [ids.arbol, 'INACTIVE'],
      ].sort(),
    );

    // Restoring a set that holds an active asset changes only the removed ones.
    const restored = await manager.client.post('/api/ops/asset/all/status/change', {
      ids: [ids.alpha, ids.arbol, ids.brief],
      status: 'ACTIVE',
    });
    expect(restored.json()).toEqual({ message: 'Restored', status: 'ACTIVE', changed: 2 });
    expect(await searchable(photos)).toContain('alpha.jpg');
    expect(await searched()).toEqual(expect.arrayContaining(['alpha.jpg', 'Árbol.png']));
    expect((await statusEntries()).length).toBe(before + 4);
  });

  it("answers 404 and changes nothing when any id is unknown or of another brand's", async () => {
    const before = (await statusEntries()).length;
    const mixed = await manager.client.post('/api/ops/asset/all/status/change', {
      ids: [ids.alpha, ids.south],
      status: 'INACTIVE',
    });
    expect(mixed.statusCode).toBe(404);
    const unknown = await admin.post('/api/ops/asset/all/status/change', {
      ids: [ids.alpha, 999999],
      status: 'INACTIVE',
    });
    expect(unknown.statusCode).toBe(404);
    expect(await statusOf(ids.alpha!)).toBe('ACTIVE');
    expect(await statusOf(ids.south!)).toBe('ACTIVE');
    expect((await statusEntries()).length).toBe(before);
    const member = await makeUser(t, admin, { roles: ['member'], brands: [north.id] });
    const forbidden = await member.client.post('/api/ops/asset/all/status/change', {
      ids: [ids.alpha],
      status: 'INACTIVE',
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it('refuses malformed bodies with field messages', async () => {
    const cases: [unknown, string][] = [
      [{ ids: [], status: 'INACTIVE' }, 'ids'],
      [{ ids: ['x'], status: 'INACTIVE' }, 'ids.0'],
      [{ ids: [ids.alpha], status: 'GONE' }, 'status'],
      [{ ids: [ids.alpha] }, 'status'],
      [{ ids: Array.from({ length: 201 }, (_, i) => i + 1), status: 'ACTIVE' }, 'ids'],
    ];
    for (const [body, field] of cases) {
      const r = await admin.post('/api/ops/asset/all/status/change', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(r.json().error.fields), JSON.stringify(body)).toContain(field);
    }
    const extra = await admin.post('/api/ops/asset/all/status/change', {
      ids: [ids.alpha],
      status: 'ACTIVE',
      all: true,
    });
    expect(extra.statusCode).toBe(422);
    expect(await statusOf(ids.alpha!)).toBe('ACTIVE');
  });
});
