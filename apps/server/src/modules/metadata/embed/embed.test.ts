import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import exifr from 'exifr';
import { ExifTool } from 'exiftool-vendored';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureDir, tinyPdf } from '../../../media/test-fixtures.js';
import { adminClient, makeBrand, makeFolder, multipart, startApp } from '../../../../test/harness.js';
import type { Client, TestApp } from '../../../../test/harness.js';

// A separate exiftool writes the Lightroom-style file; exifr (another reader) checks downloads.
const et = new ExifTool({ maxProcs: 1 });
let t: TestApp;
let admin: Client;
let brand: { id: number; root: number };
let folder: number;
let fields: Record<string, number>;
let treeVocabulary: number;
const dir = fixtureDir();
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function upload(name: string, type: string, data: Buffer): Promise<number> {
  const r = await admin.form(
    'POST',
    `/api/ops/asset/${brand.id}/${folder}/new`,
    multipart({}, [{ field: 'files', name, type, data }]),
  );
  expect(r.statusCode).toBe(201);
  return r.json().results[0].asset_id;
}

async function field(body: Record<string, unknown>) {
  const r = await admin.post(`/api/ops/brand/${brand.id}/metadata/fields`, { label_es: 'x', ...body });
  expect(r.statusCode).toBe(201);
  return r.json().id as number;
}

/** A JPEG as Lightroom writes it: keywords in dc:subject and IPTC, paths in lr:hierarchicalSubject. */
async function lightroomJpeg(): Promise<Buffer> {
  const path = join(dir, 'lr.jpg');
  await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3080c0' } })
    .jpeg()
    .toFile(path);
  await et.write(
    path,
    {
      'XMP-dc:Subject': ['beach', 'Summer'],
      'IPTC:Keywords': ['holiday', 'beach'],
      'XMP-lr:HierarchicalSubject': ['Region|Europe|Spain', 'Region|Europe|France'],
      'XMP-dc:Creator': ['Ana Pérez'],
      'XMP-dc:Rights': '© 2024 Ana Pérez',
      'XMP-dc:Description': 'Beach day',
      'XMP-photoshop:DateCreated': '2024:05:04',
    } as never,
    { writeArgs: ['-overwrite_original'] },
  );
  return readFileSync(path);
}

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Embed Co');
  folder = await makeFolder(admin, brand.id, 'Shoots');
  const v = await admin.post(`/api/ops/brand/${brand.id}/metadata/vocabularies`, { name: 'Places', kind: 'tree' });
  treeVocabulary = v.json().id;
  fields = {
    places: await field({ key: 'places', type: 'tree', label_en: 'Places', vocabulary_id: treeVocabulary }),
    photographer: await field({ key: 'photographer', type: 'text', label_en: 'Photographer' }),
    rights: await field({ key: 'rights', type: 'long_text', label_en: 'Rights' }),
    shot: await field({ key: 'shot-on', type: 'date', label_en: 'Shot on' }),
  };
}, 60_000);
afterAll(async () => {
  await et.end();
  await t.close();
});

describe('embedded metadata mapping', () => {
  it('refuses a source mapped to a field of the wrong type, in en and es, and keeps the old mapping', async () => {
    const url = `/api/ops/brand/${brand.id}/metadata/mapping`;
    const bad = await admin.put(url, { items: [{ source: 'date_created', field_id: fields.photographer }] });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json())).toContain('cannot fill a field of that type');
    const items = (await admin.get(url)).json().items as { source: string; field_id: number | null }[];
    expect(items.every((i) => i.field_id === null)).toBe(true);
    expect(items.map((i) => i.source)).toContain('hierarchical_subject');
  });

  it('fills keywords from every source and the mapped fields at upload, and writes them back on download', async () => {
    const set = await admin.put(`/api/ops/brand/${brand.id}/metadata/mapping`, {
      items: [
        { source: 'hierarchical_subject', field_id: fields.places },
        { source: 'creator', field_id: fields.photographer },
        { source: 'copyright', field_id: fields.rights },
        { source: 'date_created', field_id: fields.shot },
      ],
    });
    expect(set.statusCode).toBe(200);
    const data = await lightroomJpeg();
    const id = await upload('beach.jpg', 'image/jpeg', data);

    const asset = (await admin.get(`/api/ops/asset/${id}/view`)).json().asset;
    // Nothing dropped: dc:subject, IPTC Keywords and the paths' leaves, each once.
    expect([...asset.keywords].sort()).toEqual(['beach', 'France', 'holiday', 'Spain', 'Summer'].sort());
    expect(asset.description).toBe('Beach day');

    const options = (await admin.get(`/api/ops/metadata/vocabulary/${treeVocabulary}/options`)).json().items as {
      id: number;
      parent_id: number | null;
      label_en: string;
    }[];
    const named = (label: string) => options.find((o) => o.label_en === label)!;
    expect(named('Europe').parent_id).toBe(named('Region').id);
    expect(named('Spain').parent_id).toBe(named('Europe').id);
    expect(named('France').parent_id).toBe(named('Europe').id);

    const values = (await admin.get(`/api/ops/asset/${id}/fields`)).json().values;
    expect(values).toMatchObject({
      places: named('Spain').id,
      photographer: 'Ana Pérez',
      rights: '© 2024 Ana Pérez',
      'shot-on': '2024-05-04',
    });

    const dl = await admin.get(`/api/ops/asset/${id}/download`);
    expect(dl.statusCode).toBe(200);
    expect(Number(dl.headers['content-length'])).toBe(dl.rawPayload.length);
    const x = await exifr.parse(dl.rawPayload, { xmp: true, mergeOutput: false });
    expect(x.dc.subject).toEqual(expect.arrayContaining(['beach', 'holiday', 'Spain', 'France']));
    expect(x.dc.description.value ?? x.dc.description).toBe('Beach day');
    expect([x.lr.hierarchicalSubject].flat()).toContain('Region|Europe|Spain');
    expect(JSON.stringify(x.brandvault)).toContain('Ana Pérez');
    // The stored original is untouched: a range answer is its bytes as uploaded.
    const stored = await admin.req('GET', `/api/ops/asset/${id}/download`, undefined, {
      headers: { range: 'bytes=0-' },
    });
    expect(sha(stored.rawPayload)).toBe(sha(data));

    const crop = await admin.get(`/api/ops/asset/${id}/crop?x=0&y=0&w=0.5&h=0.5&width=16&format=jpeg`);
    expect(crop.statusCode).toBe(200);
    const c = await exifr.parse(crop.rawPayload, { xmp: true, mergeOutput: false });
    expect(c.dc.subject).toEqual(expect.arrayContaining(['Spain', 'Summer']));
    expect([c.lr.hierarchicalSubject].flat()).toContain('Region|Europe|Spain');

    // A new version's file fills the mapped fields again; fields it says nothing for keep theirs.
    const path = join(dir, 'v2.jpg');
    await sharp({ create: { width: 32, height: 24, channels: 3, background: '#202020' } })
      .jpeg()
      .toFile(path);
    await et.write(path, { 'XMP-dc:Creator': ['Luis Gómez'] } as never, { writeArgs: ['-overwrite_original'] });
    const v2 = await admin.form(
      'POST',
      '/api/ops/asset/version/new',
      multipart({ asset_id: String(id) }, [
        { field: 'file', name: 'beach-2.jpg', type: 'image/jpeg', data: readFileSync(path) },
      ]),
    );
    expect(v2.statusCode, v2.body).toBe(201);
    const after = (await admin.get(`/api/ops/asset/${id}/fields`)).json().values;
    expect(after).toMatchObject({ photographer: 'Luis Gómez', rights: '© 2024 Ana Pérez', places: named('Spain').id });
  }, 60_000);

  it('writes XMP into PNG, WebP, TIFF and PDF downloads', async () => {
    const img = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#c03030' } });
    const pdfPath = join(dir, 'doc.pdf');
    tinyPdf(pdfPath);
    const files: [string, string, Buffer][] = [
      ['p.png', 'image/png', await img().png().toBuffer()],
      ['w.webp', 'image/webp', await img().webp().toBuffer()],
      ['t.tif', 'image/tiff', await img().tiff().toBuffer()],
      ['d.pdf', 'application/pdf', readFileSync(pdfPath)],
    ];
    for (const [name, type, data] of files) {
      const id = await upload(name, type, data);
      const put = await admin.put(`/api/ops/asset/${id}/edit`, {
        description: `About ${name}`,
        keywords: ['kw-' + name],
      });
      expect(put.statusCode).toBe(200);
      const dl = await admin.get(`/api/ops/asset/${id}/download`);
      expect(dl.statusCode).toBe(200);
      // exifr reads neither PDF nor WebP; the XMP packet is plain text inside them, so their bytes tell.
      const text = dl.rawPayload.toString('latin1');
      expect(text, name).toContain(`kw-${name}`);
      expect(text, name).toContain(`About ${name}`);
      if (type === 'image/png' || type === 'image/tiff') {
        const x = await exifr.parse(dl.rawPayload, { xmp: true, mergeOutput: false });
        expect([x.dc.subject].flat(), name).toContain(`kw-${name}`);
      }
    }
  }, 60_000);
});
