import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3rver } from '../../storage/testing.js';
import { sweepStaleUploads } from './staleUploads.js';
import { adminClient, dialect, makeBrand, makeFolder, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

// Two API servers on one database and one S3 bucket (s3rver), as two hosts behind a balancer.
let s3: Awaited<ReturnType<typeof startS3rver>>;
let one: TestApp;
let two: TestApp;
let admin: Client;
const bases: string[] = [];
let brand: { id: number; root: number };
let folder: number;

async function listen(t: TestApp) {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  s3 = await startS3rver();
  const o = s3.options;
  const env = {
    S3_BUCKET: o.bucket,
    S3_ENDPOINT: o.endpoint!,
    S3_REGION: o.region,
    S3_ACCESS_KEY_ID: o.accessKeyId!,
    S3_SECRET_ACCESS_KEY: o.secretAccessKey!,
    S3_FORCE_PATH_STYLE: 'true',
  };
  one = await startApp(env);
  // The second server opens the first one's database (an SQLite file lives in its DATA_DIR).
  two = await startApp({
    ...env,
    ...(dialect === 'sqlite' ? { DATA_DIR: one.dataDir } : { DATABASE_URL: one.config.databaseUrl! }),
  });
  admin = await adminClient(one);
  await admin.csrf();
  bases.push(await listen(one), await listen(two));
  brand = await makeBrand(admin, 'Tus S3 Co');
  folder = await makeFolder(admin, brand.id, 'Across');
}, 120_000);
afterAll(async () => {
  await two?.close();
  await one?.close();
  await s3?.close();
});

const headers = () => ({
  authorization: `Bearer ${admin.token}`,
  'x-xsrf-token': admin.xsrf!,
  cookie: `XSRF-TOKEN=${admin.xsrf}`,
  'tus-resumable': '1.0.0',
});
const b64 = (s: string | number) => Buffer.from(String(s)).toString('base64');

describe('tus on S3 storage', () => {
  it('continues on another server an upload started on one; the asset is made once with its hash', async () => {
    // Over S3's 5 MiB minimum part, so the first half is a real part plus a remainder.
    const data = await sharp({
      create: {
        width: 1800,
        height: 1400,
        channels: 3,
        background: '#446688',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(data.length).toBeGreaterThan(7 * 1024 * 1024);
    const half = Math.floor(data.length / 2);

    const created = await fetch(`${bases[0]}/api/uploads`, {
      method: 'POST',
      headers: {
        ...headers(),
        'upload-length': String(data.length),
        'upload-metadata': `filename ${b64('across.png')},brand_id ${b64(brand.id)},folder_id ${b64(folder)}`,
      },
    });
    expect(created.status).toBe(201);
    const path = created.headers.get('location')!;
    expect(path).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);
    const patch = (base: string, offset: number, body: Buffer) =>
      fetch(`${base}${path}`, {
        method: 'PATCH',
        headers: { ...headers(), 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        body,
      });
    const first = await patch(bases[0]!, 0, data.subarray(0, half));
    expect(first.status).toBe(204);

    const head = await fetch(`${bases[1]}${path}`, { method: 'HEAD', headers: headers() });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('upload-offset'))).toBe(half);
    const rest = await patch(bases[1]!, half, data.subarray(half));
    expect(rest.status).toBe(200);
    const result = (await rest.json()) as { status: string; asset_id: number };
    expect(result.status).toBe('created');

    const assets = await one.built.handle.db
      .selectFrom('assets')
      .select(['id', 'sha256', 'size'])
      .where('folder_id', '=', folder)
      .execute();
    expect(assets).toEqual([
      { id: result.asset_id, sha256: createHash('sha256').update(data).digest('hex'), size: data.length },
    ]);
    const dl = await admin.get(`/api/ops/asset/${result.asset_id}/download`);
    expect(Buffer.compare(dl.rawPayload, data)).toBe(0);
    // Nothing of the upload is left in the bucket, and nothing was kept on either server's disk.
    const bucketDir = join(s3.directory, s3.options.bucket);
    const left = existsSync(join(bucketDir, 'tus')) ? readdirSync(join(bucketDir, 'tus')) : [];
    expect(left).toEqual([]);
    for (const t of [one, two]) expect(existsSync(join(t.dataDir, 'tus'))).toBe(false);
  });

  it('sweeps uploads nobody finished from the bucket once they are stale', async () => {
    const created = await fetch(`${bases[1]}/api/uploads`, {
      method: 'POST',
      headers: {
        ...headers(),
        'upload-length': '1000',
        'upload-metadata': `filename ${b64('left.png')},brand_id ${b64(brand.id)},folder_id ${b64(folder)}`,
      },
    });
    const path = created.headers.get('location')!;
    const patched = await fetch(`${bases[1]}${path}`, {
      method: 'PATCH',
      headers: { ...headers(), 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: Buffer.alloc(400, 1),
    });
    expect(patched.status).toBe(204);
    const tusKeys = async () => {
      const keys: string[] = [];
      for await (const o of one.built.storage.list('tus/')) keys.push(o.key);
      return keys;
    };
    expect(await tusKeys()).toHaveLength(2);
    const past = new Date(Date.now() - 60_000);
    expect(await sweepStaleUploads(one.built.storage, undefined, { temps: past, tus: past })).toEqual({
      temps: 0,
      tus: 0,
    });
    const later = new Date(Date.now() + 60_000);
    expect(await sweepStaleUploads(one.built.storage, undefined, { temps: past, tus: later })).toEqual({
      temps: 0,
      tus: 1,
    });
    expect(await tusKeys()).toEqual([]);
    expect((await fetch(`${bases[0]}${path}`, { method: 'HEAD', headers: headers() })).status).toBe(404);
  });
});
