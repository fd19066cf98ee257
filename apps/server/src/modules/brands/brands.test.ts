import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeBrand, makeUser, multipart, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
});
afterAll(() => t.close());

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#3355ff' } })
    .png()
    .toBuffer();

describe('brands', () => {
  it('creates a brand with a cropped image and logo, served by signed link only', async () => {
    const form = multipart(
      {
        name: 'Aurora Coffee',
        slug: 'aurora-coffee',
        image_crop: JSON.stringify({ x: 100, y: 50, width: 400, height: 300 }),
      },
      [
        { field: 'image', name: 'cover.png', type: 'image/png', data: await png(800, 600) },
        { field: 'logo', name: 'logo.png', type: 'image/png', data: await png(200, 200) },
      ],
    );
    const r = await admin.form('POST', '/api/ops/brand/create', form);
    expect(r.statusCode).toBe(201);
    const brand = r.json().brand;
    expect(brand).toMatchObject({
      name: 'Aurora Coffee',
      slug: 'aurora-coffee',
      status: 'ACTIVE',
      abilities: { update: true },
    });
    expect(brand.root_folder_id).toBeGreaterThan(0);
    const image = await t.client().get(brand.image_uri);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ width: 400, height: 300 });
    const unsigned = await t.client().get(brand.image_uri.split('?')[0]);
    expect(unsigned.statusCode).toBe(404);
    const tampered = await t.client().get(brand.image_uri.replace(/sig=[^&]+/, 'sig=AAAA'));
    expect(tampered.statusCode).toBe(404);
  });

  it('refuses a taken or malformed slug, a non-image picture, and a changed slug on update', async () => {
    const { id, slug } = await makeBrand(admin, 'Northwind');
    expect((await admin.post('/api/ops/brand/create', { name: 'Other', slug })).json().error.fields).toEqual({
      slug: 'Slug has already been taken',
    });
    expect((await admin.post('/api/ops/brand/create', { name: 'Bad', slug: 'Not A Slug!' })).statusCode).toBe(422);
    const notImage = multipart({ name: 'X', slug: 'x-brand' }, [
      { field: 'image', name: 'a.png', type: 'image/png', data: Buffer.from('<?php echo 1;') },
    ]);
    const bad = await admin.form('POST', '/api/ops/brand/create', notImage);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields.image).toMatch(/must be an image/);
    const renamed = await admin.form(
      'POST',
      `/api/ops/brand/${id}/update`,
      multipart({ name: 'Northwind Outdoor', slug }),
    );
    expect(renamed.json().brand.name).toBe('Northwind Outdoor');
    const slugChange = await admin.post(`/api/ops/brand/${id}/update`, { slug: 'new-slug' });
    expect(slugChange.statusCode).toBe(422);
    expect(slugChange.json().error.fields).toEqual({ slug: 'Slug cannot be changed' });
  });

  it('shows members only their brands, answers 404 for others, and hides inactive ones', async () => {
    const mine = await makeBrand(admin, 'Mine');
    const other = await makeBrand(admin, 'Theirs');
    const { client } = await makeUser(t, admin, { brands: [mine.id] });
    expect((await client.get(`/api/ops/brand/${mine.id}`)).statusCode).toBe(200);
    expect((await client.get(`/api/ops/brand/${other.id}`)).statusCode).toBe(404);
    expect((await client.get('/api/ops/brand/all')).statusCode).toBe(403);
    expect((await client.post('/api/ops/brand/create', { name: 'No', slug: 'no-way' })).statusCode).toBe(403);
    const off = await admin.patch(`/api/ops/brand/${mine.id}/status/update`, { status: 'INACTIVE' });
    expect(off.json().brand.status).toBe('INACTIVE');
    expect((await client.get(`/api/ops/brand/${mine.id}`)).statusCode).toBe(404);
    expect((await client.get('/api/ops/brand/list')).json().items).toEqual([]);
    const all = (await admin.get('/api/ops/brand/all?search=mine')).json();
    expect(all.items.map((b: { name: string }) => b.name)).toEqual(['Mine']);
    expect(all.items[0].users_count).toBe(1);
  });
});
