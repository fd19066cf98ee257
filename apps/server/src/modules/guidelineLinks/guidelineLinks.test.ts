import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeBrand, makeFolder, makeUser, multipart, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';
import { until } from '../../../test/throwaway.js';

type Res = Awaited<ReturnType<Client['get']>>;

let t: TestApp;
let admin: Client;
let manager: Client;
let member: Client;
let brand: { id: number; root: number };
const ids: Record<string, number> = {};
let pageId: number;
let draftId: number;

async function ok(r: Promise<Res>, status = 200) {
  const res = await r;
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}
let shade = 0;
async function upload(folderId: number, name: string) {
  // A different colour each: the same bytes twice would be a duplicate.
  const data = await sharp({
    create: { width: 16, height: 12, channels: 3, background: { r: (shade += 40), g: 30, b: 5 } },
  })
    .png()
    .toBuffer();
  const r = await admin.form(
    'POST',
    `/api/ops/asset/${brand.id}/${folderId}/new`,
    multipart({}, [{ field: 'files', name, type: 'image/png', data }]),
  );
  expect(r.statusCode, r.body).toBe(201);
  return r.json().results[0].asset_id as number;
}
const tokenOf = (link: string) => link.split('/guidelines/public/')[1]!;
const anon = () => t.client();

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Link Co');
  const hidden = await makeFolder(admin, brand.id, 'Hidden', brand.root, 'PRIVATE');
  ids.logo = await upload(brand.root, 'logo.png');
  ids.secret = await upload(hidden, 'secret.png');
  ids.loose = await upload(brand.root, 'loose.png');
  manager = (await makeUser(t, admin, { roles: ['manager'], brands: [brand.id] })).client;
  member = (await makeUser(t, admin, { roles: ['member'], brands: [brand.id] })).client;
  const page = await ok(manager.post(`/api/ops/brand/${brand.id}/guidelines`, { kind: 'page', title: 'Logo' }), 201);
  pageId = page.id;
  await ok(
    manager.put(`/api/ops/guideline/${pageId}`, {
      title: 'Logo',
      blocks: [
        { id: 't1', type: 'text', nodes: [{ type: 'paragraph', spans: [{ text: 'Keep clear space around it.' }] }] },
        { id: 'a1', type: 'assets', asset_ids: [ids.logo, ids.secret], downloads: ['original'] },
      ],
    }),
  );
  await ok(manager.post(`/api/ops/guideline/${pageId}/publish`, {}));
  draftId = (
    await ok(manager.post(`/api/ops/brand/${brand.id}/guidelines`, { kind: 'page', title: 'Secret plans' }), 201)
  ).id;
  // Thumbnails come from the derivatives job.
  await until('thumbnails', async () => {
    const rows = await t.built.handle.db.selectFrom('assets').select('thumb_key').execute();
    return rows.every((r) => r.thumb_key !== null);
  });
});
afterAll(() => t.close());

describe('public guidelines links', () => {
  it('opens the published guidelines without signing in, and only what a guest of the brand may see', async () => {
    const made = await ok(manager.post(`/api/ops/brand/${brand.id}/guidelines/links`, { expiry_unit: 'days' }), 201);
    expect(made.link).toMatchObject({ state: 'active', has_password: false, allow_download: true });
    const token = tokenOf(made.link.link);
    const tree = await ok(anon().get(`/api/ops/guidelines/public/${token}`));
    expect(tree.locked).toBe(false);
    expect(tree.brand.name).toBe('Link Co');
    expect(tree.items.map((n: { title: string }) => n.title)).toEqual(['Logo']);
    const page = await ok(anon().get(`/api/ops/guidelines/public/${token}/page/${pageId}?pass=${tree.pass}`));
    expect(page.content.blocks[0].nodes[0].spans[0].text).toBe('Keep clear space around it.');
    const logo = page.assets.find((a: { id: number }) => a.id === ids.logo);
    const secret = page.assets.find((a: { id: number }) => a.id === ids.secret);
    expect(logo).toMatchObject({ available: true, name: 'logo.png' });
    expect(secret).toMatchObject({ available: false, name: null, thumbnail_url: null, download: null });
    // The logo's thumbnail and original come through the link; the PRIVATE one and an asset on no page do not.
    const thumb = await anon().get(logo.thumbnail_url);
    expect(thumb.statusCode).toBe(200);
    const original = await anon().get(logo.download!.url!);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    const base = `/api/ops/guidelines/public/${token}/asset`;
    expect((await anon().get(`${base}/${ids.secret}/original?pass=${tree.pass}`)).statusCode).toBe(404);
    expect((await anon().get(`${base}/${ids.loose}/thumbnail?pass=${tree.pass}`)).statusCode).toBe(404);
    // A draft page is not read through the link.
    expect((await anon().get(`/api/ops/guidelines/public/${token}/page/${draftId}`)).statusCode).toBe(404);
    const list = await ok(manager.get(`/api/ops/brand/${brand.id}/guidelines/links`));
    expect(list.items[0]).toMatchObject({ id: made.link.id, views: 1 });
  });

  it('asks for the password, refuses originals without the download right, and stops once revoked', async () => {
    const made = await ok(
      manager.post(`/api/ops/brand/${brand.id}/guidelines/links`, { password: 'open sesame', allow_download: false }),
      201,
    );
    const token = tokenOf(made.link.link);
    // The password prompt is an answer that shows nothing of the brand; its page still refuses.
    expect(await ok(anon().get(`/api/ops/guidelines/public/${token}`))).toEqual({ locked: true });
    expect((await anon().get(`/api/ops/guidelines/public/${token}/page/${pageId}`)).statusCode).toBe(401);
    expect((await anon().post(`/api/ops/guidelines/public/${token}/unlock`, { password: 'nope' })).statusCode).toBe(
      422,
    );
    const { pass } = await ok(anon().post(`/api/ops/guidelines/public/${token}/unlock`, { password: 'open sesame' }));
    const page = await ok(
      anon().get(`/api/ops/guidelines/public/${token}/page/${pageId}?pass=${encodeURIComponent(pass)}`),
    );
    const logo = page.assets.find((a: { id: number }) => a.id === ids.logo);
    expect(logo.download).toBeNull();
    const original = `/api/ops/guidelines/public/${token}/asset/${ids.logo}/original?pass=${encodeURIComponent(pass)}`;
    expect((await anon().get(original)).statusCode).toBe(403);
    await ok(manager.post(`/api/ops/brand/${brand.id}/guidelines/links/${made.link.id}/revoke`, {}));
    expect((await anon().get(`/api/ops/guidelines/public/${token}?pass=${encodeURIComponent(pass)}`)).statusCode).toBe(
      404,
    );
    expect((await anon().get(logo.thumbnail_url)).statusCode).toBe(404);
    const audit = await ok(admin.get('/api/ops/audit/all?per_page=100'));
    const events = audit.items.map((e: { event: string }) => e.event);
    expect(events).toEqual(expect.arrayContaining(['guideline.link.create', 'guideline.link.revoke']));
  });

  it('is made by guidelines managers only, stores no token, and expires', async () => {
    expect((await member.post(`/api/ops/brand/${brand.id}/guidelines/links`, {})).statusCode).toBe(403);
    const made = await ok(
      manager.post(`/api/ops/brand/${brand.id}/guidelines/links`, { expiry_unit: 'minutes', expiry_amount: 5 }),
      201,
    );
    const token = tokenOf(made.link.link);
    const row = await t.built.handle.db
      .selectFrom('guideline_links')
      .selectAll()
      .where('id', '=', made.link.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(token);
    t.clock.advance(6 * 60_000);
    expect((await anon().get(`/api/ops/guidelines/public/${token}`)).statusCode).toBe(404);
    const bad = await manager.post(`/api/ops/brand/${brand.id}/guidelines/links`, { expiry_unit: 'fortnights' });
    expect(bad.statusCode).toBe(422);
  });
});
