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
import { shortTraceCode } from './traceCode.js';

let t: TestApp;
let admin: Client;
let assetId: number;
let original: Buffer;
let guest: { client: Client; id: number; email: string };

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  const brand = await makeBrand(admin, 'Coded');
  const folder = await makeFolder(admin, brand.id, 'Campaign');
  // A photo-like picture (a gradient), so the re-save below is a real lossy one.
  const { width, height } = { width: 800, height: 600 };
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) raw.set([(x * 255) / width, (y * 255) / height, 160], (y * width + x) * 3);
  original = await sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
  await insertAssets(t.built.handle.db, [
    assetRow(brand.id, folder, 'coded', { blob_key: 'originals/wm/coded', size: original.length }),
  ]);
  assetId = (
    await t.built.handle.db.selectFrom('assets').select('id').where('name', '=', 'coded.jpg').executeTakeFirstOrThrow()
  ).id;
  await t.built.storage.put('originals/wm/coded', original);
  await admin.post(`/api/ops/brand/${brand.id}/watermark`, { traceable: true });
  guest = await makeUser(t, admin, { roles: ['guest'], brands: [brand.id] });
});
afterAll(() => t.close());

const traceTyped = async (code: string) => admin.form('POST', '/api/ops/watermark/trace', multipart({ code }, []));

describe('the code drawn on a traced download', () => {
  it('survives a re-save (half size, JPEG 60, no metadata) and the trace tool resolves it as typed', async () => {
    const down = await guest.client.get(`/api/ops/asset/${assetId}/download`);
    expect(down.statusCode).toBe(200);
    const stored = await t.built.handle.db
      .selectFrom('download_traces')
      .select('code')
      .where('user_id', '=', guest.id)
      .executeTakeFirstOrThrow();
    const resaved = await sharp(down.rawPayload).resize({ width: 400 }).jpeg({ quality: 60 }).toBuffer();
    expect((await sharp(resaved).metadata()).xmp).toBeUndefined();

    // The corner with the code differs from the same corner of the clean picture, re-saved alike.
    const corner = async (bytes: Buffer) =>
      sharp(bytes)
        .extract({ left: 0, top: 300 - 60, width: 200, height: 60 })
        .greyscale()
        .raw()
        .toBuffer();
    const clean = await corner(await sharp(original).resize({ width: 400 }).jpeg({ quality: 60 }).toBuffer());
    const marked = await corner(resaved);
    let diff = 0;
    for (let i = 0; i < clean.length; i++) diff += Math.abs(clean[i]! - marked[i]!);
    expect(diff / clean.length).toBeGreaterThan(3);

    // The metadata is gone: the file alone names nobody; the code read off it does.
    const byFile = await admin.form(
      'POST',
      '/api/ops/watermark/trace',
      multipart({}, [{ field: 'file', name: 'leak.jpg', type: 'image/jpeg', data: resaved }]),
    );
    expect(byFile.json().found).toBe(false);
    const shown = shortTraceCode(stored.code);
    const typed = await traceTyped(shown.toLowerCase().replace(/-/g, ' '));
    expect(typed.statusCode).toBe(200);
    expect(typed.json()).toMatchObject({
      found: true,
      trace: { kind: 'user', user: { id: guest.id }, asset: { id: assetId } },
    });
    expect((await traceTyped('BV-0000-0000')).json().found).toBe(false);
    expect((await traceTyped('BV-12')).statusCode).toBe(422);
  });
});
