import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeBrand, multipart, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';
import { until } from '../../../test/throwaway.js';

let t: TestApp;
let admin: Client;
let brand: { id: number; root: number };
/** Bytes streamed out of the blob store per key, and every read in order (a stream or a path). */
const streamed = new Map<string, number[]>();
const reads: { how: 'stream' | 'path'; key: string }[] = [];
let unwrappedPath: (key: string) => string | null;

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Read Once Co');
  // The store the worker reads from, wrapped: every read of a blob goes through one of these two.
  const store = t.built.storage;
  const get = store.get.bind(store);
  const localPath = store.localPath.bind(store);
  unwrappedPath = localPath;
  store.get = async (key, range) => {
    reads.push({ how: 'stream', key });
    let bytes = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    void pipeline(await get(key, range), counted)
      .then(() => streamed.set(key, [...(streamed.get(key) ?? []), bytes]))
      .catch(() => undefined);
    return counted;
  };
  store.localPath = (key) => {
    reads.push({ how: 'path', key });
    return localPath(key);
  };
});
afterAll(() => t.close());

describe('derivatives job', () => {
  it('reads an uploaded photo once for its thumbnail, preview and colours', async () => {
    const photo = await sharp({
      create: {
        width: 2400,
        height: 1600,
        channels: 3,
        background: '#2a6f97',
        noise: { type: 'gaussian', mean: 120, sigma: 30 },
      },
    })
      .jpeg({ quality: 85 })
      .toBuffer();
    const r = await admin.form(
      'POST',
      `/api/ops/asset/${brand.id}/${brand.root}/new`,
      multipart({}, [{ field: 'files', name: 'photo.jpg', type: 'image/jpeg', data: photo }]),
    );
    expect(r.statusCode, r.body).toBe(201);
    const id = r.json().results[0].asset_id as number;

    let visuals = { state: 'pending', colours: [] as unknown[] };
    await until(`the colours of asset ${id}`, async () => {
      visuals = (await admin.get(`/api/ops/asset/${id}/visuals`)).json().visuals;
      return visuals.state !== 'pending';
    });
    const asset = await t.built.handle.db
      .selectFrom('assets')
      .select(['blob_key', 'thumb_key', 'preview_key', 'derivatives'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(asset.derivatives).toBe('ready');
    expect(visuals.state).toBe('done');
    expect(visuals.colours.length).toBeGreaterThan(0);

    // The upload checked the file by path before it committed (and queued the job). The job then
    // streamed it once, whole, and nothing read it again; the colours come from the same decode,
    // so the preview just written is not read back either.
    expect(streamed.get(asset.blob_key)).toEqual([photo.length]);
    const jobRead = reads.findIndex((r) => r.key === asset.blob_key && r.how === 'stream');
    expect(reads.slice(jobRead + 1).filter((r) => r.key === asset.blob_key)).toEqual([]);
    expect(reads.filter((r) => r.key === asset.preview_key)).toEqual([]);

    // The pictures are the sizes the product serves.
    const size = async (key: string) => sharp(unwrappedPath(key)!).metadata();
    expect(await size(asset.preview_key!)).toMatchObject({ format: 'webp', width: 2048, height: 1365 });
    expect(await size(asset.thumb_key!)).toMatchObject({ format: 'webp', width: 400, height: 267 });
  });
});
