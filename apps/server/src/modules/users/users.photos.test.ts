import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_PHOTO_MAX_BYTES } from '@brandvault/contract';
import { adminClient, makeBrand, makeUser, multipart, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

let t: TestApp;
let admin: Client;
let brand: number;

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = (await makeBrand(admin, 'Photo Co')).id;
});
afterAll(() => t.close());

/** 200×100: red on the left half, blue on the right. */
const halves = () =>
  sharp({ create: { width: 200, height: 100, channels: 3, background: '#ff0000' } })
    .composite([
      { input: { create: { width: 100, height: 100, channels: 3, background: '#0000ff' } }, left: 100, top: 0 },
    ])
    .png()
    .toBuffer();

const photoForm = (data: Buffer, name = 'me.png', type = 'image/png') =>
  multipart({}, [{ field: 'photo', name, type, data }]);
const upload = (c: Client, id: number, data: Buffer) =>
  c.form('POST', `/api/ops/users/${id}/photo/upload`, photoForm(data));
const send = async (c: Client, id: number, data: Buffer, crop?: object) => {
  const up = await upload(c, id, data);
  if (up.statusCode !== 201) throw new Error(`upload: ${up.statusCode} ${up.body}`);
  return c.post(`/api/ops/users/${id}/photo/${up.json().photo.id}/update`, crop ? { crop } : {});
};
/** The stored picture behind a signed media link. */
const picture = async (url: string) => {
  const r = await t.client().get(url);
  expect(r.statusCode).toBe(200);
  expect(r.headers['content-type']).toBe('image/webp');
  return sharp(r.rawPayload);
};
const keysOf = async (id: number, app = t) =>
  app.built.handle.db
    .selectFrom('users')
    .select(['photo_key', 'photo_thumb_key', 'photo_uri'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const stored = async (key: string | null) => (key ? (await t.built.storage.stat(key)) !== null : false);
const auditOf = async (event: string, id: number) =>
  (await admin.get(`/api/ops/audit/all?event=${event}&per_page=100`))
    .json()
    .items.filter((e: { target: { id: number } }) => e.target.id === id);

describe('profile photo', () => {
  it('lets anyone set their own: square, cropped where they framed it, in two sizes, in the navbar', async () => {
    const { client, id } = await makeUser(t, admin, { roles: ['guest'], brands: [brand] });
    const r = await send(client, id, await halves(), { x: 100, y: 0, width: 100, height: 100 });
    expect(r.statusCode).toBe(200);
    const { photo_uri, photo_thumb_uri } = r.json().user;
    const big = await picture(photo_uri);
    expect(await big.metadata()).toMatchObject({ width: 512, height: 512, format: 'webp' });
    // The right half was framed: blue, no red.
    const { channels } = await big.stats();
    expect(channels[2]!.mean).toBeGreaterThan(200);
    expect(channels[0]!.mean).toBeLessThan(40);
    expect(await (await picture(photo_thumb_uri)).metadata()).toMatchObject({ width: 128, height: 128 });
    const me = (await client.get('/api/auth/me')).json().session_user;
    expect(me.photo_uri).toBe(photo_uri);
    expect(me.photo_thumb_uri).toBe(photo_thumb_uri);
    const [entry] = await auditOf('user.photo', id);
    expect(entry.changes).toEqual({ photo: { before: null, after: 'replaced' } });
    expect(entry.user.id).toBe(id);
  });

  it('takes the centre square without a crop, and trims a crop that is not square', async () => {
    const { client, id } = await makeUser(t, admin, { brands: [brand] });
    const centre = await send(client, id, await halves());
    // The centre 100×100 square of a red|blue picture is half of each.
    const a = (await (await picture(centre.json().user.photo_uri)).stats()).channels;
    expect(Math.abs(a[0]!.mean - a[2]!.mean)).toBeLessThan(30);
    // 200×100 from the left: trimmed to its centre square, half of each again.
    const wide = await send(client, id, await halves(), { x: 0, y: 0, width: 200, height: 100 });
    const b = (await (await picture(wide.json().user.photo_uri)).stats()).channels;
    expect(Math.abs(b[0]!.mean - b[2]!.mean)).toBeLessThan(30);
    // A crop beyond the picture is clamped to it: the red top-left corner.
    const out = await send(client, id, await halves(), { x: 0, y: 0, width: 90, height: 5000 });
    const c = (await (await picture(out.json().user.photo_uri)).stats()).channels;
    expect(c[0]!.mean).toBeGreaterThan(200);
  });

  it('replaces the photo and its pictures, removes it, and uses an upload only once', async () => {
    const { client, id } = await makeUser(t, admin, { brands: [brand] });
    await send(client, id, await halves());
    const first = await keysOf(id);
    const up = await upload(client, id, await halves());
    const update = `/api/ops/users/${id}/photo/${up.json().photo.id}/update`;
    expect((await client.post(update, {})).statusCode).toBe(200);
    const second = await keysOf(id);
    expect(second.photo_key).not.toBe(first.photo_key);
    expect([await stored(first.photo_key), await stored(first.photo_thumb_key)]).toEqual([false, false]);
    expect(await stored(second.photo_key)).toBe(true);
    // The upload was used up.
    expect((await client.post(update, {})).statusCode).toBe(404);

    const removed = await client.req('DELETE', `/api/ops/users/${id}/photo`);
    expect(removed.json().user).toMatchObject({ photo_uri: null, photo_thumb_uri: null });
    expect(await stored(second.photo_key)).toBe(false);
    expect(await keysOf(id)).toEqual({ photo_key: null, photo_thumb_key: null, photo_uri: null });
    expect((await client.get('/api/auth/me')).json().session_user.photo_uri).toBeNull();
    // Removing nothing changes nothing, and records nothing.
    expect((await client.req('DELETE', `/api/ops/users/${id}/photo`)).statusCode).toBe(200);
    const removals = await auditOf('user.photo_remove', id);
    expect(removals).toHaveLength(1);
    expect(removals[0].changes).toEqual({ photo: { before: 'set', after: null } });
  });

  it('refuses what is not an image, or over 10 MB, with the field in the caller language', async () => {
    const { client, id } = await makeUser(t, admin, { brands: [brand] });
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const notImage = await upload(client, id, pdf);
    expect(notImage.statusCode).toBe(422);
    expect(notImage.json().error.fields).toEqual({
      photo: 'Photo must be an image (JPEG, PNG, WebP, GIF, TIFF or AVIF)',
    });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    expect((await upload(client, id, svg)).statusCode).toBe(422);
    // A real image cut short is not one either.
    const png = await halves();
    expect((await upload(client, id, png.subarray(0, png.length / 2))).statusCode).toBe(422);
    const big = Buffer.concat([png, Buffer.alloc(USER_PHOTO_MAX_BYTES + 1 - png.length)]);
    // Answered in the user's own language.
    const es = await makeUser(t, admin, { brands: [brand], lang: 'es' });
    const tooBig = await upload(es.client, es.id, big);
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().error.fields).toEqual({ photo: 'Foto debe ser un archivo de 10 MB como máximo' });
    const none = await client.form('POST', `/api/ops/users/${id}/photo/upload`, multipart({}));
    expect(none.json().error.fields).toEqual({ photo: 'Photo is a required field' });
    const extra = await client.form('POST', `/api/ops/users/${id}/photo/upload`, multipart({ crop: '{}' }));
    expect(extra.statusCode).toBe(422);
    const badCrop = await client.post(`/api/ops/users/${id}/photo/1/update`, { crop: { x: -1, y: 0 } });
    expect(badCrop.statusCode).toBe(422);
    expect(Object.keys(badCrop.json().error.fields).sort()).toEqual(['crop.height', 'crop.width', 'crop.x']);
    // Nothing was kept of what was refused.
    const kept = await t.built.handle.db
      .selectFrom('user_photo_uploads')
      .select('id')
      .where('user_id', '=', id)
      .execute();
    expect(kept).toEqual([]);
  });

  it("sets others' photos only with user.manage, never an administrator's, and only their own uploads", async () => {
    const member = await makeUser(t, admin, { brands: [brand] });
    const other = await makeUser(t, admin, { brands: [brand] });
    expect((await upload(member.client, other.id, await halves())).statusCode).toBe(403);
    const manager = await makeUser(t, admin, { roles: ['manager'], permissions: ['user.manage'], brands: [brand] });
    const r = await send(manager.client, other.id, await halves());
    expect(r.statusCode).toBe(200);
    expect(r.json().user.abilities.photo).toBe(true);
    expect((await auditOf('user.photo', other.id))[0].user.id).toBe(manager.id);
    const anAdmin = await makeUser(t, admin, { roles: ['admin'], brands: [brand] });
    expect((await upload(manager.client, anAdmin.id, await halves())).statusCode).toBe(403);
    expect((await manager.client.req('DELETE', `/api/ops/users/${anAdmin.id}/photo`)).statusCode).toBe(403);
    // One user's upload cannot be set as another's photo.
    const up = await upload(member.client, member.id, await halves());
    const cross = await manager.client.post(`/api/ops/users/${other.id}/photo/${up.json().photo.id}/update`, {});
    expect(cross.statusCode).toBe(404);
  });

  it('forgets an upload nobody set after a day', async () => {
    const { client, id } = await makeUser(t, admin, { brands: [brand] });
    const old = (await upload(client, id, await halves())).json().photo.id;
    const { original_key } = await t.built.handle.db
      .selectFrom('user_photo_uploads')
      .select('original_key')
      .where('id', '=', old)
      .executeTakeFirstOrThrow();
    t.clock.advance(25 * 60 * 60_000);
    expect((await upload(client, id, await halves())).statusCode).toBe(201);
    expect(await stored(original_key)).toBe(false);
    expect((await client.post(`/api/ops/users/${id}/photo/${old}/update`, {})).statusCode).toBe(404);
  });
});

describe("the provider's photo addresses", () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await startApp({
      PROFILE_PHOTO_PROVIDER_HOST: 'https://api.provider.test',
      PROFILE_PHOTO_HOST: 'https://photos.example.com',
    });
  });
  afterAll(() => p.close());

  it('are shown from the configured host; other hosts are not shown; a stored photo comes first', async () => {
    const a = await adminClient(p);
    const { client, id } = await makeUser(p, a);
    const setUri = (photo_uri: string) =>
      p.built.handle.db.updateTable('users').set({ photo_uri }).where('id', '=', id).execute();
    await setUri('https://api.provider.test/v1/users/7/photo.jpg?size=200');
    const moved = 'https://photos.example.com/v1/users/7/photo.jpg?size=200';
    expect((await a.get(`/api/ops/users/${id}`)).json().user).toMatchObject({
      photo_uri: moved,
      photo_thumb_uri: moved,
    });
    expect((await client.get('/api/auth/me')).json().session_user.photo_uri).toBe(moved);
    await setUri('https://elsewhere.test/x.jpg');
    expect((await a.get(`/api/ops/users/${id}`)).json().user.photo_uri).toBeNull();
    await setUri('javascript:alert(1)');
    expect((await a.get(`/api/ops/users/${id}`)).json().user.photo_uri).toBeNull();
    // The pages may load pictures from the configured host.
    const page = await p.app.inject({ method: 'GET', url: '/users/me' });
    expect(String(page.headers['content-security-policy'])).toContain(
      "img-src 'self' blob: https://photos.example.com",
    );
    // Setting a photo here replaces the provider's.
    await setUri('https://api.provider.test/v1/users/7/photo.jpg');
    const up = await upload(client, id, await halves());
    const r = await client.post(`/api/ops/users/${id}/photo/${up.json().photo.id}/update`, {});
    expect(r.json().user.photo_uri).toMatch(/^\/api\/media\/avatars\//);
    expect((await keysOf(id, p)).photo_uri).toBeNull();
  });
});
