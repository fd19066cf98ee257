import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminClient,
  assetRow,
  insertAssets,
  makeBrand,
  makeFolder,
  makeUser,
  multipart,
  startApp,
} from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

let t: TestApp;
let admin: Client;
let brand: { id: number; root: number };
let folder: number;
let assetId: number;
let original: Buffer;
let guest: { client: Client; id: number; email: string };
let member: { client: Client; id: number; email: string };

const BLUE = { r: 40, g: 80, b: 220 };
const picture = (w: number, h: number, fmt: 'jpeg' | 'webp') => {
  const s = sharp({ create: { width: w, height: h, channels: 3, background: BLUE } });
  return (fmt === 'jpeg' ? s.jpeg() : s.webp()).toBuffer();
};
/** The colour in the middle of a picture: blue when clean, red under the centred red mark. */
async function middle(bytes: Buffer) {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return { r: data[at]!, g: data[at + 1]!, b: data[at + 2]! };
}
const traceOf = async (bytes: Buffer) =>
  (
    await admin.form(
      'POST',
      '/api/ops/watermark/trace',
      multipart({}, [{ field: 'file', name: 'leaked.jpg', type: 'image/jpeg', data: bytes }]),
    )
  ).json();

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Traced');
  folder = await makeFolder(admin, brand.id, 'Campaign');
  original = await picture(400, 300, 'jpeg');
  await insertAssets(t.built.handle.db, [
    assetRow(brand.id, folder, 'hero', {
      blob_key: 'originals/wm/hero',
      size: original.length,
      thumb_key: 'derivatives/wmtest/hero/thumb.webp',
      preview_key: 'derivatives/wmtest/hero/preview.webp',
      derivatives: 'ready',
    }),
  ]);
  assetId = (
    await t.built.handle.db.selectFrom('assets').select('id').where('name', '=', 'hero.jpg').executeTakeFirstOrThrow()
  ).id;
  await t.built.storage.put('originals/wm/hero', original);
  await t.built.storage.put('derivatives/wmtest/hero/thumb.webp', await picture(200, 150, 'webp'));
  await t.built.storage.put('derivatives/wmtest/hero/preview.webp', await picture(400, 300, 'webp'));
  const red = await sharp({
    create: { width: 50, height: 50, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 1 } },
  })
    .png()
    .toBuffer();
  const form = multipart({ position: 'center', opacity: '100', scale: '40' }, [
    { field: 'image', name: 'red.png', type: 'image/png', data: red },
  ]);
  expect((await admin.form('POST', `/api/ops/brand/${brand.id}/watermark`, form)).statusCode).toBe(200);
  guest = await makeUser(t, admin, { roles: ['guest'], brands: [brand.id] });
  member = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
});
afterAll(() => t.close());

const listing = async (c: Client) =>
  (await c.get(`/api/ops/folder/${folder}/get/assets`)).json().items[0] as {
    thumbnail_url: string;
    preview_url: string;
  };

describe('watermarks for guests and members', () => {
  it('gives guests clean files while the brand does not ask for it', async () => {
    const r = await guest.client.get(`/api/ops/asset/${assetId}/download`);
    expect(r.rawPayload.equals(original)).toBe(true);
  });

  it('marks guests’ previews and downloads once the brand asks, and never members’', async () => {
    await admin.post(`/api/ops/brand/${brand.id}/watermark`, { apply_to_guests: true });
    const clean = await listing(member.client);
    expect(clean.thumbnail_url).not.toMatch(/derivatives\/wm\//);
    expect((await middle((await t.client().get(clean.preview_url)).rawPayload)).b).toBeGreaterThan(180);

    const marked = await listing(guest.client);
    expect(marked.thumbnail_url).toMatch(/derivatives\/wm\/b\d+-[0-9a-f]{10}\/wmtest\/hero\/thumb\.webp/);
    const first = await t.client().get(marked.preview_url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect((await middle(first.rawPayload)).r).toBeGreaterThan(200);
    // Drawn once, then served as a stored derivative.
    const again = await t.client().get(marked.preview_url);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);

    const down = await guest.client.get(`/api/ops/asset/${assetId}/download`);
    expect(down.statusCode).toBe(200);
    expect(down.rawPayload.equals(original)).toBe(false);
    expect((await middle(down.rawPayload)).r).toBeGreaterThan(200);
    expect((await traceOf(down.rawPayload)).found).toBe(false);

    const mine = await member.client.get(`/api/ops/asset/${assetId}/download`);
    expect(mine.rawPayload.equals(original)).toBe(true);
    const crop = await member.client.get(
      `/api/ops/asset/${assetId}/crop?x=0.25&y=0.25&w=0.5&h=0.5&width=100&format=png`,
    );
    expect((await middle(crop.rawPayload)).b).toBeGreaterThan(180);
    const guestCrop = await guest.client.get(
      `/api/ops/asset/${assetId}/crop?x=0.25&y=0.25&w=0.5&h=0.5&width=100&format=png`,
    );
    expect((await middle(guestCrop.rawPayload)).r).toBeGreaterThan(200);
  });

  it('traces guests’ downloads to the user when the brand asks, read back by the admin tool', async () => {
    await admin.post(`/api/ops/brand/${brand.id}/watermark`, { traceable: true });
    const down = await guest.client.get(`/api/ops/asset/${assetId}/download`);
    const meta = await sharp(down.rawPayload).metadata();
    expect(meta.xmp?.toString()).toMatch(/<bv:TraceId>[0-9A-Z]{20}<\/bv:TraceId>/);
    expect(meta.xmp?.toString()).not.toContain(guest.email);
    const traced = await traceOf(down.rawPayload);
    expect(traced).toMatchObject({
      found: true,
      trace: {
        kind: 'user',
        user: { id: guest.id, email: guest.email },
        asset: { id: assetId, name: 'hero.jpg' },
        link: null,
      },
    });
    const mine = await member.client.get(`/api/ops/asset/${assetId}/download`);
    expect((await traceOf(mine.rawPayload)).found).toBe(false);
  });
});

describe('watermarks on share links', () => {
  let collection: number;
  const link = async (body: Record<string, unknown>) => {
    const r = await admin.post(`/api/ops/collection/${collection}/share`, { audience: 'anyone', ...body });
    expect(r.statusCode, r.body).toBe(201);
    const l = r.json().share_link;
    return { id: l.id as number, base: `/api/ops/collection/${collection}/shared/${l.link.split('/').at(-1)}`, row: l };
  };

  beforeAll(async () => {
    await admin.post(`/api/ops/brand/${brand.id}/watermark`, { apply_to_guests: false, traceable: false });
    const r = await admin.post('/api/ops/collection/new', { name: 'Press kit', asset_ids: [assetId] });
    collection = r.json().collection.id;
  });

  it('serves clean files on a plain link, marked and traced ones on a protected link', async () => {
    const plain = await link({});
    expect(plain.row).toMatchObject({ watermark: false, traceable: false });
    const clean = await t.client().get(`${plain.base}/asset/${assetId}/original`);
    expect(clean.rawPayload.equals(original)).toBe(true);

    const guarded = await link({ watermark: true, traceable: true });
    expect(guarded.row).toMatchObject({ watermark: true, traceable: true });
    const thumb = await t.client().get(`${guarded.base}/asset/${assetId}/thumbnail`);
    expect(thumb.statusCode).toBe(200);
    expect((await middle(thumb.rawPayload)).r).toBeGreaterThan(200);
    const down = await t.client().get(`${guarded.base}/asset/${assetId}/original`);
    expect(down.statusCode).toBe(200);
    expect((await middle(down.rawPayload)).r).toBeGreaterThan(200);
    const traced = await traceOf(down.rawPayload);
    expect(traced).toMatchObject({
      found: true,
      trace: { kind: 'link', link: { id: guarded.id, name: 'Press kit' }, user: null, asset: { id: assetId } },
    });
  });

  it('turns a link’s protection on and off from the administration, audited', async () => {
    const l = await link({});
    const r = await admin.patch(`/api/ops/share-link/${l.id}/update`, { watermark: true });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().share_link).toMatchObject({ watermark: true, traceable: false });
    const marked = await t.client().get(`${l.base}/asset/${assetId}/preview`);
    expect((await middle(marked.rawPayload)).r).toBeGreaterThan(200);
    const audit = (await admin.get('/api/ops/audit/all?event=share_link.update')).json().items[0];
    expect(audit.changes).toEqual({ watermark: { before: false, after: true } });
    const off = await admin.patch(`/api/ops/share-link/${l.id}/update`, { watermark: false });
    expect(off.json().share_link.watermark).toBe(false);
    expect((await middle((await t.client().get(`${l.base}/asset/${assetId}/preview`)).rawPayload)).b).toBeGreaterThan(
      180,
    );
  });

  it('marks a link’s files when the brand marks for guests, even with the link’s option off', async () => {
    const l = await link({});
    await admin.post(`/api/ops/brand/${brand.id}/watermark`, { apply_to_guests: true });
    const down = await t.client().get(`${l.base}/asset/${assetId}/original`);
    expect((await middle(down.rawPayload)).r).toBeGreaterThan(200);
    await admin.post(`/api/ops/brand/${brand.id}/watermark`, { apply_to_guests: false });
  });
});
