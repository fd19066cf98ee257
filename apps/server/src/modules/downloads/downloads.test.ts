import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRepos } from '../../repos.js';
import { adminClient, makeBrand, makeFolder, makeUser, multipart, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';
import { downloadKey } from './downloads.build.js';

let t: TestApp;
let admin: Client;
let member: { client: Client; id: number; email: string };
let guest: { client: Client; id: number; email: string };
let brand: { id: number; root: number };
let shots: number;
let night: number;
let hidden: number;
const ids: Record<string, number> = {};
const work = mkdtempSync(join(tmpdir(), 'bv-zip-'));

let pixel = 0;
const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: (pixel += 7) % 256, g: 9, b: 40 } } })
    .png()
    .toBuffer();
async function upload(folderId: number, name: string, brandId = brand.id) {
  const r = await admin.form(
    'POST',
    `/api/ops/asset/${brandId}/${folderId}/new`,
    multipart({}, [{ field: 'files', name, type: 'image/png', data: await png() }]),
  );
  expect(r.statusCode).toBe(201);
  return r.json().results[0].asset_id as number;
}
const queue = (c: Client, body: Record<string, unknown>) => c.post('/api/ops/asset/download/get/queue', body);
async function ready(c: Client, id: number) {
  for (let i = 0; i < 200; i++) {
    const r = await c.get(`/api/ops/asset/download/${id}`);
    if (r.json().state !== 'preparing') return r.json();
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error('download never left preparing');
}
/** Fetches a ready download's file as a signed-out browser following the link would. */
async function fetchFile(url: string) {
  const r = await t.client().get(url);
  expect(r.statusCode).toBe(200);
  return r;
}
function unzip(body: Buffer) {
  const file = join(work, `z${Date.now()}${Math.random()}.zip`);
  writeFileSync(file, body);
  const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
  const tested = execFileSync('unzip', ['-tq', file], { encoding: 'utf8' });
  return { file, names: names.sort(), tested };
}

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Zip Co');
  shots = await makeFolder(admin, brand.id, 'Shots', brand.root);
  night = await makeFolder(admin, brand.id, 'Night', shots);
  hidden = await makeFolder(admin, brand.id, 'Hidden', shots, 'PRIVATE');
  ids.logo = await upload(shots, 'logo.png');
  ids.moon = await upload(night, 'moon.png');
  ids.secret = await upload(hidden, 'secret.png');
  ids.top = await upload(brand.root, 'logo.png');
  member = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
  guest = await makeUser(t, admin, { roles: ['guest'], brands: [brand.id] });
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

describe('zip downloads', () => {
  it('zips a folder tree and chosen assets, tells the owner, and counts the download', async () => {
    const q = await queue(member.client, { folder_ids: [shots], asset_ids: [ids.top, ids.logo] });
    expect(q.statusCode).toBe(202);
    expect(q.json().download).toMatchObject({ format: 'zip', state: 'preparing', url: null });
    const d = await ready(member.client, q.json().download.id);
    expect(d).toMatchObject({ state: 'ready', files: 4, skipped: 0 });
    expect(d.name).toMatch(/^Zip Co \d{4}-\d\d-\d\d \d\d\.\d\d\.zip$/);

    const r = await fetchFile(d.url);
    expect(r.headers['content-type']).toBe('application/zip');
    const z = unzip(r.rawPayload);
    // The chosen asset at the top, a repeated name numbered, the folder as a tree; the asset
    // chosen twice (directly and in its folder) is in once.
    expect(z.names).toEqual(['Shots/Hidden/secret.png', 'Shots/Night/moon.png', 'logo (2).png', 'logo.png'].sort());
    expect(z.tested).toMatch(/No errors detected/);

    const job = (await member.client.get(`/api/jobs/${q.json().job_id}`)).json();
    expect(job).toMatchObject({ status: 'done', progress: { done: 4, of: 4 } });
    const notes = (await member.client.get('/api/ops/notification/list')).json();
    expect(notes.items[0]).toMatchObject({ kind: 'download', excerpt: d.name, path: '/downloads' });
    const mail = (await t.waitForMails(member.email)).at(-1)!;
    expect(mail.subject).toContain('is ready');
    expect(mail.links).toEqual(['http://app.test/downloads']);

    const audit = (await admin.get(`/api/ops/audit/all?user_id=${member.id}&section=assets`)).json();
    const events = audit.items.map((e: { event: string }) => e.event);
    expect(events).toEqual(expect.arrayContaining(['download.queue', 'download.fetch']));
  });

  it('leaves out what a guest may not see, and refuses ids they may not download', async () => {
    const q = await queue(guest.client, { folder_ids: [shots] });
    const d = await ready(guest.client, q.json().download.id);
    const z = unzip((await fetchFile(d.url)).rawPayload);
    expect(z.names).toEqual(['Shots/Night/moon.png', 'Shots/logo.png']);
    expect((await queue(guest.client, { asset_ids: [ids.secret] })).statusCode).toBe(404);
    expect((await queue(guest.client, { folder_ids: [hidden] })).statusCode).toBe(404);
    // Someone else's download is not theirs to see.
    expect((await guest.client.get(`/api/ops/asset/download/${d.id}`)).statusCode).toBe(200);
    expect((await member.client.get(`/api/ops/asset/download/${d.id}`)).statusCode).toBe(404);
  });

  it('answers 422 with the reason for an empty selection, and 404 for another brand', async () => {
    const empty = await queue(member.client, { asset_ids: [], folder_ids: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error.fields.asset_ids).toMatch(/choose at least one asset or folder/);
    const other = await makeBrand(admin, 'Not Yours');
    const theirs = await upload(other.root, 'theirs.png', other.id);
    expect((await queue(member.client, { asset_ids: [ids.logo, theirs] })).statusCode).toBe(404);
    const spanish = await makeUser(t, admin, { roles: ['member'], brands: [brand.id], lang: 'es' });
    const es = await queue(spanish.client, { folder_ids: [] });
    expect(es.json().error.fields.asset_ids).toMatch(/elige al menos un recurso o una carpeta/);
  });

  it('lists a missing file in a note inside the archive instead of failing', async () => {
    const lost = await upload(night, 'lost.png');
    const row = await t.built.handle.db
      .selectFrom('assets')
      .select('blob_key')
      .where('id', '=', lost)
      .executeTakeFirstOrThrow();
    await t.built.storage.delete(row.blob_key);
    const q = await queue(member.client, { asset_ids: [lost, ids.moon] });
    const d = await ready(member.client, q.json().download.id);
    expect(d).toMatchObject({ files: 1, skipped: 1 });
    const z = unzip((await fetchFile(d.url)).rawPayload);
    expect(z.names).toEqual(['SKIPPED FILES.txt', 'moon.png']);
    const note = execFileSync('unzip', ['-p', z.file, 'SKIPPED FILES.txt'], { encoding: 'utf8' });
    expect(note).toContain('- lost.png');
  });

  it('makes a PDF of the selection: a cover, then a page per asset or a contact sheet', async () => {
    for (const [layout, pages] of [
      ['pages', 4],
      ['sheet', 2],
    ] as const) {
      const q = await queue(member.client, { asset_ids: [ids.logo, ids.moon, ids.top], format: 'pdf', layout });
      expect(q.statusCode).toBe(202);
      const d = await ready(member.client, q.json().download.id);
      expect(d).toMatchObject({ state: 'ready', format: 'pdf', layout, files: 3 });
      expect(d.name).toMatch(/\.pdf$/);
      const r = await fetchFile(d.url);
      expect(r.headers['content-type']).toBe('application/pdf');
      const file = join(work, `d${d.id}.pdf`);
      writeFileSync(file, r.rawPayload);
      expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(new RegExp(`Pages:\\s+${pages}\\n`));
      const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
      expect(text).toContain('Zip Co');
      expect(text).toContain('moon.png');
    }
  });

  it('prints the brand fields marked for PDFs under each asset, as text, and no others', async () => {
    const field = async (body: Record<string, unknown>) => {
      const r = await admin.post(`/api/ops/brand/${brand.id}/metadata/fields`, { label_es: 'x', ...body });
      expect(r.statusCode, r.body).toBe(201);
    };
    const vocab = (
      await admin.post(`/api/ops/brand/${brand.id}/metadata/vocabularies`, { name: 'Moods', kind: 'list' })
    ).json();
    const calm = (await admin.post(`/api/ops/metadata/vocabulary/${vocab.id}/options`, { label_en: 'Calm' })).json();
    await field({ key: 'mood', type: 'select', label_en: 'Mood', vocabulary_id: vocab.id, on_pdf: true });
    await field({ key: 'shoot', type: 'date', label_en: 'Shoot day', on_pdf: true });
    await field({ key: 'cost', type: 'text', label_en: 'Cost centre' });
    const values = { mood: calm.id, shoot: '2026-03-04', cost: 'HIDDEN-42' };
    expect((await admin.put(`/api/ops/asset/${ids.moon}/fields`, { values })).statusCode).toBe(200);
    for (const layout of ['pages', 'sheet'] as const) {
      const q = await queue(member.client, { asset_ids: [ids.moon, ids.logo], format: 'pdf', layout });
      const d = await ready(member.client, q.json().download.id);
      const file = join(work, `f${d.id}.pdf`);
      writeFileSync(file, (await fetchFile(d.url)).rawPayload);
      const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
      expect(text).toMatch(/Mood:? ?\s*Calm/);
      expect(text).toMatch(/Shoot day:? ?\s*2026-03-04/);
      expect(text).not.toContain('HIDDEN-42');
      expect(text).not.toContain('Cost centre');
    }
  });

  it('counts every download per asset, kind and day for the statistics', async () => {
    const stats = async () =>
      (await member.client.req('PUT', '/api/ops/asset/statistics', { brand_id: brand.id, days: 7 })).json().downloads;
    const before = await stats();
    expect((await member.client.get(`/api/ops/asset/${ids.logo}/download`)).statusCode).toBe(200);
    const crop = await member.client.get(`/api/ops/asset/${ids.logo}/crop?x=0&y=0&w=1&h=1&width=4&format=png`);
    expect(crop.statusCode).toBe(200);
    const q = await queue(member.client, { asset_ids: [ids.logo, ids.moon] });
    await fetchFile((await ready(member.client, q.json().download.id)).url);
    const after = await stats();
    expect(after.total - before.total).toBe(4);
    expect(after.by_kind.original - before.by_kind.original).toBe(1);
    expect(after.by_kind.crop - before.by_kind.crop).toBe(1);
    expect(after.by_kind.zip - before.by_kind.zip).toBe(2);
    expect(after.top[0]).toMatchObject({ id: ids.logo, name: 'logo.png' });
    expect(after.by_day.at(-1).day).toBe(new Date().toISOString().slice(0, 10));
    // A folder's figure covers its whole subtree.
    const folders = await member.client.req('PUT', '/api/ops/folder/statistics', { ids: [shots, night] });
    const byId = Object.fromEntries(folders.json().items.map((f: { id: number }) => [f.id, f]));
    expect(byId[night].downloads).toBeGreaterThanOrEqual(2);
    expect(byId[shots].downloads).toBeGreaterThan(byId[night].downloads);
  });

  it('expires a ready download after a day and deletes its file', async () => {
    const q = await queue(member.client, { asset_ids: [ids.moon] });
    const d = await ready(member.client, q.json().download.id);
    t.clock.advance(25 * 3_600_000);
    try {
      expect((await member.client.get(`/api/ops/asset/download/${d.id}`)).json()).toMatchObject({
        state: 'expired',
        url: null,
      });
      const { downloadsCleanup } = await import('../../worker/handlers/downloads.cleanup.js');
      const ctx = {
        db: t.built.handle.db,
        repos: makeRepos(t.built.handle.db),
        storage: t.built.storage,
        clock: t.clock,
        log: { info: () => undefined },
      };
      const r = (await downloadsCleanup.run({ batch: 500 }, ctx as never)) as { expired: number };
      expect(r.expired).toBeGreaterThanOrEqual(1);
      expect(await t.built.storage.stat(downloadKey(d.id))).toBeNull();
      expect((await t.client().get(d.url)).statusCode).toBe(404);
    } finally {
      t.clock.advance(-25 * 3_600_000);
    }
  });

  it("marks a guest's pictures when the brand asks for it, and never a member's", async () => {
    const red = await sharp({
      create: { width: 8, height: 8, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 1 } },
    })
      .png()
      .toBuffer();
    const form = multipart({ position: 'center', opacity: '100', scale: '100', apply_to_guests: 'true' }, [
      { field: 'image', name: 'red.png', type: 'image/png', data: red },
    ]);
    expect((await admin.form('POST', `/api/ops/brand/${brand.id}/watermark`, form)).statusCode).toBe(200);
    const zipped = async (c: Client) => {
      const q = await queue(c, { asset_ids: [ids.moon] });
      const z = unzip((await fetchFile((await ready(c, q.json().download.id)).url)).rawPayload);
      return execFileSync('unzip', ['-p', z.file, 'moon.png']);
    };
    const [forGuest, forMember] = [await zipped(guest.client), await zipped(member.client)];
    const centre = async (png: Buffer) => {
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      return data[(4 * info.width + 4) * info.channels]!;
    };
    expect(await centre(forMember)).toBeLessThan(100);
    expect(await centre(forGuest)).toBeGreaterThan(200);
  });
});
