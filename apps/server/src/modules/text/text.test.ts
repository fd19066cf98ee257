import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeBrand, makeFolder, makeUser, multipart, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';
import { until } from '../../../test/throwaway.js';
import { fixtureDir, tinyPdf } from '../../media/test-fixtures.js';

let t: TestApp;
let admin: Client;
let brand: { id: number; root: number };
let folder: number;

/** A poster with a known sentence, drawn in DejaVu Sans (the font OCR is measured with). */
async function poster(sentence: string, width = 1200, height = 400) {
  const svg = `<svg width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg">
    <rect width="100%" height="100%" fill="#f4efe6"/>
    <text x="60" y="${height / 2 + 24}" font-family="DejaVu Sans" font-size="64" fill="#1a1a1a">${sentence}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
/** A picture with no text; each colour is a different file (uploads refuse exact duplicates). */
const blank = (background = '#3060a0') =>
  sharp({ create: { width: 320, height: 200, channels: 3, background } })
    .png()
    .toBuffer();

const upload = async (folderId: number, name: string, data: Buffer, type = 'image/png') => {
  const r = await admin.form(
    'POST',
    `/api/ops/asset/${brand.id}/${folderId}/new?upload_anyway=1`,
    multipart({}, [{ field: 'files', name, type, data }]),
  );
  expect(r.statusCode, r.body).toBe(201);
  return r.json().results[0].asset_id as number;
};

/** Waits for the worker to read the text of the asset's current revision. */
async function read(c: Client, id: number, ms = 30_000) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answer's shape is what the tests read
  let v: any = { state: 'pending' };
  await until(
    `the text of asset ${id}`,
    async () => {
      v = (await c.get(`/api/ops/asset/${id}/text`)).json().text;
      return v.state !== 'pending';
    },
    ms,
  );
  return v;
}
const found = async (c: Client, q: string) => {
  const r = await c.post(`/api/ops/asset/list/all/${brand.root}?per_page=100`, { q });
  expect(r.statusCode, r.body).toBe(200);
  return (r.json().items as { id: number }[]).map((i) => i.id);
};

beforeAll(async () => {
  t = await startApp({ ANALYSIS: 'text' });
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Text Co');
  folder = await makeFolder(admin, brand.id, 'Posters');
});
afterAll(() => t.close());

describe('text inside files', () => {
  // The one test that runs the OCR model on a real picture.
  it('reads a poster by OCR, finds it by a printed word, shows the boxes and exports it', async () => {
    const id = await upload(folder, 'poster-one.png', await poster('Harbour festival tickets'));
    const v = await read(admin, id, 120_000);
    expect(v.state, v.reason).toBe('done');
    expect(v.source).toBe('ocr');
    expect(v.text.toLowerCase()).toContain('harbour');
    const [page] = v.pages;
    expect(page.width).toBe(1200);
    expect(page.lines.length).toBeGreaterThan(0);
    const xs = page.lines[0].box.map((p: [number, number]) => p[0]);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThanOrEqual(1200);
    // Found by a word on the picture that is not in its name, description or keywords.
    expect(await found(admin, 'festival')).toEqual([id]);
    expect(await found(admin, 'harbo')).toEqual([id]);

    const txt = await admin.get(`/api/ops/asset/${id}/text.txt`);
    expect(txt.statusCode).toBe(200);
    expect(txt.headers['content-type']).toMatch(/^text\/plain; charset=utf-8/);
    expect(txt.headers['content-disposition']).toContain('filename="poster-one.txt"');
    expect(txt.body.toLowerCase()).toContain('harbour festival');
  }, 150_000);

  it('marks a corrupt image failed with the reason and reads the next file', async () => {
    const good = await blank();
    const broken = await upload(folder, 'broken.png', Buffer.concat([good.subarray(0, 60), Buffer.alloc(800, 0x55)]));
    const after = await upload(folder, 'plain-blue.png', good);
    const v = await read(admin, broken, 60_000);
    expect(v.state).toBe('failed');
    expect(v.reason).toMatch(/image/);
    expect(v.text).toBe('');
    const next = await read(admin, after, 60_000);
    expect(next.state).toBe('done');
    expect(next.text).toBe('');
  }, 90_000);

  it('reads a PDF through the document reader', async () => {
    const pdf = join(fixtureDir(), 'book.pdf');
    tinyPdf(pdf);
    const id = await upload(folder, 'book.pdf', readFileSync(pdf), 'application/pdf');
    const v = await read(admin, id);
    expect(v.source).toBe('pdf');
    expect(['done', 'skipped']).toContain(v.state);
  });

  it('skips the reading when the brand turned it off, and tells why', async () => {
    const other = await makeBrand(admin, 'Quiet Co');
    await t.built.handle.db
      .insertInto('brand_analysis')
      .values({ brand_id: other.id, text: 0, updated_at: new Date().toISOString() })
      .execute();
    const r = await admin.form(
      'POST',
      `/api/ops/asset/${other.id}/${other.root}/new?upload_anyway=1`,
      multipart({}, [{ field: 'files', name: 'quiet.png', type: 'image/png', data: await blank() }]),
    );
    expect(r.statusCode, r.body).toBe(201);
    const v = await read(admin, r.json().results[0].asset_id);
    expect(v).toMatchObject({ state: 'skipped', reason: 'turned off', text: '' });
  });

  it('never shows a guest the text of an asset they cannot see', async () => {
    const secret = await makeFolder(admin, brand.id, 'Secret', undefined, 'PRIVATE');
    const hidden = await upload(secret, 'hidden.png', await blank('#a03060'));
    const open = await upload(folder, 'open.png', await blank('#30a060'));
    const guest = await makeUser(t, admin, { roles: ['guest'], brands: [brand.id] });
    expect((await guest.client.get(`/api/ops/asset/${hidden}/text`)).statusCode).toBe(404);
    expect((await guest.client.get(`/api/ops/asset/${hidden}/text.txt`)).statusCode).toBe(404);
    expect((await guest.client.get(`/api/ops/asset/${open}/text`)).statusCode).toBe(200);
    const outsider = await makeUser(t, admin, { roles: ['member'], brands: [] });
    expect((await outsider.client.get(`/api/ops/asset/${open}/text.txt`)).statusCode).toBe(404);
  });
});
