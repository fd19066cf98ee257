import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeBrand, makeFolder, makeUser, multipart, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';
import type { JobContext } from '../../jobs/types.js';
import type { BlobStore } from '../../storage/index.js';
import { jobUnits } from '../../jobUnits.js';
import { buildDownload, downloadKey } from './downloads.build.js';

let t: TestApp;
let admin: Client;
let member: { client: Client; id: number };
let brand: { id: number; root: number };
let folder: number;
const assets: number[] = [];
const work = mkdtempSync(join(tmpdir(), 'bv-build-'));

/** What the worker gives a handler, over the test app's own database and storage. */
function jobContext(storage: BlobStore = t.built.storage, attempt = 1): JobContext {
  return {
    db: t.built.handle.db,
    dialect: t.built.handle.dialect,
    clock: t.clock,
    log: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
    storage,
    sync: { roots: [], settleMs: 0, watch: false, maxUploadBytes: 0 },
    dataDir: t.dataDir,
    mailer: undefined,
    appUrl: 'http://app.test',
    notificationPublished: () => undefined,
    mailWindowMs: 1000,
    appKey: undefined,
    job: { id: 0, name: 'downloads.build', attempt, maxAttempts: 3, ownerId: member.id },
    signal: new AbortController().signal,
    progress: async () => undefined,
    result: () => undefined,
    redactPayload: async () => undefined,
    ...jobUnits({ clock: t.clock, appKey: undefined })(t.built.handle.db, () => undefined),
  };
}
const queue = async (body: Record<string, unknown>) => {
  const r = await member.client.post('/api/ops/asset/download/get/queue', body);
  expect(r.statusCode).toBe(202);
  return r.json().download.id as number;
};
const unzipTest = (file: string) => execFileSync('unzip', ['-tq', file], { encoding: 'utf8' });
async function archive(id: number) {
  const file = join(work, `${id}-${Math.random()}.zip`);
  writeFileSync(file, await buffer(await t.built.storage.get(downloadKey(id))));
  return file;
}

beforeAll(async () => {
  // No worker in the server: each test runs the build itself, at the moment it chooses.
  t = await startApp({ JOBS_IN_SERVER: 'false' });
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Build Co');
  folder = await makeFolder(admin, brand.id, 'Work', brand.root);
  for (let i = 0; i < 4; i++) {
    const data = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: i * 40, g: 80, b: 3 } } })
      .jpeg()
      .toBuffer();
    const form = multipart({}, [{ field: 'files', name: `shot-${i}.jpg`, type: 'image/jpeg', data }]);
    const r = await admin.form('POST', `/api/ops/asset/${brand.id}/${folder}/new`, form);
    assets.push(r.json().results[0].asset_id);
  }
  member = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

describe('building a download', () => {
  it('checks rights again when it runs: a brand taken away while queued leaves nothing to zip', async () => {
    const id = await queue({ asset_ids: assets.slice(0, 2) });
    const patched = await admin.req('PATCH', `/api/ops/users/${member.id}/edit`, { brands: [] });
    expect(patched.statusCode).toBe(200);
    try {
      expect(await buildDownload(jobContext(), id)).toMatchObject({ state: 'failed' });
      const d = (await member.client.get(`/api/ops/asset/download/${id}`)).json();
      expect(d).toMatchObject({ state: 'failed', url: null });
      expect(d.error).toMatch(/can be downloaded/);
      expect(await t.built.storage.stat(downloadKey(id))).toBeNull();
    } finally {
      await admin.req('PATCH', `/api/ops/users/${member.id}/edit`, { brands: [brand.id] });
    }
  });

  it('a worker that dies mid-zip leaves no archive, and the next attempt writes a whole one', async () => {
    const id = await queue({ folder_ids: [folder] });
    let reads = 0;
    // The third source read never finishes: the process "dies" there (the attempt is abandoned).
    const dying: BlobStore = Object.create(t.built.storage, {
      get: {
        value: async (key: string) => {
          reads++;
          if (reads === 3)
            return new Readable({
              read() {
                this.destroy(new Error('worker killed'));
              },
            });
          return t.built.storage.get(key);
        },
      },
    });
    await expect(buildDownload(jobContext(dying), id)).rejects.toThrow('worker killed');
    expect(await t.built.storage.stat(downloadKey(id))).toBeNull();
    expect((await member.client.get(`/api/ops/asset/download/${id}`)).json().state).toBe('preparing');

    expect(await buildDownload(jobContext(t.built.storage, 2), id)).toMatchObject({ state: 'ready', files: 4 });
    expect(unzipTest(await archive(id))).toMatch(/No errors detected/);
    // A late retry after it is ready changes nothing.
    expect(await buildDownload(jobContext(t.built.storage, 3), id)).toEqual({ id, state: 'ready' });
  });

  it('writes zip64 records when forced with a small threshold, and unzip still reads them', async () => {
    const id = await queue({ asset_ids: assets });
    await buildDownload(jobContext(), id, { zip64From: 1 });
    const file = await archive(id);
    expect(unzipTest(file)).toMatch(/No errors detected/);
    // The zip64 end of central directory record's signature: PK\x06\x06.
    expect(readFileSync(file).includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(true);
  });

  it('stores already-compressed media as they are', async () => {
    const id = await queue({ asset_ids: assets.slice(0, 1) });
    await buildDownload(jobContext(), id);
    const listing = execFileSync('unzip', ['-v', await archive(id)], { encoding: 'utf8' });
    expect(listing).toMatch(/Stored/);
    expect(listing).not.toMatch(/Defl/);
  });

  it('writes a licensed asset’s terms into its member’s XMP, with nothing else set on it', async () => {
    const licensed = assets[3]!;
    const lic = await admin.post(`/api/ops/brand/${brand.id}/licences`, {
      name: 'Agency 2027',
      terms: 'Print only.',
      territories: ['WW'],
    });
    expect(lic.statusCode, lic.body).toBe(201);
    const linked = await admin.put(`/api/ops/asset/${licensed}/rights`, {
      licence_ids: [lic.json().id],
      consent_ids: [],
      available_from: null,
      available_until: null,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const id = await queue({ asset_ids: [licensed], confirm: true });
    expect(await buildDownload(jobContext(), id)).toMatchObject({ state: 'ready', files: 1 });
    const file = await archive(id);
    const member = execFileSync('unzip', ['-p', file, 'shot-3.jpg'], { maxBuffer: 1 << 24 });
    const xmp = await exifr.parse(member, { xmp: true, tiff: false, exif: false });
    expect(String(xmp.UsageTerms?.value ?? xmp.UsageTerms)).toContain('Agency 2027');
    expect(String(xmp.UsageTerms?.value ?? xmp.UsageTerms)).toContain('Print only.');
  });

  it("writes each asset's metadata into its member's XMP and leaves the others byte for byte", async () => {
    const [described, fielded, untouched] = assets as [number, number, number];
    const put = await admin.put(`/api/ops/asset/${described}/edit`, { description: 'Zip day', keywords: ['zipped'] });
    expect(put.statusCode).toBe(200);
    const f = await admin.post(`/api/ops/brand/${brand.id}/metadata/fields`, {
      key: 'credit-line',
      type: 'text',
      label_en: 'Credit line',
      label_es: 'Crédito',
    });
    expect(f.statusCode).toBe(201);
    const set = await admin.put(`/api/ops/asset/${fielded}/fields`, { values: { 'credit-line': 'Studio Norte' } });
    expect(set.statusCode).toBe(200);

    const id = await queue({ asset_ids: [described, fielded, untouched] });
    expect(await buildDownload(jobContext(), id)).toMatchObject({ state: 'ready', files: 3 });
    const file = await archive(id);
    expect(unzipTest(file)).toMatch(/No errors detected/);
    const entry = (name: string) => execFileSync('unzip', ['-p', file, name], { maxBuffer: 1 << 24 });

    const x = await exifr.parse(entry('shot-0.jpg'), { xmp: true, mergeOutput: false });
    expect(x.dc.description.value ?? x.dc.description).toBe('Zip day');
    expect([x.dc.subject].flat()).toContain('zipped');
    const y = await exifr.parse(entry('shot-1.jpg'), { xmp: true, mergeOutput: false });
    expect(JSON.stringify(y.brandvault)).toContain('Studio Norte');

    const stored = async (asset: number) => {
      const r = await admin.req('GET', `/api/ops/asset/${asset}/download`, undefined, {
        headers: { range: 'bytes=0-' },
      });
      return r.rawPayload;
    };
    expect(entry('shot-2.jpg').equals(await stored(untouched))).toBe(true);
    expect(entry('shot-0.jpg').equals(await stored(described))).toBe(false);
  }, 60_000);
});
