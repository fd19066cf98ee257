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
    create: { width: 160, height: 120, channels: 3, background: { r: (shade += 40), g: 30, b: 5 } },
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
/** The colour in the middle of a picture: the logo's dark red when clean, bright red under the mark. */
async function middle(bytes: Buffer) {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return { r: data[at]!, g: data[at + 1]!, b: data[at + 2]! };
}
type PublicAsset = {
  id: number;
  thumbnail_url: string | null;
  download: {
    state: string;
    url: string | null;
    convert: boolean;
    crop_url: string | null;
    terms: { name: string }[];
  } | null;
};
/** A link's page, and the logo and the PRIVATE asset on it. */
async function linkPage(token: string, pass: string) {
  const page = await ok(
    anon().get(`/api/ops/guidelines/public/${token}/page/${pageId}?pass=${encodeURIComponent(pass)}`),
  );
  const of = (id: number) => (page.assets as PublicAsset[]).find((a) => a.id === id)!;
  return { page, logo: of(ids.logo!), secret: of(ids.secret!) };
}

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

  it("hands out the block's conversions and the brand's presets through a link with downloads, none without", async () => {
    await ok(
      manager.put(`/api/ops/brand/${brand.id}/crop/presets`, {
        presets: [{ name: 'Square', width: 64, height: 64, format: 'png' }],
      }),
    );
    const made = await ok(manager.post(`/api/ops/brand/${brand.id}/guidelines/links`, {}), 201);
    const token = tokenOf(made.link.link);
    const tree = await ok(anon().get(`/api/ops/guidelines/public/${token}`));
    const { page, logo, secret } = await linkPage(token, tree.pass);
    expect(page.crop_presets).toEqual([
      expect.objectContaining({ name: 'Square', width: 64, height: 64, format: 'png' }),
    ]);
    expect(logo.download).toMatchObject({ state: 'ready', convert: true });
    // The link's own address, with a fresh pass (issued with each page).
    expect(logo.download!.crop_url).toMatch(
      new RegExp(`^/api/ops/guidelines/public/${token}/asset/${ids.logo}/crop\\?pass=[\\w.%-]+$`),
    );
    expect(secret.download).toBeNull();

    // A format at full size, as the block's WebP button asks for it.
    const webp = await anon().get(`${logo.download!.crop_url}&x=0&y=0&w=1&h=1&width=160&format=webp`);
    expect(webp.statusCode, webp.body).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(await sharp(webp.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 160, height: 120 });
    // The preset: the middle square, scaled up to its size.
    const square = await anon().get(
      `${logo.download!.crop_url}&x=0.125&y=0&w=0.75&h=1&width=64&height=64&format=png&upscale=true`,
    );
    expect(square.statusCode, square.body).toBe(200);
    expect(await sharp(square.rawPayload).metadata()).toMatchObject({ format: 'png', width: 64, height: 64 });
    // Counted and audited as a download through the link, nobody signed in.
    const audit = await ok(admin.get('/api/ops/audit/all?event=asset.download&per_page=5'));
    expect(audit.items[0]).toMatchObject({ target: { type: 'asset', id: ids.logo } });
    expect(audit.items[0].info).toMatchObject({ format: 'png', guideline_link_id: made.link.id, width: 64 });

    // Bad input is a 422; an asset the link may not see, or on no page, is not there.
    const crop = (id: number) =>
      `/api/ops/guidelines/public/${token}/asset/${id}/crop?pass=${encodeURIComponent(tree.pass)}&x=0&y=0&w=1&h=1&width=8&format=png`;
    expect((await anon().get(`${logo.download!.crop_url}&x=0&y=0&w=0&h=1&width=8&format=png`)).statusCode).toBe(422);
    expect((await anon().get(`${logo.download!.crop_url}&x=0&y=0&w=1&h=1&width=8&format=gif`)).statusCode).toBe(422);
    expect((await anon().get(crop(ids.secret!))).statusCode).toBe(404);
    expect((await anon().get(crop(ids.loose!))).statusCode).toBe(404);

    // Without the download right: no options, no presets, and the address refuses.
    const viewOnly = await ok(
      manager.post(`/api/ops/brand/${brand.id}/guidelines/links`, { allow_download: false }),
      201,
    );
    const other = tokenOf(viewOnly.link.link);
    const otherPass = (await ok(anon().get(`/api/ops/guidelines/public/${other}`))).pass as string;
    const shown = await linkPage(other, otherPass);
    expect(shown.logo.download).toBeNull();
    expect(shown.page.crop_presets).toEqual([]);
    const refused = `/api/ops/guidelines/public/${other}/asset/${ids.logo}/crop?pass=${encodeURIComponent(otherPass)}&x=0&y=0&w=1&h=1&width=8&format=png`;
    expect((await anon().get(refused)).statusCode).toBe(403);
    // Revoked: gone, conversions included.
    await ok(manager.post(`/api/ops/brand/${brand.id}/guidelines/links/${made.link.id}/revoke`, {}));
    expect((await anon().get(crop(ids.logo!))).statusCode).toBe(404);
  });

  it('refuses a licensed asset until the holder accepts its terms, then serves it and audits the acceptance', async () => {
    const stock = await upload(brand.root, 'stock.png');
    const db = t.built.handle.db;
    const at = new Date().toISOString();
    const licence = await db
      .insertInto('licences')
      .values({
        brand_id: brand.id,
        name: 'Stock Co. 2026',
        holder: 'Stock Co.',
        terms: 'Editorial use only.',
        channels: '["web"]',
        territories: '["ES"]',
        valid_until: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('asset_licences').values({ asset_id: stock, licence_id: licence.id }).execute();
    const p = await ok(manager.post(`/api/ops/brand/${brand.id}/guidelines`, { kind: 'page', title: 'Stock' }), 201);
    await ok(
      manager.put(`/api/ops/guideline/${p.id}`, {
        title: 'Stock',
        blocks: [{ id: 'a1', type: 'assets', asset_ids: [stock, ids.logo], downloads: ['original', 'png'] }],
      }),
    );
    await ok(manager.post(`/api/ops/guideline/${p.id}/publish`, {}));
    // Conversions are offered once the image's size is known.
    await until('size', async () => {
      const r = await db.selectFrom('assets').select('width').where('id', '=', stock).executeTakeFirst();
      return !!r?.width;
    });
    const made = await ok(manager.post(`/api/ops/brand/${brand.id}/guidelines/links`, {}), 201);
    const token = tokenOf(made.link.link);
    const { pass } = await ok(anon().get(`/api/ops/guidelines/public/${token}`));
    const page = await ok(
      anon().get(`/api/ops/guidelines/public/${token}/page/${p.id}?pass=${encodeURIComponent(pass)}`),
    );
    const of = (id: number) => (page.assets as PublicAsset[]).find((a) => a.id === id)!;
    const licensed = of(stock).download!;
    expect(licensed).toMatchObject({ state: 'confirm', convert: true });
    expect(licensed.terms).toEqual([
      expect.objectContaining({ id: licence.id, name: 'Stock Co. 2026', terms: 'Editorial use only.' }),
    ]);
    expect(of(ids.logo!).download).toMatchObject({ state: 'ready', terms: [] });

    // Refused before acceptance, original and copies alike, and nothing is counted or audited.
    const copy = `${licensed.crop_url}&x=0&y=0&w=1&h=1&width=160&format=png`;
    for (const refused of [await anon().get(licensed.url!), await anon().get(copy)]) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('DOWNLOAD_CONFIRM');
    }
    const audited = async () =>
      (await ok(admin.get('/api/ops/audit/all?event=asset.download&per_page=100'))).items.filter(
        (e: { target: { id: number } | null }) => e.target?.id === stock,
      ) as { info: Record<string, unknown> }[];
    expect(await audited()).toEqual([]);
    // An unlicensed asset on the same page needs nothing.
    expect((await anon().get(of(ids.logo!).download!.url!)).statusCode).toBe(200);

    // Served once accepted, and the acceptance is in each download's audit entry.
    const original = await anon().get(`${licensed.url}&ack=1`);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    const png = await anon().get(`${copy}&ack=1`);
    expect(png.statusCode, png.body).toBe(200);
    const confirmed = { licences: [{ id: licence.id, name: 'Stock Co. 2026' }] };
    const entries = await audited();
    expect(entries).toHaveLength(2);
    for (const e of entries) expect(e.info).toMatchObject({ guideline_link_id: made.link.id, confirmed });
    expect(entries.map((e) => e.info.format ?? 'original').sort()).toEqual(['original', 'png']);
  });

  it('marks originals and copies through a link when the brand marks its guests, as share links do', async () => {
    const made = await ok(manager.post(`/api/ops/brand/${brand.id}/guidelines/links`, {}), 201);
    const token = tokenOf(made.link.link);
    const { logo } = await linkPage(token, (await ok(anon().get(`/api/ops/guidelines/public/${token}`))).pass);
    const copy = `${logo.download!.crop_url}&x=0&y=0&w=1&h=1&width=160&format=png`;
    // Before the brand asks: clean (the logo is a dark red, r = 40).
    expect((await middle((await anon().get(logo.download!.url!)).rawPayload)).r).toBeLessThan(100);
    expect((await middle((await anon().get(copy)).rawPayload)).r).toBeLessThan(100);

    const red = await sharp({
      create: { width: 50, height: 50, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 1 } },
    })
      .png()
      .toBuffer();
    const form = multipart({ position: 'center', opacity: '100', scale: '40', apply_to_guests: 'true' }, [
      { field: 'image', name: 'red.png', type: 'image/png', data: red },
    ]);
    expect((await admin.form('POST', `/api/ops/brand/${brand.id}/watermark`, form)).statusCode).toBe(200);
    try {
      const original = await anon().get(logo.download!.url!);
      expect(original.statusCode).toBe(200);
      expect((await middle(original.rawPayload)).r).toBeGreaterThan(200);
      const marked = await anon().get(copy);
      expect(marked.statusCode).toBe(200);
      expect((await middle(marked.rawPayload)).r).toBeGreaterThan(200);
      // A member's own copy stays clean.
      const mine = await member.get(`/api/ops/asset/${ids.logo}/crop?x=0&y=0&w=1&h=1&width=160&format=png`);
      expect(mine.statusCode, mine.body).toBe(200);
      expect((await middle(mine.rawPayload)).r).toBeLessThan(100);
    } finally {
      await ok(admin.post(`/api/ops/brand/${brand.id}/watermark`, { apply_to_guests: false }));
    }
  });
});
