import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeBrand, makeFolder, makeUser, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

let t: TestApp;
let admin: Client;
let base: string;
let brand: { id: number; root: number };
let folder: number;

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  await admin.csrf();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  brand = await makeBrand(admin, 'Tus Co');
  folder = await makeFolder(admin, brand.id, 'Resumable');
});
afterAll(() => t.close());

const headers = (c: Client) => ({
  authorization: `Bearer ${c.token}`,
  'x-xsrf-token': c.xsrf!,
  cookie: `XSRF-TOKEN=${c.xsrf}`,
});

function send(c: Client, data: Buffer, metadata: Record<string, string>, opts: Partial<tus.UploadOptions> = {}) {
  return new Promise<{ status: number; body: string; url: string | null }>((resolve, reject) => {
    let last = { status: 0, body: '' };
    const upload = new tus.Upload(data, {
      endpoint: `${base}/api/uploads`,
      headers: headers(c),
      metadata,
      chunkSize: 64 * 1024,
      retryDelays: [],
      onAfterResponse: (_req, res) => {
        last = { status: res.getStatus(), body: res.getBody() };
      },
      onSuccess: () => resolve({ ...last, url: upload.url }),
      onError: (err) => reject(err),
      ...opts,
    });
    upload.start();
  });
}

const photo = (w: number) =>
  sharp({
    create: {
      width: w,
      height: 300,
      channels: 3,
      background: '#884422',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg()
    .toBuffer();

describe('resumable uploads (tus)', () => {
  it('turns a finished upload into an asset and answers with the upload result', async () => {
    const data = await photo(900);
    expect(data.length).toBeGreaterThan(64 * 1024);
    const r = await send(admin, data, {
      filename: 'tus-photo.jpg',
      brand_id: String(brand.id),
      folder_id: String(folder),
    });
    expect(r.status).toBe(200);
    const result = JSON.parse(r.body);
    expect(result).toMatchObject({ file_name: 'tus-photo.jpg', status: 'created' });
    const dl = await admin.get(`/api/ops/asset/${result.asset_id}/download`);
    expect(Buffer.compare(dl.rawPayload, data)).toBe(0);
    const again = await send(admin, data, {
      filename: 'again.jpg',
      brand_id: String(brand.id),
      folder_id: String(folder),
    });
    expect(JSON.parse(again.body)).toMatchObject({
      status: 'not_created',
      error: { code: 'ASSET_EXISTS' },
      location: { path: 'Tus Co / Resumable' },
    });
    // New content for an existing asset replaces it (spec §3 "replaced").
    const replaced = await send(admin, await photo(650), {
      filename: 'tus-photo-v2.jpg',
      asset_id: String(result.asset_id),
    });
    expect(JSON.parse(replaced.body)).toMatchObject({ status: 'replaced', asset_id: result.asset_id });
    const versions = (await admin.get(`/api/ops/asset/${result.asset_id}/version/all`)).json().items;
    expect(versions).toHaveLength(2);
  });

  it('hashes the bytes once as they arrive: the finished file is adopted with that digest, not read again', async () => {
    const data = await photo(1100);
    const store = t.built.storage;
    const adopt = store.adoptFile.bind(store);
    // A file handed over without its digest is read through again by the store to hash it.
    const adopted: (string | undefined)[] = [];
    store.adoptFile = (path, opts) => {
      adopted.push(opts?.sha256);
      return adopt(path, opts);
    };
    try {
      const r = await send(admin, data, {
        filename: 'hashed-once.jpg',
        brand_id: String(brand.id),
        folder_id: String(folder),
      });
      expect(r.status).toBe(200);
    } finally {
      store.adoptFile = adopt;
    }
    const digest = createHash('sha256').update(data).digest('hex');
    // Several PATCH requests (64 KB chunks): the running hash carried across them is the file's.
    expect(data.length).toBeGreaterThan(2 * 64 * 1024);
    expect(adopted).toEqual([digest]);
  });

  it("sets the dialog's description, keywords and visibility on the new asset", async () => {
    const r = await send(admin, await photo(700), {
      filename: 'campaign.jpg',
      brand_id: String(brand.id),
      folder_id: String(folder),
      description: 'Spring campaign, day one',
      keywords: JSON.stringify(['spring', 'launch', 'spring']),
      visibility: 'PRIVATE',
    });
    const { asset_id } = JSON.parse(r.body);
    const { asset } = (await admin.get(`/api/ops/asset/${asset_id}/view`)).json();
    expect(asset).toMatchObject({
      description: 'Spring campaign, day one',
      keywords: ['spring', 'launch'],
      visibility: 'PRIVATE',
    });
    // Keywords that are not a JSON list refuse the upload before a byte is sent.
    await expect(
      send(admin, Buffer.from('hello'), {
        filename: 'x.txt',
        brand_id: String(brand.id),
        folder_id: String(folder),
        keywords: 'spring, launch',
      }),
    ).rejects.toThrow(/422/);
  });

  it('takes a small file whole with the POST that creates it (creation-with-upload)', async () => {
    const data = await photo(800);
    const methods: string[] = [];
    const meta = { filename: 'one-trip.jpg', brand_id: String(brand.id), folder_id: String(folder) };
    const r = await send(admin, data, meta, {
      uploadDataDuringCreation: true,
      chunkSize: Number.POSITIVE_INFINITY,
      onBeforeRequest: (req) => void methods.push(req.getMethod()),
    });
    expect(methods).toEqual(['POST']);
    expect(r.status).toBe(200);
    const result = JSON.parse(r.body);
    expect(result).toMatchObject({ file_name: 'one-trip.jpg', status: 'created' });
    const view = (await admin.get(`/api/ops/asset/${result.asset_id}/view`)).json().asset;
    expect(view.sha256).toBe(createHash('sha256').update(data).digest('hex'));
    // The same checks as in two trips: the duplicate is found, a wrong field refuses the upload.
    const again = await send(admin, data, { ...meta, filename: 'twice.jpg' }, { uploadDataDuringCreation: true });
    expect(JSON.parse(again.body)).toMatchObject({ status: 'not_created', error: { code: 'ASSET_EXISTS' } });
    await expect(
      send(
        admin,
        Buffer.from('hello'),
        { ...meta, filename: 'x.txt', keywords: 'a, b' },
        { uploadDataDuringCreation: true },
      ),
    ).rejects.toThrow(/422/);
  });

  it('resumes an interrupted upload from where it stopped', async () => {
    const data = await photo(1200);
    let url: string | null = null;
    await new Promise<void>((resolve, reject) => {
      const first = new tus.Upload(data, {
        endpoint: `${base}/api/uploads`,
        headers: headers(admin),
        metadata: { filename: 'resumed.jpg', brand_id: String(brand.id), folder_id: String(folder) },
        chunkSize: 32 * 1024,
        retryDelays: [],
        onChunkComplete: (_size, sent) => {
          if (sent >= 64 * 1024 && !url) {
            url = first.url;
            void first.abort().then(resolve);
          }
        },
        onError: reject,
      });
      first.start();
    });
    const head = await fetch(url!, { method: 'HEAD', headers: { ...headers(admin), 'tus-resumable': '1.0.0' } });
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThanOrEqual(64 * 1024);
    expect(offset).toBeLessThan(data.length);
    const r = await send(admin, data, {}, { uploadUrl: url!, metadata: {} });
    const result = JSON.parse(r.body);
    expect(result.status).toBe('created');
    const view = (await admin.get(`/api/ops/asset/${result.asset_id}/view`)).json().asset;
    expect(view.sha256).toBe(createHash('sha256').update(data).digest('hex'));
  });

  it("refuses anonymous callers, folders they cannot upload to, and other people's uploads", async () => {
    const anon = await fetch(`${base}/api/uploads`, {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '10' },
    });
    expect(anon.status).toBe(419);
    const guest = await makeUser(t, admin, { roles: ['guest'], brands: [brand.id] });
    await guest.client.csrf();
    await expect(
      send(guest.client, Buffer.from('hello'), {
        filename: 'x.txt',
        brand_id: String(brand.id),
        folder_id: String(folder),
      }),
    ).rejects.toThrow(/403/);
    const other = await makeBrand(admin, 'Not yours');
    const member = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    await member.client.csrf();
    await expect(
      send(member.client, Buffer.from('hello'), {
        filename: 'x.txt',
        brand_id: String(other.id),
        folder_id: String(other.root),
      }),
    ).rejects.toThrow(/404/);

    // Someone else's upload URL is not found for another user.
    const create = await fetch(`${base}/api/uploads`, {
      method: 'POST',
      headers: {
        ...headers(admin),
        'tus-resumable': '1.0.0',
        'upload-length': '100',
        'upload-metadata': `filename ${Buffer.from('a.txt').toString('base64')},brand_id ${Buffer.from(String(brand.id)).toString('base64')},folder_id ${Buffer.from(String(folder)).toString('base64')}`,
      },
    });
    expect(create.status).toBe(201);
    const location = new URL(create.headers.get('location')!, base).toString();
    const peek = await fetch(location, {
      method: 'HEAD',
      headers: { ...headers(member.client), 'tus-resumable': '1.0.0' },
    });
    expect(peek.status).toBe(404);
  });
});

describe('approval of tus uploads (issue 40 §3)', () => {
  it('holds an upload for review when the brand requires approval of the uploader’s role', async () => {
    const member = (await makeUser(t, admin, { roles: ['member'], brands: [brand.id] })).client;
    await member.csrf();
    const onlooker = (await makeUser(t, admin, { roles: ['member'], brands: [brand.id] })).client;
    const role = await t.built.handle.db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'member')
      .executeTakeFirstOrThrow();
    expect((await admin.put(`/api/ops/brand/${brand.id}/approval`, { role_ids: [role.id] })).statusCode).toBe(200);
    const r = await send(member, await photo(640), {
      filename: 'agency.jpg',
      brand_id: String(brand.id),
      folder_id: String(folder),
    });
    const result = JSON.parse(r.body);
    expect(result).toMatchObject({ status: 'created', pending_review: true });
    expect((await member.get(`/api/ops/asset/${result.asset_id}/view`)).statusCode).toBe(200);
    expect((await onlooker.get(`/api/ops/asset/${result.asset_id}/view`)).statusCode).toBe(404);
    expect((await admin.put(`/api/ops/brand/${brand.id}/approval`, { role_ids: [] })).statusCode).toBe(200);
  });
});
