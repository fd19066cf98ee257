import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeBrand, makeFolder, makeUser, multipart, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

let t: TestApp;
let admin: Client;
let brand: { id: number; root: number };
let folder: number;
let photo: number;
let turned: number;

type File = { name: string; type: string; data: Buffer };
async function upload(f: File): Promise<number> {
  const r = await admin.form(
    'POST',
    `/api/ops/asset/${brand.id}/${folder}/new`,
    multipart({}, [{ field: 'files', ...f }]),
  );
  expect(r.statusCode).toBe(201);
  return r.json().results[0].asset_id;
}
/** Left half red, right half blue: where the red lands tells whether orientation was applied. */
const halves = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 255 } } }).composite([
    {
      input: { create: { width: width / 2, height, channels: 3, background: { r: 255, g: 0, b: 0 } } },
      left: 0,
      top: 0,
    },
  ]);
const crop = (c: Client, id: number, q: string) => c.get(`/api/ops/asset/${id}/crop?${q}`);
const meta = (body: Buffer) => sharp(body).metadata();

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Crop Co');
  folder = await makeFolder(admin, brand.id, 'Shots');
  photo = await upload({ name: 'logo.jpg', type: 'image/jpeg', data: await halves(400, 300).jpeg().toBuffer() });
  // Stored 300×400 with orientation 6 (turn 90° clockwise): upright it is 400×300, red on top.
  const stored = await halves(300, 400).jpeg().toBuffer();
  turned = await upload({
    name: 'turned.jpg',
    type: 'image/jpeg',
    data: await sharp(stored).withMetadata({ orientation: 6 }).jpeg().toBuffer(),
  });
});
afterAll(() => t.close());

describe('cropped downloads', () => {
  it('crops 4:5 to 160×200 and names the file after the original and the output', async () => {
    const r = await crop(admin, photo, 'x=0.25&y=0&w=0.5&h=0.8333333333333334&width=160&format=webp');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('image/webp');
    expect(r.headers['cache-control']).toBe('private, no-store');
    expect(r.headers['content-disposition']).toContain('filename="logo-crop-160x200.webp"');
    const m = await meta(r.rawPayload);
    expect([m.format, m.width, m.height]).toEqual(['webp', 160, 200]);
  });

  it('applies the EXIF orientation before cropping', async () => {
    // The left half of the upright 400×300 image is 200×300: its aspect keeps 100×150.
    const left = await crop(admin, turned, 'x=0&y=0&w=0.5&h=1&width=100&format=png');
    expect(left.statusCode).toBe(200);
    const m = await meta(left.rawPayload);
    expect([m.width, m.height]).toEqual([100, 150]);
    // The top 40 % of the upright image is all red (stored, red was the left half).
    const top = await crop(admin, turned, 'x=0&y=0&w=1&h=0.4&width=40&format=png');
    const { data } = await sharp(top.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const bottomRight = data.length - 3;
    expect(data[bottomRight]).toBeGreaterThan(200);
    expect(data[bottomRight + 2]).toBeLessThan(50);
  });

  it('encodes every format at the quality asked for', async () => {
    const sizes: Record<string, number> = {};
    for (const [format, expected] of [
      ['jpeg', 'jpeg'],
      ['png', 'png'],
      ['webp', 'webp'],
      ['avif', 'heif'],
    ] as const) {
      const r = await crop(admin, photo, `x=0&y=0&w=1&h=1&width=200&height=150&format=${format}&quality=50`);
      expect(r.statusCode).toBe(200);
      const m = await meta(r.rawPayload);
      expect([m.format, m.width, m.height]).toEqual([expected, 200, 150]);
      sizes[format] = r.rawPayload.length;
    }
    const better = await crop(admin, photo, 'x=0&y=0&w=1&h=1&width=200&format=jpeg&quality=100');
    expect(better.rawPayload.length).toBeGreaterThan(sizes.jpeg!);
  });

  it('refuses upscaling unless asked, crops outside the image, empty crops and non-images', async () => {
    const big = await crop(admin, photo, 'x=0&y=0&w=0.5&h=0.5&width=300&format=png');
    expect(big.statusCode).toBe(422);
    expect(big.json().error.fields.width).toMatch(/unless upscaling is chosen/);
    const allowed = await crop(admin, photo, 'x=0&y=0&w=0.5&h=0.5&width=300&format=png&upscale=true');
    expect(allowed.statusCode).toBe(200);
    expect((await meta(allowed.rawPayload)).height).toBe(225);
    // Upscaled past the output cap, directly or through a thin rectangle's kept aspect: refused before any work.
    const huge = await crop(admin, photo, 'x=0&y=0&w=1&h=1&width=12000&height=12000&format=png&upscale=true');
    expect(huge.statusCode).toBe(422);
    expect(huge.json().error.fields.width).toMatch(/100 megapixels/);
    const tall = await crop(admin, photo, 'x=0&y=0&w=0.01&h=1&width=4000&format=png&upscale=true');
    expect(tall.statusCode).toBe(422);
    expect(tall.json().error.fields.height).toMatch(/16,384 pixels a side/);

    const outside = await crop(admin, photo, 'x=0.6&y=0.5&w=0.5&h=0.6&width=10&format=png');
    expect(outside.statusCode).toBe(422);
    expect(Object.keys(outside.json().error.fields).sort()).toEqual(['h', 'w']);
    const empty = await crop(admin, photo, 'x=0&y=0&w=0&h=0.5&width=10&format=png');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error.fields.w).toBeTruthy();
    for (const q of [
      'x=0&y=0&w=2&h=1&width=10&format=png',
      'x=0&y=0&w=1&h=1&width=0&format=png',
      'x=0&y=0&w=1&h=1&width=10&format=gif',
      'x=a&y=0&w=1&h=1&width=10&format=png',
    ]) {
      expect((await crop(admin, photo, q)).statusCode).toBe(422);
    }

    const svg = await upload({
      name: 'mark.svg',
      type: 'image/svg+xml',
      data: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
      ),
    });
    const refused = await crop(admin, svg, 'x=0&y=0&w=1&h=1&width=5&format=png');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields.format).toBeTruthy();
  });

  it('checks rights as the plain download does', async () => {
    const q = 'x=0&y=0&w=0.5&h=0.5&width=20&format=png';
    expect((await crop(t.client(), photo, q)).statusCode).toBe(401);
    const stranger = await makeUser(t, admin, { roles: ['guest'], brands: [] });
    expect((await crop(stranger.client, photo, q)).statusCode).toBe(404);
    const guest = await makeUser(t, admin, { roles: ['guest'], brands: [brand.id] });
    expect((await crop(guest.client, photo, q)).statusCode).toBe(200);

    // A role of this test's own that sees the brand but does not download.
    const db = t.built.handle.db;
    const looker = await makeUser(t, admin, { roles: ['guest'], brands: [brand.id] });
    const role = await db
      .insertInto('roles')
      .values({ name: 'crop-looker', created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const perm = await db
      .selectFrom('permissions')
      .select('id')
      .where('name', '=', 'brand.view')
      .executeTakeFirstOrThrow();
    await db.insertInto('role_permissions').values({ role_id: role.id, permission_id: perm.id }).execute();
    await db.deleteFrom('user_roles').where('user_id', '=', looker.id).execute();
    await db.insertInto('user_roles').values({ user_id: looker.id, role_id: role.id }).execute();
    expect((await crop(looker.client, photo, q)).statusCode).toBe(403);

    await admin.put(`/api/ops/asset/${photo}/edit`, { visibility: 'PRIVATE' });
    expect((await crop(guest.client, photo, q)).statusCode).toBe(404);
    await admin.put(`/api/ops/asset/${photo}/edit`, { visibility: 'PUBLIC' });
  });

  it('records the crop as a download in the audit log', async () => {
    const r = await crop(admin, photo, 'x=0.25&y=0&w=0.5&h=0.833333&width=160&format=webp&quality=70');
    expect(r.statusCode).toBe(200);
    const items = (await admin.get('/api/ops/audit/all?per_page=100&event=asset.download')).json().items as {
      target: { id: number } | null;
      info: Record<string, unknown> | null;
    }[];
    const mine = items.filter((e) => e.target?.id === photo && (e.info?.crop as { w?: number } | undefined)?.w === 0.5);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine[0]!.info).toMatchObject({
      format: 'webp',
      width: 160,
      height: 200,
      crop: { x: 0.25, y: 0, w: 0.5, left: 100, top: 0, width: 200, height: 250, upscale: false },
    });
  });
});
