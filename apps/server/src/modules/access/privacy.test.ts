import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, insertAssets, makeBrand, makeFolder, makeUser, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';
import { assetRow } from '../../../test/assetRow.js';

// Who finds and opens expired, embargoed, pending and rejected assets (2026113001's classes).
let t: TestApp;
let admin: Client;
let guest: Client;
let member: Client;
let uploader: Client;
let uploaderId: number;
let brand: { id: number; root: number };
let folder: number;
const ids: Record<string, number> = {};

const STATES: Record<string, Record<string, unknown>> = {
  open: {},
  soon: { availability: 'expiring', availability_date: '2027-01-10' },
  gone: { availability: 'expired', availability_date: '2026-10-01' },
  later: { availability: 'embargoed', availability_date: '2027-03-01' },
  waiting: { review_state: 'pending' },
  refused: { review_state: 'rejected', review_reason: 'Wrong logo' },
  secret: { visibility: 'PRIVATE' },
};

async function found(c: Client, body: Record<string, unknown> = {}) {
  const r = await c.post(`/api/ops/asset/list/all/${brand.root}?per_page=100`, { recursive: true, ...body });
  expect(r.statusCode, r.body).toBe(200);
  return (r.json().items as { name: string }[]).map((i) => i.name.replace(/\.jpg$/, '').replace(/^poster-/, '')).sort();
}

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin);
  folder = await makeFolder(admin, brand.id, 'Campaign');
  guest = (await makeUser(t, admin, { roles: ['guest'], brands: [brand.id] })).client;
  member = (await makeUser(t, admin, { roles: ['member'], brands: [brand.id] })).client;
  const u = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
  uploader = u.client;
  uploaderId = u.id;
  const db = t.built.handle.db;
  await insertAssets(
    db,
    Object.entries(STATES).map(([key, over]) =>
      assetRow(brand.id, folder, `poster-${key}`, {
        ...{ availability: 'available', availability_date: null, review_state: 'approved', review_reason: null },
        ...over,
        created_by: uploaderId,
        sha256: key.padEnd(64, '1'),
      }),
    ),
  );
  for (const r of await db.selectFrom('assets').select(['id', 'name']).where('brand_id', '=', brand.id).execute())
    ids[r.name.replace(/\.jpg$/, '').replace(/^poster-/, '')] = r.id;
});
afterAll(() => t?.close());

describe('availability and review in search and on the asset page', () => {
  const all = Object.keys(STATES).sort();
  const approved = all.filter((k) => k !== 'waiting' && k !== 'refused');

  it('leaves expired, embargoed and in-review assets out of guests’ searches, with words or without', async () => {
    expect(await found(guest)).toEqual(['open', 'soon']);
    expect(await found(guest, { q: 'poster' })).toEqual(['open', 'soon']);
  });

  it('shows members the expired and embargoed ones, and no one’s uploads in review', async () => {
    expect(await found(member)).toEqual(approved);
    expect(await found(member, { q: 'poster' })).toEqual(approved);
    expect(await found(uploader, { q: 'poster' })).toEqual(approved);
  });

  it('shows reviewers everything, and the visibility filter splits it as guests see it', async () => {
    expect(await found(admin)).toEqual(all);
    expect(await found(admin, { q: 'poster' })).toEqual(all);
    expect(await found(admin, { q: 'poster', visibility: 'PUBLIC' })).toEqual(['open', 'soon']);
    expect(await found(member, { q: 'poster', visibility: 'PRIVATE' })).toEqual(['gone', 'later', 'secret']);
    expect(await found(guest, { q: 'poster', visibility: 'PRIVATE' })).toEqual([]);
  });

  it('opens an upload in review for its uploader and reviewers only, and expired ones never for guests', async () => {
    const view = (c: Client, key: string) => c.get(`/api/ops/asset/${ids[key]}/view`).then((r) => r.statusCode);
    expect(await view(uploader, 'waiting')).toBe(200);
    expect(await view(admin, 'refused')).toBe(200);
    expect(await view(member, 'waiting')).toBe(404);
    expect(await view(guest, 'gone')).toBe(404);
    expect(await view(guest, 'later')).toBe(404);
    expect(await view(guest, 'soon')).toBe(200);
    expect(await view(member, 'gone')).toBe(200);
  });

  it('reclassifies a row when its availability or review changes, and keeps it through folder moves', async () => {
    const db = t.built.handle.db;
    await db.updateTable('assets').set({ availability: 'expired' }).where('id', '=', ids.open!).execute();
    expect(await found(guest, { q: 'poster' })).toEqual(['soon']);
    await db.updateTable('assets').set({ availability: 'available' }).where('id', '=', ids.open!).execute();
    await db.updateTable('assets').set({ review_state: 'approved' }).where('id', '=', ids.waiting!).execute();
    expect(await found(guest)).toEqual(['open', 'soon', 'waiting']);
    // A folder turning PRIVATE and back recomputes each row's class from the asset.
    for (const visibility of ['PRIVATE', 'PUBLIC']) {
      const r = await admin.post(`/api/ops/folder/${folder}/update`, { visibility });
      expect(r.statusCode, r.body).toBeLessThan(300);
    }
    expect(await found(guest, { q: 'poster' })).toEqual(['open', 'soon', 'waiting']);
    expect(await found(member)).toEqual([...approved, 'waiting'].sort());
    await db.updateTable('assets').set({ review_state: 'pending' }).where('id', '=', ids.waiting!).execute();
  });
});
