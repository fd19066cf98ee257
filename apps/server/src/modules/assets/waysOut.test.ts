import sharp from 'sharp';
import exifr from 'exifr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeBrand, makeFolder, makeUser, multipart, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

// Every way out of the product against availability and review (issue 40 §2-3): the asset page
// and its download, crops, zips, share links and their files. Search: access/privacy.test.ts.
let t: TestApp;
let admin: Client;
let anon: Client;
let guest: Client;
let member: Client;
let memberId: number;
let brand: { id: number; root: number };
let folder: number;
const ids: Record<string, number> = {};

const jpeg = (seed: number) =>
  sharp({ create: { width: 40 + seed, height: 30, channels: 3, background: { r: seed * 20, g: 90, b: 30 } } })
    .jpeg()
    .toBuffer();

async function upload(name: string, seed: number) {
  const r = await admin.form(
    'POST',
    `/api/ops/asset/${brand.id}/${folder}/new`,
    multipart({}, [{ field: 'files', name, type: 'image/jpeg', data: await jpeg(seed) }]),
  );
  expect(r.statusCode, r.body).toBe(201);
  return r.json().results[0].asset_id as number;
}

const db = () => t.built.handle.db;
const setAsset = (key: string, set: Record<string, unknown>) =>
  db().updateTable('assets').set(set).where('id', '=', ids[key]!).execute();
const view = (c: Client, key: string) => c.get(`/api/ops/asset/${ids[key]}/view`);
async function queued(c: Client, body: Record<string, unknown>) {
  const r = await c.post('/api/ops/asset/download/get/queue', body);
  if (r.statusCode !== 202) return { status: r.statusCode, files: 0 };
  const id = r.json().download.id as number;
  for (let i = 0; i < 200; i++) {
    const d = (await c.get(`/api/ops/asset/download/${id}`)).json();
    if (d.state !== 'preparing') return { status: 202, files: d.files as number, skipped: d.skipped as number };
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error('download never left preparing');
}

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  anon = t.client();
  brand = await makeBrand(admin, 'Rights Co');
  folder = await makeFolder(admin, brand.id, 'Campaign');
  for (const [i, key] of ['open', 'gone', 'later', 'licensed', 'waiting'].entries())
    ids[key] = await upload(`${key}.jpg`, i + 1);
  guest = (await makeUser(t, admin, { roles: ['guest'], brands: [brand.id] })).client;
  const m = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
  member = m.client;
  memberId = m.id;
  await setAsset('gone', {
    availability: 'expired',
    availability_date: '2026-10-01',
    availability_reason: JSON.stringify({ kind: 'asset' }),
  });
  await setAsset('later', { availability: 'embargoed', availability_date: '2027-03-01' });
  await setAsset('waiting', { review_state: 'pending', created_by: memberId });
  const at = new Date().toISOString();
  const { id } = await db()
    .insertInto('licences')
    .values({
      brand_id: brand.id,
      name: 'Stock Co. 2026',
      holder: 'Stock Co.',
      terms: 'Editorial and web use only.',
      channels: '["web"]',
      territories: '["ES","PT"]',
      valid_until: '2027-12-31',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db().insertInto('asset_licences').values({ asset_id: ids.licensed!, licence_id: id }).execute();
});
afterAll(() => t?.close());

describe('the ways out respect availability and review', () => {
  it('marks cards and pages with the availability and what decided it', async () => {
    const a = (await view(member, 'gone')).json().asset;
    expect(a.availability).toEqual({ state: 'expired', date: '2026-10-01', reason: { kind: 'asset' } });
    expect(a.review).toEqual({ state: 'approved', reason: null });
    const list = await member.post(`/api/ops/asset/list/all/${folder}?per_page=50`, {});
    const states = Object.fromEntries(
      (list.json().items as { name: string; availability: { state: string } }[]).map((i) => [
        i.name,
        i.availability.state,
      ]),
    );
    expect(states).toMatchObject({ 'open.jpg': 'available', 'gone.jpg': 'expired', 'later.jpg': 'embargoed' });
  });

  it('counts on a guest’s folder cards only the assets the guest can open', async () => {
    const counts = async (c: Client) =>
      ((await c.put('/api/ops/folder/statistics', { ids: [folder] })).json().items as { assets: number }[])[0]?.assets;
    // Five uploaded: one expired, one embargoed, one awaiting review (the member's own, which
    // they follow on their review list, not on folder cards).
    expect(await counts(guest)).toBe(2);
    expect(await counts(member)).toBe(4);
    expect(await counts(admin)).toBe(5);
    // Its licence ending takes the licensed one off the guest's count too, and its renewal back.
    await setAsset('licensed', { availability: 'expired' });
    expect(await counts(guest)).toBe(1);
    await setAsset('licensed', { availability: 'available' });
    expect(await counts(guest)).toBe(2);
  });

  it('lists in a folder and its tree only what the caller may open', async () => {
    const names = async (c: Client) => {
      const list = await c.get(`/api/ops/folder/${folder}/get/assets`);
      expect(list.statusCode, list.body).toBe(200);
      const tree = await c.get(`/api/ops/folder/tree/${folder}?with=both`);
      expect(tree.statusCode, tree.body).toBe(200);
      const of = (items: { name: string }[]) => items.map((i) => i.name).sort();
      expect(of(tree.json().assets)).toEqual(of(list.json().items));
      return of(list.json().items);
    };
    expect(await names(guest)).toEqual(['licensed.jpg', 'open.jpg']);
    expect(await names(member)).toEqual(['gone.jpg', 'later.jpg', 'licensed.jpg', 'open.jpg']);
    expect(await names(admin)).toHaveLength(5);
  });

  it('blocks members’ downloads of expired assets when the brand blocks them, and lets admins through after a warning', async () => {
    const a = (await view(member, 'gone')).json().asset;
    expect(a.download_url).toBeNull();
    expect(a.download_gate).toEqual({ blocked: true, warn: false, terms: [] });
    const r = await member.get(`/api/ops/asset/${ids.gone}/download`);
    expect(r.statusCode).toBe(403);
    expect(r.json().error.code).toBe('DOWNLOAD_BLOCKED');
    expect((await member.post(`/api/ops/asset/${ids.gone}/download/confirm`, { accept: true })).statusCode).toBe(403);
    expect((await view(admin, 'gone')).json().asset.download_gate).toMatchObject({ blocked: false, warn: true });
    expect((await admin.get(`/api/ops/asset/${ids.gone}/download`)).statusCode).toBe(409);
    expect((await admin.get(`/api/ops/asset/${ids.gone}/download?ack=1`)).statusCode).toBe(200);
  });

  it('lets members download expired assets after a warning when the brand allows it, and audits the confirmation', async () => {
    await db().updateTable('brands').set({ expired_downloads: 'warn' }).where('id', '=', brand.id).execute();
    const a = (await view(member, 'gone')).json().asset;
    expect(a.download_gate).toEqual({ blocked: false, warn: true, terms: [] });
    expect(a.download_url).toBeNull();
    const direct = await member.get(`/api/ops/asset/${ids.gone}/download`);
    expect(direct.statusCode).toBe(409);
    expect(direct.json().error.code).toBe('DOWNLOAD_CONFIRM');
    const ok = await member.post(`/api/ops/asset/${ids.gone}/download/confirm`, { accept: true });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await anon.get(ok.json().download_url)).statusCode).toBe(200);
    // The plain link is not the confirmed one: its signature does not cover `ack`.
    const forged = ok.json().download_url.replace('&ack=1', '');
    expect((await anon.get(forged)).statusCode).not.toBe(200);
    const audit = (await admin.get('/api/ops/audit/all?event=asset.download.confirm&per_page=10')).json().items;
    expect(audit[0]).toMatchObject({ info: { confirmed: { licences: [], availability: 'expired' } } });
    await db().updateTable('brands').set({ expired_downloads: 'block' }).where('id', '=', brand.id).execute();
  });

  it('shows a licence’s terms before the download and writes them into the file’s XMP', async () => {
    const a = (await view(guest, 'licensed')).json().asset;
    expect(a.download_url).toBeNull();
    expect(a.download_gate.terms).toEqual([
      expect.objectContaining({
        name: 'Stock Co. 2026',
        terms: 'Editorial and web use only.',
        channels: ['web'],
        territories: ['ES', 'PT'],
        valid_until: '2027-12-31',
      }),
    ]);
    expect((await guest.get(`/api/ops/asset/${ids.licensed}/download`)).statusCode).toBe(409);
    const ok = await guest.post(`/api/ops/asset/${ids.licensed}/download/confirm`, { accept: true });
    const file = await anon.get(ok.json().download_url);
    expect(file.statusCode).toBe(200);
    const xmp = await exifr.parse(file.rawPayload, { xmp: true, tiff: false, exif: false });
    expect(String(xmp.UsageTerms?.value ?? xmp.UsageTerms)).toContain('Stock Co. 2026');
    expect(String(xmp.UsageTerms?.value ?? xmp.UsageTerms)).toContain('Editorial and web use only.');
    const audit = (await admin.get('/api/ops/audit/all?event=asset.download&per_page=10')).json().items;
    expect(audit[0]).toMatchObject({ info: { confirmed: { licences: [{ name: 'Stock Co. 2026' }] } } });
    // A crop needs the same confirmation.
    const crop = `x=0&y=0&w=1&h=1&width=10&format=jpeg`;
    expect((await guest.get(`/api/ops/asset/${ids.licensed}/crop?${crop}`)).statusCode).toBe(409);
    expect((await guest.get(`/api/ops/asset/${ids.licensed}/crop?${crop}&ack=1`)).statusCode).toBe(200);
  });

  it('never puts expired, embargoed or unconfirmed assets in members’ zips, and refuses guests the hidden ones', async () => {
    const all = ['open', 'gone', 'later', 'licensed'].map((k) => ids[k]);
    expect((await queued(member, { asset_ids: all })).status).toBe(409);
    expect(await queued(member, { asset_ids: all, confirm: true })).toMatchObject({ status: 202, files: 2 });
    // A folder holds the member's own upload in review too: its uploader may take it.
    expect(await queued(member, { folder_ids: [folder], confirm: true })).toMatchObject({ status: 202, files: 3 });
    expect((await queued(guest, { asset_ids: [ids.gone] })).status).toBe(404);
    expect(await queued(guest, { folder_ids: [folder], confirm: true })).toMatchObject({ status: 202, files: 2 });
  });

  it('shares only what may be used: a collection’s link leaves out expired, embargoed and pending assets', async () => {
    const col = await member.post('/api/ops/collection/new', {
      name: 'Launch',
      asset_ids: ['open', 'gone', 'later', 'waiting'].map((k) => ids[k]),
    });
    expect(col.statusCode, col.body).toBe(201);
    const colId = col.json().collection.id as number;
    // The uploader sees their own pending upload in their collection, and the expired ones marked.
    const mine = await member.get(`/api/ops/collection/${colId}/own/view?per_page=50`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().collection.asset_count).toBe(4);
    const l = await member.post(`/api/ops/collection/${colId}/share`, { audience: 'anyone' });
    expect(l.statusCode, l.body).toBe(201);
    const token = l.json().share_link.link.split('/').at(-1);
    const base = `/api/ops/collection/${colId}/shared/${token}`;
    const v = (await anon.get(`${base}/public/view`)).json();
    expect(v.assets.items.map((a: { id: number }) => a.id)).toEqual([ids.open]);
    expect(v.collection.asset_count).toBe(1);
    for (const key of ['gone', 'later', 'waiting'])
      expect((await anon.get(`${base}/asset/${ids[key]}/thumbnail`)).statusCode).toBe(404);

    // A licensed asset downloaded through a link carries its terms in its XMP, as signed in.
    const licensedCol = await admin.post('/api/ops/collection/new', { name: 'Stock', asset_ids: [ids.licensed] });
    const lcId = licensedCol.json().collection.id as number;
    const ll = await admin.post(`/api/ops/collection/${lcId}/share`, { audience: 'anyone' });
    const lt = ll.json().share_link.link.split('/').at(-1);
    const page = (await anon.get(`/api/ops/collection/${lcId}/shared/${lt}/public/view`)).json();
    expect(page.assets.items[0].terms).toEqual([expect.objectContaining({ name: 'Stock Co. 2026' })]);
    expect(page.zip_terms).toEqual([expect.objectContaining({ name: 'Stock Co. 2026' })]);
    const original = `/api/ops/collection/${lcId}/shared/${lt}/asset/${ids.licensed}/original`;
    // Not before its holder accepted the terms the page shows; nor the zip.
    expect((await anon.get(original)).statusCode).toBe(409);
    expect((await anon.get(`/api/ops/collection/${lcId}/shared/${lt}/zip`)).statusCode).toBe(409);
    const file = await anon.get(`${original}?ack=1`);
    expect(file.statusCode, file.body.slice(0, 200)).toBe(200);
    const xmp = await exifr.parse(file.rawPayload, { xmp: true, tiff: false, exif: false });
    expect(String(xmp.UsageTerms?.value ?? xmp.UsageTerms)).toContain('Stock Co. 2026');
  });

  it('keeps an upload in review to its uploader and reviewers', async () => {
    expect((await view(member, 'waiting')).statusCode).toBe(200);
    expect((await view(guest, 'waiting')).statusCode).toBe(404);
    expect((await view(admin, 'waiting')).statusCode).toBe(200);
    const other = (await makeUser(t, admin, { roles: ['member'], brands: [brand.id] })).client;
    expect((await view(other, 'waiting')).statusCode).toBe(404);
    expect((await queued(other, { asset_ids: [ids.waiting] })).status).toBe(404);
  });
});
