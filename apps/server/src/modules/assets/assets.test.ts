import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureDir, tinyPdf } from '../../media/test-fixtures.js';
import { adminClient, makeBrand, makeFolder, makeUser, multipart, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

let t: TestApp;
let admin: Client;
let brand: { id: number; root: number };
let folder: number;

const jpeg = (seed: number) =>
  sharp({ create: { width: 640 + seed, height: 480, channels: 3, background: { r: seed % 255, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();
type File = { name: string; type: string; data: Buffer };
const upload = (c: Client, folderId: number, files: File[], query = '') =>
  c.form(
    'POST',
    `/api/ops/asset/${brand.id}/${folderId}/new${query}`,
    multipart(
      {},
      files.map((f) => ({ field: 'files', ...f })),
    ),
  );

/** Waits for the in-process worker to finish an asset's derivatives. */
async function ready(c: Client, id: number) {
  for (let i = 0; i < 100; i++) {
    const a = (await c.get(`/api/ops/asset/${id}/view`)).json().asset;
    if (a.derivatives !== 'pending') return a;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`derivatives of ${id} never finished`);
}

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Assets Co');
  folder = await makeFolder(admin, brand.id, 'Photos');
});
afterAll(() => t.close());

describe('uploads', () => {
  it('creates assets from several files, with thumbnails and previews made by the worker', async () => {
    const dir = fixtureDir();
    tinyPdf(join(dir, 'brief.pdf'));
    const r = await upload(admin, folder, [
      { name: 'one.jpg', type: 'image/jpeg', data: await jpeg(1) },
      { name: 'two.jpg', type: 'image/jpeg', data: await jpeg(2) },
      { name: 'brief.pdf', type: 'application/pdf', data: readFileSync(join(dir, 'brief.pdf')) },
    ]);
    expect(r.statusCode).toBe(201);
    const results = r.json().results;
    expect(results.map((x: { status: string }) => x.status)).toEqual(['created', 'created', 'created']);
    const one = await ready(admin, results[0].asset_id);
    expect(one).toMatchObject({
      name: 'one.jpg',
      ext: 'jpg',
      type: 'image',
      width: 641,
      height: 480,
      derivatives: 'ready',
      current_version: 1,
    });
    const thumb = await t.client().get(one.thumbnail_url);
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).format).toBe('webp');
    const pdf = await ready(admin, results[2].asset_id);
    expect(pdf.type).toBe('document');
    // The viewer's "Open PDF": shown by the browser (no sandbox, which would block its viewer).
    const shown = await admin.get(`/api/ops/asset/${pdf.id}/download?disposition=inline`);
    expect(shown.headers['content-disposition']).toMatch(/^inline; filename="brief.pdf"/);
    expect(shown.headers['content-security-policy']).toBe("default-src 'none'");
    expect(shown.headers['content-type']).toBe('application/pdf');
    const listing = (await admin.get(`/api/ops/folder/${folder}/get/assets`)).json();
    expect(listing.items.map((a: { name: string }) => a.name)).toEqual(['brief.pdf', 'one.jpg', 'two.jpg']);
  });

  it('answers not created with the location for bytes the brand already has, unless asked to upload anyway', async () => {
    const data = await jpeg(7);
    const first = (await upload(admin, folder, [{ name: 'seven.jpg', type: 'image/jpeg', data }])).json().results[0];
    const other = await makeFolder(admin, brand.id, 'Elsewhere');
    const again = await upload(admin, other, [{ name: 'copy-of-seven.jpg', type: 'image/jpeg', data }]);
    expect(again.statusCode).toBe(207);
    expect(again.json().results[0]).toMatchObject({
      status: 'not_created',
      error: { code: 'ASSET_EXISTS', message: 'The brand already has this file.' },
      asset_id: first.asset_id,
      location: { brand_name: 'Assets Co', folder_id: folder, path: 'Assets Co / Photos' },
    });
    expect((await admin.get(`/api/ops/folder/${other}/get/assets`)).json().total).toBe(0);
    const anyway = await upload(
      admin,
      other,
      [{ name: 'copy-of-seven.jpg', type: 'image/jpeg', data }],
      '?duplicates=allow',
    );
    expect(anyway.json().results[0].status).toBe('created');
  });

  it('refuses disguised, nameless and disallowed files, and stores odd names safely', async () => {
    const r = await upload(admin, folder, [
      { name: 'evil.jpg', type: 'image/jpeg', data: Buffer.from('<?php system($_GET["c"]); ?>') },
      { name: 'page.jpg', type: 'image/jpeg', data: Buffer.from('<html><script>alert(1)</script></html>') },
      { name: 'noextension', type: 'application/octet-stream', data: Buffer.from('hello') },
      { name: 'tool.exe', type: 'application/octet-stream', data: Buffer.from('MZ....') },
      { name: '../../etc/passwd.txt', type: 'text/plain', data: Buffer.from('not a path') },
      { name: 'vacío ñandú 日本.txt', type: 'text/plain', data: Buffer.from('unicode') },
      { name: 'empty.txt', type: 'text/plain', data: Buffer.alloc(0) },
    ]);
    expect(r.statusCode).toBe(207);
    const res = r.json().results;
    expect(res.slice(0, 4).map((x: { error?: { code: string } }) => x.error?.code)).toEqual([
      'CONTENT_MISMATCH',
      'CONTENT_MISMATCH',
      'MISSING_EXTENSION',
      'EXTENSION_NOT_ALLOWED',
    ]);
    expect(res[0].error.message).toBe("The file's content does not match its extension.");
    // Spec §3 creation statuses: each refused file is "not created", with its reason.
    expect(res.map((x: { status: string }) => x.status)).toEqual([
      'not_created',
      'not_created',
      'not_created',
      'not_created',
      'created',
      'created',
      'created',
    ]);
    const alone = await upload(admin, folder, [
      { name: 'evil.jpg', type: 'image/jpeg', data: Buffer.from('<?php system($_GET["c"]); ?>') },
    ]);
    expect(alone.statusCode).toBe(422);
    expect(alone.json().results[0].error.code).toBe('CONTENT_MISMATCH');
    expect(res[4]).toMatchObject({ status: 'created', file_name: 'passwd.txt' });
    const unicode = (await admin.get(`/api/ops/asset/${res[5].asset_id}/view`)).json().asset;
    const dl = await admin.get(`/api/ops/asset/${unicode.id}/download`);
    expect(dl.headers['content-disposition']).toBe(
      `attachment; filename="vac_o _and_ __.txt"; filename*=UTF-8''vac%C3%ADo%20%C3%B1and%C3%BA%20%E6%97%A5%E6%9C%AC.txt`,
    );
    const empty = (await admin.get(`/api/ops/asset/${res[6].asset_id}/view`)).json().asset;
    expect(empty).toMatchObject({ size: 0, derivatives: 'none' });
    expect((await admin.get(`/api/ops/asset/${empty.id}/download`)).rawPayload.length).toBe(0);
  });

  it('never serves an uploaded SVG as a page from our origin', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>';
    const id = (
      await upload(admin, folder, [{ name: 'logo.svg', type: 'image/svg+xml', data: Buffer.from(svg) }])
    ).json().results[0].asset_id;
    const dl = await admin.get(`/api/ops/asset/${id}/download`);
    expect(dl.headers['content-type']).toBe('application/octet-stream');
    expect(dl.headers['content-security-policy']).toContain('sandbox');
    expect(dl.headers['content-disposition']).toMatch(/^attachment/);
    const asked = await admin.get(`/api/ops/asset/${id}/download?disposition=inline`);
    expect(asked.headers['content-disposition']).toMatch(/^attachment/);
    expect(asked.headers['content-security-policy']).toContain('sandbox');
    const a = await ready(admin, id);
    expect(a.thumbnail_url).toMatch(/\.webp\?/);
  });
});

describe('asset operations', () => {
  it('downloads identical bytes, with ranges and by signed link', async () => {
    const data = await jpeg(11);
    const id = (await upload(admin, folder, [{ name: 'eleven.jpg', type: 'image/jpeg', data }])).json().results[0]
      .asset_id;
    const full = await admin.get(`/api/ops/asset/${id}/download`);
    expect(Buffer.compare(full.rawPayload, data)).toBe(0);
    const part = await admin.req('GET', `/api/ops/asset/${id}/download`, undefined, {
      headers: { range: 'bytes=10-19' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${data.length}`);
    expect(Buffer.compare(part.rawPayload, data.subarray(10, 20))).toBe(0);
    const bad = await admin.req('GET', `/api/ops/asset/${id}/download`, undefined, {
      headers: { range: `bytes=${data.length + 5}-` },
    });
    expect(bad.statusCode).toBe(416);
    const link = (await admin.get(`/api/ops/asset/${id}/view`)).json().asset.download_url;
    expect(Buffer.compare((await t.client().get(link)).rawPayload, data)).toBe(0);
    expect((await t.client().get(`/api/ops/asset/${id}/download`)).statusCode).toBe(401);
  });

  it('edits metadata keeping the extension, moves all or nothing, copies, removes and restores', async () => {
    const id = (await upload(admin, folder, [{ name: 'edit.jpg', type: 'image/jpeg', data: await jpeg(21) }])).json()
      .results[0].asset_id;
    const ok = await admin.put(`/api/ops/asset/${id}/edit`, {
      name: 'Hero shot.jpg',
      description: 'Spring hero',
      keywords: ['spring', 'hero'],
      categories: ['Campaign'],
      language: 'Minimal',
      visibility: 'PRIVATE',
    });
    expect(ok.json().asset).toMatchObject({
      name: 'Hero shot.jpg',
      keywords: ['spring', 'hero'],
      categories: ['Campaign'],
      visibility: 'PRIVATE',
    });
    const noExt = await admin.put(`/api/ops/asset/${id}/edit`, { name: 'Hero shot' });
    expect(noExt.statusCode).toBe(422);
    expect((await admin.put(`/api/ops/asset/${id}/edit`, { owner: 'me' })).statusCode).toBe(422);
    // A locked name cannot change; only those who manage assets set the lock.
    const member = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    expect((await member.client.put(`/api/ops/asset/${id}/edit`, { name_locked: true })).statusCode).toBe(403);
    expect((await admin.put(`/api/ops/asset/${id}/edit`, { name_locked: true })).json().asset.name_locked).toBe(true);
    const renamed = await member.client.put(`/api/ops/asset/${id}/edit`, { name: 'Other.jpg' });
    expect(renamed.json().error.fields).toEqual({ name: 'Name cannot be changed' });
    await admin.put(`/api/ops/asset/${id}/edit`, { name_locked: false });

    const dest = await makeFolder(admin, brand.id, 'Dest');
    const other = await makeBrand(admin, 'Other brand');
    const foreign = await makeFolder(admin, other.id, 'Foreign');
    expect((await admin.post(`/api/ops/asset/all/move/${foreign}`, { ids: [id] })).statusCode).toBe(422);
    expect((await admin.post(`/api/ops/asset/all/move/${dest}`, { ids: [id, 999999] })).statusCode).toBe(404);
    expect((await admin.get(`/api/ops/asset/${id}/view`)).json().asset.folder_id).toBe(folder);
    expect((await admin.post(`/api/ops/asset/all/move/${dest}`, { ids: [id] })).json().moved).toBe(1);

    const copy = await admin.post(`/api/ops/asset/${id}/copy`, { folder_id: folder });
    expect(copy.statusCode).toBe(201);
    expect(copy.json().asset).toMatchObject({ name: 'Hero shot.jpg', folder_id: folder });

    const removed = await admin.put(`/api/ops/asset/${id}/status/change`);
    expect(removed.json().asset).toMatchObject({ status: 'INACTIVE', abilities: { restore: true, remove: false } });
    expect((await admin.get(`/api/ops/folder/${dest}/get/assets`)).json().total).toBe(0);
    const restored = await admin.put(`/api/ops/asset/${id}/status/change`);
    expect(restored.json().asset.status).toBe('ACTIVE');
    expect((await admin.get(`/api/ops/folder/${dest}/get/assets`)).json().total).toBe(1);
  });

  it('keeps a version history: new versions, listing and restoring an old one as a new version', async () => {
    const v1 = await jpeg(31);
    const id = (await upload(admin, folder, [{ name: 'versioned.jpg', type: 'image/jpeg', data: v1 }])).json()
      .results[0].asset_id;
    const v2 = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#00ff00' } })
      .png()
      .toBuffer();
    const form = multipart({ asset_id: String(id) }, [
      { field: 'file', name: 'versioned-v2.png', type: 'image/png', data: v2 },
    ]);
    const r = await admin.form('POST', '/api/ops/asset/version/new', form);
    expect(r.statusCode).toBe(201);
    expect(r.json().asset).toMatchObject({ current_version: 2, name: 'versioned.png', width: 300 });
    expect(r.json().version).toMatchObject({ number: 2, current: true });
    const list = (await admin.get(`/api/ops/asset/${id}/version/all`)).json().items;
    expect(list.map((v: { number: number; current: boolean }) => [v.number, v.current])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(list[1].author.name).toBe('Admin User');
    const back = await admin.post(`/api/ops/asset/${id}/version/1/restore`);
    expect(back.json().asset).toMatchObject({ current_version: 3, name: 'versioned.jpg' });
    expect(Buffer.compare((await admin.get(`/api/ops/asset/${id}/download`)).rawPayload, v1)).toBe(0);
    const bad = multipart({ asset_id: String(id) }, [
      { field: 'file', name: 'x.jpg', type: 'image/jpeg', data: Buffer.from('<?php') },
    ]);
    expect((await admin.form('POST', '/api/ops/asset/version/new', bad)).statusCode).toBe(422);
  });

  it('hides other brands and PRIVATE assets from those who may not see them', async () => {
    const id = (await upload(admin, folder, [{ name: 'private.jpg', type: 'image/jpeg', data: await jpeg(41) }])).json()
      .results[0].asset_id;
    await admin.put(`/api/ops/asset/${id}/edit`, { visibility: 'PRIVATE' });
    const guest = await makeUser(t, admin, { roles: ['guest'], brands: [brand.id] });
    const member = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    const outsider = await makeUser(t, admin, { roles: ['member'], brands: [] });
    expect((await guest.client.get(`/api/ops/asset/${id}/view`)).statusCode).toBe(404);
    expect((await guest.client.get(`/api/ops/asset/${id}/download`)).statusCode).toBe(404);
    const names = (await guest.client.get(`/api/ops/folder/${folder}/get/assets?per_page=200`))
      .json()
      .items.map((a: { name: string }) => a.name);
    expect(names).not.toContain('private.jpg');
    expect((await member.client.get(`/api/ops/asset/${id}/view`)).statusCode).toBe(200);
    expect((await outsider.client.get(`/api/ops/asset/${id}/view`)).statusCode).toBe(404);
    expect(
      (await upload(guest.client, folder, [{ name: 'g.jpg', type: 'image/jpeg', data: await jpeg(42) }])).statusCode,
    ).toBe(403);
    const stats = (await guest.client.put('/api/ops/asset/statistics', { brand_id: brand.id })).json();
    const adminStats = (await admin.put('/api/ops/asset/statistics', { brand_id: brand.id })).json();
    expect(adminStats.total).toBeGreaterThan(stats.total);
  });
});
