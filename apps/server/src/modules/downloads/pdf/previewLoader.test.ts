import { execFile } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureDir, tinyPdf } from '../../../media/test-fixtures.js';
import { makeRepos } from '../../../repos.js';
import { adminClient, makeBrand, makeFolder, multipart, startApp } from '../../../../test/harness.js';
import type { Client, TestApp } from '../../../../test/harness.js';
import { pdfAssetFromRow, previewLoader, renderSelectionPdf } from './index.js';

const run = promisify(execFile);
let t: TestApp;
let admin: Client;
let ids: { photo: number; brief: number; notes: number };

async function ready(id: number) {
  for (let i = 0; i < 100; i++) {
    const a = (await admin.get(`/api/ops/asset/${id}/view`)).json().asset;
    if (a.derivatives !== 'pending') return a;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`derivatives of ${id} never finished`);
}
const row = async (id: number) => (await makeRepos(t.built.handle.db).assets.byId(id))!;

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  const brand = await makeBrand(admin, 'Pdf Co');
  const folder = await makeFolder(admin, brand.id, 'Shots');
  const dir = fixtureDir();
  tinyPdf(join(dir, 'brief.pdf'));
  const photo = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#3b5bdb' } })
    .jpeg()
    .toBuffer();
  const files = [
    { name: 'Café déjà vu.jpg', type: 'image/jpeg', data: photo },
    { name: 'brief.pdf', type: 'application/pdf', data: readFileSync(join(dir, 'brief.pdf')) },
    { name: 'notes.txt', type: 'text/plain', data: Buffer.from('Plain notes, no picture.\n') },
  ];
  const r = await admin.form(
    'POST',
    `/api/ops/asset/${brand.id}/${folder}/new`,
    multipart(
      {},
      files.map((f) => ({ field: 'files', ...f })),
    ),
  );
  expect(r.statusCode).toBe(201);
  const [p, b, n] = r.json().results.map((x: { asset_id: number }) => x.asset_id);
  ids = { photo: p, brief: b, notes: n };
  for (const id of [p, b, n]) await ready(id);
});
afterAll(() => t.close());

describe('previewLoader', () => {
  it('renders stored previews: the photo, the first page of a PDF, and a type icon for text', async () => {
    const assets = await Promise.all(
      [ids.photo, ids.brief, ids.notes].map(async (id) => pdfAssetFromRow(t.built.storage, await row(id))),
    );
    const path = join(t.dataDir, 'selection.pdf');
    const { pages } = await renderSelectionPdf(
      {
        brand: { name: 'Pdf Co' },
        requester: { name: 'Admin', email: 'admin@example.com' },
        createdAt: new Date(),
        lang: 'en',
        layout: 'pages',
        assets,
      },
      createWriteStream(path),
    );
    expect(pages).toBe(4);
    const list = (await run('pdfimages', ['-list', path])).stdout.trim().split('\n').slice(2);
    expect(list.map((l) => Number(l.trim().split(/\s+/)[0]))).toEqual([2, 3]);
    const text = (await run('pdftotext', ['-enc', 'UTF-8', path, '-'])).stdout;
    expect(text).toContain('Café déjà vu');
    expect(text).toContain('TXT');
  });

  it('takes the preview, then the thumbnail when the preview blob is gone, then nothing', async () => {
    const photo = await row(ids.photo);
    expect(photo.preview_key).not.toBe(photo.thumb_key);
    const largest = await previewLoader(t.built.storage, photo)();
    expect(await sharp(largest!).metadata()).toMatchObject({ format: 'webp', width: 2048, height: 1365 });

    await t.built.storage.delete(photo.preview_key!);
    const thumb = await previewLoader(t.built.storage, photo)();
    expect((await sharp(thumb!).metadata()).width).toBe(400);

    await t.built.storage.delete(photo.thumb_key!);
    expect(await previewLoader(t.built.storage, photo)()).toBeNull();
    expect(await previewLoader(t.built.storage, await row(ids.notes))()).toBeNull();
  });
});
