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
type Saved = { id: number; name: string; pinned: boolean; mine: boolean; shared_with_brand: boolean };

let t: TestApp;
let admin: Client;
let manager: Client;
let member: Client;
let guest: Client;
let otherManager: Client;
let brand: { id: number; root: number };
let open: number;
let secret: number;

const list = async (c: Client, q = '') => {
  const r = await c.get(`/api/ops/saved-search/list${q}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().items as Saved[];
};
async function made(r: Promise<Res>, status = 201) {
  const res = await r;
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}
const save = (c: Client, name: string, search: Record<string, unknown> = { q: 'poster' }, extra = {}) =>
  c.post('/api/ops/saved-search/new', { name, folder_id: brand.root, search, ...extra });
const names = async (c: Client, id: number) =>
  ((await made(c.get(`/api/ops/saved-search/${id}/results?per_page=100`), 200)).items as { name: string }[])
    .map((a) => a.name)
    .sort();
const auditOf = async (event: string) =>
  (await admin.get(`/api/ops/audit/all?per_page=100&event=${event}`)).json().items as { target: { id: number } }[];

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Saved Co');
  const other = await makeBrand(admin, 'Saved Other');
  manager = (await makeUser(t, admin, { roles: ['manager'], brands: [brand.id] })).client;
  member = (await makeUser(t, admin, { roles: ['member'], brands: [brand.id] })).client;
  guest = (await makeUser(t, admin, { roles: ['guest'], brands: [brand.id] })).client;
  otherManager = (await makeUser(t, admin, { roles: ['manager'], brands: [other.id] })).client;
  open = await makeFolder(admin, brand.id, 'Open');
  secret = await makeFolder(admin, brand.id, 'Secret', undefined, 'PRIVATE');
  await insertAssets(t.built.handle.db, [
    assetRow(brand.id, open, 'poster-a'),
    assetRow(brand.id, open, 'poster-b'),
    assetRow(brand.id, secret, 'poster-secret'),
    assetRow(brand.id, open, 'leaflet'),
  ]);
});
afterAll(() => t.close());

describe('saved searches', () => {
  it('saves a search by name, lists it, and refuses the same name twice in any case', async () => {
    const s = await made(save(member, 'Posters', { q: 'poster', type: ['image'] }));
    expect(s).toMatchObject({ name: 'Posters', mine: true, pinned: false, shared_with_brand: false });
    expect(s.search).toMatchObject({ q: 'poster', type: ['image'], recursive: true });
    expect((await list(member, `?brand_id=${brand.id}`)).map((x) => x.name)).toContain('Posters');
    const again = await save(member, 'POSTERS');
    expect(again.statusCode).toBe(422);
    expect(again.json().error.fields.name).toMatch(/taken/);
    // Another person may use the name; nobody else sees a private one.
    await made(save(manager, 'Posters'));
    expect((await list(guest)).some((x) => x.id === s.id)).toBe(false);
    expect((await guest.get(`/api/ops/saved-search/${s.id}/results`)).statusCode).toBe(404);
    expect((await auditOf('savedSearch.create')).some((e) => e.target.id === s.id)).toBe(true);
  });

  it('refuses bad input with field messages, and a folder the saver cannot see', async () => {
    const bad = await member.post('/api/ops/saved-search/new', { name: ' ', folder_id: brand.root, search: {} });
    expect(bad.statusCode).toBe(422);
    const reversed = await save(member, 'Dates', { date_from: '2026-02-01', date_to: '2026-01-01' });
    expect(reversed.statusCode).toBe(422);
    expect(await made(save(otherManager, 'Elsewhere'), 422)).toMatchObject({
      error: { fields: { folder_id: expect.any(String) } },
    });
    expect(await made(save(guest, 'Hidden place', {}, { folder_id: secret }), 422)).toBeTruthy();
  });

  it('pins per person: pinned ones come first', async () => {
    const a = await made(save(member, 'Alpha'));
    const z = await made(save(member, 'Zulu', { q: 'leaflet' }));
    let items = await list(member, `?brand_id=${brand.id}`);
    expect(items.findIndex((x) => x.id === a.id)).toBeLessThan(items.findIndex((x) => x.id === z.id));
    expect(await made(member.post(`/api/ops/saved-search/${z.id}/pin`, { pinned: true }), 200)).toMatchObject({
      pinned: true,
    });
    items = await list(member, `?brand_id=${brand.id}`);
    expect(items[0]!.id).toBe(z.id);
    await made(member.post(`/api/ops/saved-search/${z.id}/pin`, { pinned: false }), 200);
    expect((await list(member)).find((x) => x.id === z.id)!.pinned).toBe(false);
    expect((await auditOf('savedSearch.pin')).filter((e) => e.target.id === z.id)).toHaveLength(2);
  });

  it('is shared with the brand by a manager only, and others may pin but not rename it', async () => {
    const mine = await made(save(member, 'Member only'));
    expect((await member.post(`/api/ops/saved-search/${mine.id}/share`, { shared: true })).statusCode).toBe(403);
    const s = await made(save(manager, 'Brand posters'));
    await made(manager.post(`/api/ops/saved-search/${s.id}/share`, { shared: true }), 200);
    const seen = (await list(member)).find((x) => x.id === s.id);
    expect(seen).toMatchObject({ mine: false, shared_with_brand: true, abilities: { update: false, remove: false } });
    expect((await list(otherManager)).some((x) => x.id === s.id)).toBe(false);
    expect((await member.patch(`/api/ops/saved-search/${s.id}`, { name: 'Mine now' })).statusCode).toBe(403);
    expect((await member.post(`/api/ops/saved-search/${s.id}/share`, { shared: false })).statusCode).toBe(403);
    expect((await member.req('DELETE', `/api/ops/saved-search/${s.id}`)).statusCode).toBe(403);
    await made(member.post(`/api/ops/saved-search/${s.id}/pin`, { pinned: true }), 200);
    expect((await list(manager)).find((x) => x.id === s.id)!.pinned).toBe(false);
    expect((await auditOf('savedSearch.share')).some((e) => e.target.id === s.id)).toBe(true);
  });

  it('runs live: results follow new uploads and changes', async () => {
    const s = await made(save(manager, 'Live posters', { q: 'poster' }));
    expect(await names(manager, s.id)).toEqual(['poster-a.jpg', 'poster-b.jpg', 'poster-secret.jpg']);
    await insertAssets(t.built.handle.db, [assetRow(brand.id, open, 'poster-new')]);
    expect(await names(manager, s.id)).toContain('poster-new.jpg');
    await t.built.handle.db
      .updateTable('assets')
      .set({ name: 'flyer.jpg' })
      .where('blob_key', '=', 'test/poster-b')
      .execute();
    expect(await names(manager, s.id)).not.toContain('poster-b.jpg');
    // Changing the filters changes what it finds, and is audited.
    await made(manager.patch(`/api/ops/saved-search/${s.id}`, { search: { q: 'leaflet' } }), 200);
    expect(await names(manager, s.id)).toEqual(['leaflet.jpg']);
    expect((await auditOf('savedSearch.update')).some((e) => e.target.id === s.id)).toBe(true);
  });

  it('shows a viewer of a shared search only what they may see themselves', async () => {
    const s = await made(save(manager, 'Every poster', { q: 'poster' }, { as_collection: true }));
    await made(manager.post(`/api/ops/saved-search/${s.id}/share`, { shared: true }), 200);
    expect(await names(manager, s.id)).toContain('poster-secret.jpg');
    const seen = await names(guest, s.id);
    expect(seen).toContain('poster-a.jpg');
    expect(seen).not.toContain('poster-secret.jpg');
    const smart = await list(guest, '?collections=true');
    expect(smart.map((x) => x.id)).toEqual([s.id]);
  });

  it('is deleted by its owner, or a manager when shared', async () => {
    const own = await made(save(member, 'Throwaway'));
    expect((await manager.req('DELETE', `/api/ops/saved-search/${own.id}`)).statusCode).toBe(404);
    await made(member.req('DELETE', `/api/ops/saved-search/${own.id}`), 200);
    expect((await list(member)).some((x) => x.id === own.id)).toBe(false);
    const shared = await made(save(admin, 'Admin shared'));
    await made(admin.post(`/api/ops/saved-search/${shared.id}/share`, { shared: true }), 200);
    await made(manager.req('DELETE', `/api/ops/saved-search/${shared.id}`), 200);
    expect((await admin.get(`/api/ops/saved-search/${shared.id}/results`)).statusCode).toBe(404);
    expect((await auditOf('savedSearch.delete')).some((e) => e.target.id === shared.id)).toBe(true);
  });
});
