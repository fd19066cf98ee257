import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeBrand, makeFolder, multipart, startApp } from '../../test/harness.js';
import type { Client, TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: Client;
let brand: { id: number; root: number };
let folder: number;
let assetId: number;
let png: Buffer;

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Multipart Co');
  folder = await makeFolder(admin, brand.id, 'Uploads');
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c04080' } })
    .png()
    .toBuffer();
  // An empty file has no derivatives: no job writes blobs while the tests compare them.
  const up = multipart({}, [{ field: 'files', name: 'base.txt', type: 'text/plain', data: Buffer.alloc(0) }]);
  assetId = (await admin.form('POST', `/api/ops/asset/${brand.id}/${folder}/new`, up)).json().results[0].asset_id;
});
afterAll(() => t.close());

/** Every stored file, temp ones included (`.tmp/`). */
function blobFiles(): string[] {
  const root = join(t.dataDir, 'blobs');
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)))
    .sort();
}

/** What a stray write could have changed: brands, the brand, the folder, its assets, the versions. */
async function snapshot() {
  const paths = [
    '/api/ops/brand/all',
    `/api/ops/brand/${brand.id}`,
    `/api/ops/folder/${folder}`,
    `/api/ops/folder/${folder}/get/assets`,
    `/api/ops/asset/${assetId}/version/all`,
  ];
  const bodies = await Promise.all(paths.map(async (p) => (await admin.get(p)).body));
  return { bodies, blobs: blobFiles() };
}

const BOUNDARY = 'bv-probe-boundary';

/** A well-formed body for each route: its fields, and a file large enough to be cut in. */
const routes = (): { name: string; url: string; fields: Record<string, string>; file: string }[] => [
  { name: 'brand create', url: '/api/ops/brand/create', fields: { name: 'Probe', slug: 'probe' }, file: 'image' },
  { name: 'brand update', url: `/api/ops/brand/${brand.id}/update`, fields: { name: 'Renamed' }, file: 'logo' },
  { name: 'folder update', url: `/api/ops/folder/${folder}/update`, fields: { name: 'Renamed' }, file: 'image' },
  { name: 'asset upload', url: `/api/ops/asset/${brand.id}/${folder}/new`, fields: {}, file: 'files' },
  { name: 'new version', url: '/api/ops/asset/version/new', fields: { asset_id: String(assetId) }, file: 'file' },
];

function body(fields: Record<string, string>, fileField: string, data: Buffer) {
  const head = Object.entries(fields)
    .map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  return Buffer.concat([
    Buffer.from(
      `${head}--${BOUNDARY}\r\nContent-Disposition: form-data; name="${fileField}"; filename="probe.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

/** The malformations: content type, then the body made from a well-formed one. */
const malformations: { name: string; type: string; body: (good: Buffer) => Buffer }[] = [
  { name: 'no boundary', type: 'multipart/form-data', body: (g) => g },
  { name: 'wrong boundary', type: 'multipart/form-data; boundary=not-the-one', body: (g) => g },
  { name: 'overlong boundary', type: `multipart/form-data; boundary=${'b'.repeat(300)}`, body: (g) => g },
  {
    name: 'cut off mid-part',
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: (g) => g.subarray(0, g.length - 60),
  },
  {
    // The file part is whole; the next part's headers never end.
    name: 'cut off after a whole part',
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: (g) =>
      Buffer.concat([
        g.subarray(0, g.length - `--${BOUNDARY}--\r\n`.length),
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-da`),
      ]),
  },
  {
    name: 'garbage',
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: () => Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256)),
  },
];

describe('malformed multipart bodies', () => {
  it.each(['brand create', 'brand update', 'folder update', 'asset upload', 'new version'])(
    '%s answers 4xx to each malformation and leaves nothing behind',
    async (name) => {
      const route = routes().find((r) => r.name === name)!;
      const good = body(route.fields, route.file, png);
      for (const m of malformations) {
        const before = await snapshot();
        const r = await admin.req('POST', route.url, undefined, {
          raw: m.body(good),
          headers: { 'content-type': m.type },
        });
        expect([400, 422], `${m.name}: ${r.statusCode} ${r.body}`).toContain(r.statusCode);
        expect(r.json().error.code, m.name).toBe('INVALID_DATA');
        expect(await snapshot(), m.name).toEqual(before);
      }
    },
  );
});

describe('file count limit', () => {
  it('refuses 201 files with 413 before creating any asset, and keeps no temp blob', async () => {
    const before = await snapshot();
    const files = Array.from({ length: 201 }, (_, i) => ({
      field: 'files',
      name: `tiny-${i}.txt`,
      type: 'text/plain',
      data: Buffer.from(`file ${i}`),
    }));
    const r = await admin.form('POST', `/api/ops/asset/${brand.id}/${folder}/new`, multipart({}, files));
    expect(r.statusCode).toBe(413);
    expect(r.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await snapshot()).toEqual(before);
  });
});
