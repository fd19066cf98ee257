import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeBrand, makeFolder, makeUser, multipart, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

let t: TestApp;
let admin: Client;
let brand: { id: number; root: number };
let folder: number;

const jpeg = (seed: number) =>
  sharp({ create: { width: 30 + seed, height: 20, channels: 3, background: { r: seed, g: 10, b: 200 } } })
    .jpeg()
    .toBuffer();

type Result = { file_name: string; status: string; asset_id?: number; error?: { code: string; message: string } };

async function upload(c: Client, files: { name: string; data: Buffer }[]): Promise<Result[]> {
  const form = multipart(
    {},
    files.map((f) => ({ field: 'files', type: 'application/octet-stream', ...f })),
  );
  return (await c.form('POST', `/api/ops/asset/${brand.id}/${folder}/new?duplicates=allow`, form)).json().results;
}

const nameOf = async (id: number): Promise<string> => (await admin.get(`/api/ops/asset/${id}/view`)).json().asset.name;

/** A whole tus upload (create, then one PATCH), answered with its upload result. */
async function tusUpload(metadata: Record<string, string>, data: Buffer): Promise<Result> {
  await admin.csrf();
  const auth = {
    authorization: `Bearer ${admin.token}`,
    'x-xsrf-token': admin.xsrf!,
    cookie: `XSRF-TOKEN=${admin.xsrf}`,
  };
  const meta = Object.entries(metadata)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...auth, 'tus-resumable': '1.0.0', 'upload-length': String(data.length), 'upload-metadata': meta },
  });
  expect(created.statusCode).toBe(201);
  const done = await t.app.inject({
    method: 'PATCH',
    url: new URL(created.headers.location as string, 'http://app.test').pathname,
    headers: {
      ...auth,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    payload: data,
  });
  return done.json();
}

const hidden = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Names Co');
  folder = await makeFolder(admin, brand.id, 'Names');
});
afterAll(() => t.close());

describe('file names', () => {
  it('strips bidi and invisible characters before the extension is checked (multipart)', async () => {
    const [spoof, zeroWidth] = await upload(admin, [
      { name: 'invoice\u202egpj.exe', data: Buffer.from('MZ....') },
      { name: '\ufeffsum\u200bmer\u2066 \u200dphoto\u2069\u200e.jpg', data: await jpeg(1) },
    ]);
    // Shown without the override it is what it is: an .exe, which is refused.
    expect(spoof).toMatchObject({ file_name: 'invoicegpj.exe', status: 'not_created' });
    expect(spoof!.error!.code).toBe('EXTENSION_NOT_ALLOWED');
    expect(zeroWidth).toMatchObject({ file_name: 'summer photo.jpg', status: 'created' });
    expect(await nameOf(zeroWidth!.asset_id!)).toBe('summer photo.jpg');
  });

  it('shortens an over-long name to 255 UTF-8 bytes on a code point boundary, keeping the extension', async () => {
    const [long] = await upload(admin, [{ name: `${'é'.repeat(100)}${'日'.repeat(100)}.jpg`, data: await jpeg(2) }]);
    const name = await nameOf(long!.asset_id!);
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
    expect(Buffer.byteLength(name)).toBeGreaterThan(250);
    expect(name).toBe(`${'é'.repeat(100)}${'日'.repeat(17)}.jpg`);
  });

  it('refuses a name that is only an extension, in the caller’s language', async () => {
    const [en] = await upload(admin, [{ name: '.jpg', data: await jpeg(3) }]);
    expect(en!.error).toEqual({
      code: 'MISSING_NAME',
      message: 'The file name must have a name before its extension.',
    });
    const es = (await makeUser(t, admin, { lang: 'es', roles: ['member'], brands: [brand.id] })).client;
    const [spanish] = await upload(es, [{ name: '\u202e.jpg', data: await jpeg(4) }]);
    expect(spanish!.error!.message).toBe('El nombre del archivo debe tener un nombre antes de la extensión.');
  });

  it('cleans names the same way for tus uploads and new versions', async () => {
    const created = await tusUpload(
      { filename: 'tus\u202e\u200b-clip.jpg', brand_id: String(brand.id), folder_id: String(folder) },
      await jpeg(5),
    );
    expect(created).toMatchObject({ file_name: 'tus-clip.jpg', status: 'created' });
    expect(await nameOf(created.asset_id!)).toBe('tus-clip.jpg');
    const onlyExt = await tusUpload(
      { filename: '.png', brand_id: String(brand.id), folder_id: String(folder) },
      await jpeg(6),
    );
    expect(onlyExt).toMatchObject({ status: 'not_created', error: { code: 'MISSING_NAME' } });

    const id = created.asset_id!;
    const version = (name: string, data: Buffer) =>
      admin.form(
        'POST',
        '/api/ops/asset/version/new',
        multipart({ asset_id: String(id) }, [{ field: 'file', name, type: 'image/jpeg', data }]),
      );
    const v2 = await version('v\u2067two\u2069.jpg', await jpeg(7));
    expect(v2.statusCode).toBe(201);
    expect(v2.json().version.name).toBe('vtwo.jpg');
    const refused = await version('.jpg', await jpeg(8));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: 'MISSING_NAME',
      fields: { file: 'File must have a name before its extension' },
    });
    const viaTus = await tusUpload({ filename: 'v\u202ethree.jpg', asset_id: String(id) }, await jpeg(9));
    expect(viaTus).toMatchObject({ file_name: 'vthree.jpg', status: 'replaced' });
    const names = (await admin.get(`/api/ops/asset/${id}/version/all`))
      .json()
      .items.map((v: { name: string }) => v.name);
    expect(names.some((n: string) => hidden.test(n))).toBe(false);
  });

  it('cleans a rename and checks the extension on the cleaned name', async () => {
    const [up] = await upload(admin, [{ name: 'rename-me.jpg', data: await jpeg(10) }]);
    const id = up!.asset_id!;
    const spoof = await admin.put(`/api/ops/asset/${id}/edit`, { name: 'invoice\u202egpj.exe' });
    expect(spoof.statusCode).toBe(422);
    expect(spoof.json().error.fields).toEqual({ name: 'Name is invalid' });
    const ok = await admin.put(`/api/ops/asset/${id}/edit`, { name: 'Hero\u200f \u202ashot\u202c.jpg' });
    expect(ok.json().asset.name).toBe('Hero shot.jpg');
    const onlyExt = await admin.put(`/api/ops/asset/${id}/edit`, { name: '.jpg' });
    expect(onlyExt.statusCode).toBe(422);
    expect(onlyExt.json().error.fields).toEqual({ name: 'Name must have a name before its extension' });
    const es = (await makeUser(t, admin, { lang: 'es', roles: ['member'], brands: [brand.id] })).client;
    const spanish = await es.put(`/api/ops/asset/${id}/edit`, { name: '\u200b.jpg' });
    expect(spanish.json().error.fields).toEqual({ name: 'Nombre debe tener un nombre antes de la extensión' });
    const long = await admin.put(`/api/ops/asset/${id}/edit`, { name: `${'日'.repeat(200)}.jpg` });
    expect(long.json().asset.name).toBe(`${'日'.repeat(83)}.jpg`);
  });
});
