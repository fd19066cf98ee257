import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureDir, photoJpeg } from '../../media/test-fixtures.js';
import { adminClient, makeBrand, makeFolder, multipart, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

let t: TestApp;
let admin: Client;
const dir = fixtureDir();
beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  await photoJpeg(join(dir, 'photo.jpg'), 1200, 800);
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a new version replaces the metadata of the file it replaces', () => {
  it('takes the new file dimensions, date taken and camera, even where it has none, and a restore brings the old back', async () => {
    const brand = await makeBrand(admin, 'Versions Co');
    const folder = await makeFolder(admin, brand.id, 'Shots');
    const photo = readFileSync(join(dir, 'photo.jpg'));
    const up = await admin.form(
      'POST',
      `/api/ops/asset/${brand.id}/${folder}/new`,
      multipart({}, [{ field: 'files', name: 'shot.jpg', type: 'image/jpeg', data: photo }]),
    );
    const id = up.json().results[0].asset_id as number;
    const v1 = (await admin.get(`/api/ops/asset/${id}/view`)).json().asset;
    expect(v1).toMatchObject({ width: 800, height: 1200, taken_at: '2024-05-04T01:02:01.000Z' });
    expect(v1.camera).toMatchObject({ make: 'Canon', model: 'EOS R5' });

    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#00ff00' } })
      .png()
      .toBuffer();
    const r = await admin.form(
      'POST',
      '/api/ops/asset/version/new',
      multipart({ asset_id: String(id) }, [{ field: 'file', name: 'shot-v2.png', type: 'image/png', data: png }]),
    );
    expect(r.statusCode, r.body).toBe(201);
    const v2 = (await admin.get(`/api/ops/asset/${id}/view`)).json().asset;
    expect(v2).toMatchObject({ current_version: 2, ext: 'png', width: 300, height: 200, taken_at: null, camera: null });

    const back = await admin.post(`/api/ops/asset/${id}/version/1/restore`);
    expect(back.statusCode, back.body).toBe(201);
    const v3 = (await admin.get(`/api/ops/asset/${id}/view`)).json().asset;
    expect(v3).toMatchObject({ current_version: 3, ext: 'jpg', width: 800, height: 1200, taken_at: v1.taken_at });
    expect(v3.camera).toEqual(v1.camera);
  });
});
