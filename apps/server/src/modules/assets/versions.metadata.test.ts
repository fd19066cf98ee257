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

describe('a new version of another file type', () => {
  it('is taken, and the audit log records the extension and type it changed from', async () => {
    const brand = await makeBrand(admin, 'Versions Type Co');
    const folder = await makeFolder(admin, brand.id, 'Shots');
    const up = await admin.form(
      'POST',
      `/api/ops/asset/${brand.id}/${folder}/new`,
      multipart({}, [
        { field: 'files', name: 'hero.jpg', type: 'image/jpeg', data: readFileSync(join(dir, 'photo.jpg')) },
      ]),
    );
    const id = up.json().results[0].asset_id as number;
    const r = await admin.form(
      'POST',
      '/api/ops/asset/version/new',
      multipart({ asset_id: String(id) }, [
        { field: 'file', name: 'notes.txt', type: 'text/plain', data: Buffer.from('Launch notes\n') },
      ]),
    );
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().asset).toMatchObject({ name: 'hero.txt', ext: 'txt', current_version: 2 });

    const entries = (await admin.get('/api/ops/audit/all?per_page=100&event=asset.version_new')).json().items as {
      target: { id: number } | null;
      changes: Record<string, { before: unknown; after: unknown }> | null;
    }[];
    const mine = entries.find((e) => e.target?.id === id);
    expect(mine?.changes).toMatchObject({
      name: { before: 'hero.jpg', after: 'hero.txt' },
      extension: { before: 'jpg', after: 'txt' },
      type: { before: 'image', after: 'document' },
    });
  });

  it('records no change of type for a file of the same type', async () => {
    const brand = await makeBrand(admin, 'Versions Same Co');
    const folder = await makeFolder(admin, brand.id, 'Shots');
    const photo = readFileSync(join(dir, 'photo.jpg'));
    const up = await admin.form(
      'POST',
      `/api/ops/asset/${brand.id}/${folder}/new`,
      multipart({}, [{ field: 'files', name: 'same.jpg', type: 'image/jpeg', data: photo }]),
    );
    const id = up.json().results[0].asset_id as number;
    const again = await sharp(photo).rotate(90).jpeg().toBuffer();
    const r = await admin.form(
      'POST',
      '/api/ops/asset/version/new',
      multipart({ asset_id: String(id) }, [{ field: 'file', name: 'same-v2.jpg', type: 'image/jpeg', data: again }]),
    );
    expect(r.statusCode, r.body).toBe(201);
    const entries = (await admin.get('/api/ops/audit/all?per_page=100&event=asset.version_new')).json().items as {
      target: { id: number } | null;
      changes: Record<string, unknown> | null;
    }[];
    const mine = entries.find((e) => e.target?.id === id);
    expect(mine).toBeDefined();
    expect(mine?.changes ?? {}).not.toHaveProperty('extension');
    expect(mine?.changes ?? {}).not.toHaveProperty('type');
  });
});
