import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeBrand, makeUser, multipart, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

let t: TestApp;
let admin: Client;
let brand: { id: number; root: number };
let other: { id: number; root: number };

/** A half-transparent red square: what a logo watermark looks like. */
const mark = () =>
  sharp({ create: { width: 60, height: 60, channels: 4, background: { r: 230, g: 20, b: 20, alpha: 0.8 } } })
    .png()
    .toBuffer();
const imageForm = async (fields: Record<string, string>, data?: Buffer, type = 'image/png') =>
  multipart(fields, data ? [{ field: 'image', name: 'mark.png', type, data }] : []);

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Marked');
  other = await makeBrand(admin, 'Unmarked');
});
afterAll(() => t.close());

describe('brand watermark settings', () => {
  it('starts empty, is set with a PNG by the brand manager, served to members and audited', async () => {
    const manager = await makeUser(t, admin, { roles: ['manager'], brands: [brand.id] });
    const member = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    const empty = (await member.client.get(`/api/ops/brand/${brand.id}/watermark`)).json().watermark;
    expect(empty).toMatchObject({ image_url: null, position: 'tiled', apply_to_guests: false, version: 0 });
    expect(empty.abilities).toEqual({ update: false });
    expect((await member.client.get(`/api/asset/watermark?brand_id=${brand.id}`)).statusCode).toBe(404);

    const png = await mark();
    const form = await imageForm(
      { position: 'bottom-right', opacity: '60', scale: '25', apply_to_guests: 'true', traceable: 'true' },
      png,
    );
    const r = await manager.client.form('POST', `/api/ops/brand/${brand.id}/watermark`, form);
    expect(r.statusCode, r.body).toBe(200);
    const wm = r.json().watermark;
    expect(wm).toMatchObject({
      position: 'bottom-right',
      opacity: 60,
      scale: 25,
      apply_to_guests: true,
      traceable: true,
    });
    expect(wm.version).toBe(1);
    expect((await t.client().get(wm.image_url)).statusCode).toBe(200);

    const served = await member.client.get(`/api/asset/watermark?brand_id=${brand.id}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);

    const brandView = (await manager.client.get(`/api/ops/brand/${brand.id}`)).json().brand;
    expect(brandView.abilities.watermark).toBe(true);
    const audit = (await admin.get('/api/ops/audit/all?event=brand.watermark')).json().items;
    expect(audit[0].target).toMatchObject({ type: 'brand', id: brand.id });
    expect(audit[0].changes).toMatchObject({
      image: { before: null, after: 'replaced' },
      opacity: { before: 40, after: 60 },
      apply_to_guests: { before: false, after: true },
    });
  });

  it('removes the image and bumps the version; JSON without a file changes settings only', async () => {
    const r = await admin.post(`/api/ops/brand/${brand.id}/watermark`, { remove_image: true, opacity: 80 });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().watermark).toMatchObject({ image_url: null, opacity: 80, version: 2 });
    expect((await admin.get(`/api/asset/watermark?brand_id=${brand.id}`)).statusCode).toBe(404);
  });

  it('refuses a non-PNG image and out-of-range values with field messages in both languages', async () => {
    const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const bad = await admin.form('POST', `/api/ops/brand/${brand.id}/watermark`, await imageForm({}, jpeg));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields.image).toMatch(/must be a PNG image/);
    const fake = await admin.form(
      'POST',
      `/api/ops/brand/${brand.id}/watermark`,
      await imageForm({}, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
    );
    expect(fake.statusCode).toBe(422);
    const opacity = await admin.post(`/api/ops/brand/${brand.id}/watermark`, { opacity: 150 });
    expect(opacity.statusCode).toBe(422);
    expect(opacity.json().error.fields.opacity).toMatch(/less than or equal to 100/);
    // Field messages follow the caller's language.
    const es = await makeUser(t, admin, { roles: ['manager'], brands: [brand.id], lang: 'es' });
    const esBad = await es.client.post(`/api/ops/brand/${brand.id}/watermark`, { scale: 1, position: 'middle' });
    expect(esBad.statusCode).toBe(422);
    expect(esBad.json().error.fields.scale).toMatch(/mayor o igual que 5/);
    expect(Object.keys(esBad.json().error.fields)).toContain('position');
    const esPng = await es.client.form('POST', `/api/ops/brand/${brand.id}/watermark`, await imageForm({}, jpeg));
    expect(esPng.json().error.fields.image).toMatch(/debe ser una imagen PNG/);
  });

  it('is out of reach of members, guests and managers of other brands', async () => {
    const member = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    const stranger = await makeUser(t, admin, { roles: ['manager'], brands: [other.id] });
    expect((await member.client.post(`/api/ops/brand/${brand.id}/watermark`, { opacity: 50 })).statusCode).toBe(403);
    expect((await stranger.client.post(`/api/ops/brand/${brand.id}/watermark`, { opacity: 50 })).statusCode).toBe(404);
    expect((await stranger.client.get(`/api/asset/watermark?brand_id=${brand.id}`)).statusCode).toBe(404);
  });
});

describe('trace tool', () => {
  it('answers "no identifier found" for a clean file and is for administrators only', async () => {
    const clean = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#0a0' } })
      .jpeg()
      .toBuffer();
    const form = multipart({}, [{ field: 'file', name: 'leak.jpg', type: 'image/jpeg', data: clean }]);
    const r = await admin.form('POST', '/api/ops/watermark/trace', form);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ found: false, trace: null });
    const manager = await makeUser(t, admin, { roles: ['manager'], brands: [brand.id] });
    expect((await manager.client.form('POST', '/api/ops/watermark/trace', form)).statusCode).toBe(403);
    const none = await admin.form('POST', '/api/ops/watermark/trace', multipart({}, []));
    expect(none.statusCode).toBe(422);
    expect(none.json().error.fields.file).toMatch(/required/);
  });
});
