import { execFile } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { renderSelectionPdf } from './index.js';
import type { PdfAsset, PdfInput, PdfOptions } from './index.js';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'bv-pdf-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Noise over a colour, so JPEG sizes and decoding behave like a photo's. */
function photo(width: number, height: number, format: 'jpeg' | 'png' | 'webp', alpha = false) {
  const image = sharp({
    create: {
      width,
      height,
      channels: alpha ? 4 : 3,
      background: alpha ? { r: 200, g: 60, b: 40, alpha: 0.5 } : { r: 40, g: 110, b: 190 },
      noise: { type: 'gaussian', mean: 120, sigma: 30 },
    },
  });
  return image.toFormat(format).toBuffer();
}

const asset = (id: number, name: string, over: Partial<PdfAsset> = {}): PdfAsset => ({
  id,
  name,
  description: null,
  keywords: [],
  mime: 'image/jpeg',
  extension: 'jpg',
  size: 120_000,
  width: null,
  height: null,
  author: null,
  preview: async () => null,
  ...over,
});

const base = (over: Partial<PdfInput>): PdfInput => ({
  brand: { name: 'Acme Ñandú' },
  requester: { name: 'Ana Pérez', email: 'ana@example.com' },
  createdAt: new Date('2026-11-25T14:05:00Z'),
  lang: 'en',
  layout: 'pages',
  assets: [],
  ...over,
});

let n = 0;
async function render(input: PdfInput, opts?: PdfOptions) {
  const path = join(dir, `out-${++n}.pdf`);
  const result = await renderSelectionPdf(input, createWriteStream(path), opts);
  return { path, result };
}

const pageCount = async (path: string) => Number(/^Pages:\s+(\d+)/m.exec((await run('pdfinfo', [path])).stdout)![1]);
const textOf = async (path: string) =>
  (await run('pdftotext', ['-enc', 'UTF-8', path, '-'])).stdout.replace(/[ \t]*\n[ \t]*/g, '\n');
/** `pdfimages -list` rows: page, width, height, encoding. */
async function imagesOf(path: string) {
  const { stdout } = await run('pdfimages', ['-list', path]);
  return stdout
    .trim()
    .split('\n')
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .map((c) => ({ page: Number(c[0]), width: Number(c[3]), height: Number(c[4]), enc: c[8] }));
}

describe('renderSelectionPdf', () => {
  it('draws a cover and one page per asset, in Spanish, with previews fitted and details beneath', async () => {
    const progress: [number, number][] = [];
    const assets = [
      asset(1, 'Café déjà vu', {
        description: 'Una terraza en París al atardecer',
        keywords: ['verano', 'café'],
        author: 'Zoë Ñúñez',
        size: 2_516_582,
        width: 2400,
        height: 1600,
        preview: () => photo(2400, 1600, 'jpeg'),
      }),
      asset(2, 'Москва', {
        description: 'Ελλάδα και Русь',
        mime: 'image/png',
        extension: 'png',
        width: 600,
        height: 900,
        preview: () => photo(600, 900, 'png', true),
      }),
      asset(3, 'Informe trimestral', { mime: 'application/pdf', extension: 'pdf', size: 48_000 }),
      // DejaVu has no CJK glyphs: those draw as empty boxes, the rest of the name stays text.
      asset(4, '東京 skyline', { mime: 'image/webp', extension: 'webp', preview: () => photo(800, 500, 'webp') }),
      asset(5, 'Broken preview', { preview: async () => Buffer.from('not an image at all') }),
    ];
    const { path, result } = await render(base({ lang: 'es', assets }), {
      onProgress: (done, of) => progress.push([done, of]),
    });

    expect(result.pages).toBe(6);
    expect(await pageCount(path)).toBe(6);
    expect(progress).toEqual([1, 2, 3, 4, 5].map((d) => [d, 5]));
    const text = await textOf(path);
    for (const expected of [
      'SELECCIÓN DE RECURSOS',
      'Acme Ñandú',
      '25 de noviembre de 2026 a las 14:05 UTC',
      'Solicitado por',
      'Ana Pérez',
      'ana@example.com',
      '5 recursos',
      'Un recurso por página',
      'Café déjà vu',
      'Una terraza en París al atardecer',
      'Palabras clave',
      'verano, café',
      'Zoë Ñúñez',
      '2,4 MB',
      '2400 × 1600 px',
      'Москва',
      'Ελλάδα και Русь',
      'Informe trimestral',
      'Documento PDF',
      'skyline',
      'Página 6 de 6',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('Requested by');

    const images = await imagesOf(path);
    // The JPEG, PNG and WebP previews, each re-encoded as JPEG; the PDF and the broken one are icons.
    expect(images.map((i) => i.page)).toEqual([2, 3, 5]);
    expect(images.every((i) => i.enc === 'jpeg')).toBe(true);
    expect(images[0]).toMatchObject({ width: 1600, height: 1067 });
    expect(images[1]).toMatchObject({ width: 600, height: 900 });
  });

  it('lays a contact sheet of 12 per page, in English, with type and size under each picture', async () => {
    const picture = await photo(800, 600, 'jpeg');
    const assets = Array.from({ length: 14 }, (_, i) =>
      asset(i + 1, `asset-${String(i + 1).padStart(2, '0')}`, {
        size: 1536 * (i + 1),
        preview: async () => picture,
      }),
    );
    assets[4] = asset(5, 'Launch film', { mime: 'video/mp4', extension: 'mp4', size: 3 * 1024 ** 3 });
    const { path, result } = await render(base({ layout: 'sheet', assets }));

    expect(result.pages).toBe(3);
    expect(await pageCount(path)).toBe(3);
    const text = await textOf(path);
    for (const expected of [
      'ASSET SELECTION',
      'Requested by',
      '14 assets',
      'Contact sheet, 12 per page',
      'November 25, 2026',
      'asset-01',
      'asset-14',
      'Image · JPG · 1.5 kB',
      'Launch film',
      'Video · MP4 · 3 GB',
      'Page 3 of 3',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('Solicitado');
    const images = await imagesOf(path);
    expect(images).toHaveLength(13);
    expect(images.filter((i) => i.page === 2)).toHaveLength(11);
    expect(Math.max(...images.map((i) => Math.max(i.width, i.height)))).toBe(500);
  });

  it('stops between assets when aborted, and destroys the output instead of ending it', async () => {
    const controller = new AbortController();
    let loaded = 0;
    const assets = Array.from({ length: 10 }, (_, i) =>
      asset(i + 1, `photo ${i}`, {
        preview: () => {
          loaded += 1;
          return photo(400, 300, 'jpeg');
        },
      }),
    );
    const out = createWriteStream(join(dir, 'aborted.pdf'));
    const done = renderSelectionPdf(base({ assets }), out, {
      signal: controller.signal,
      onProgress: (d) => d === 3 && controller.abort(),
    });
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(loaded).toBe(3);
    expect(out.destroyed).toBe(true);
    expect(out.writableFinished).toBe(false);

    const early = new AbortController();
    early.abort();
    await expect(renderSelectionPdf(base({ assets }), new Writable(), { signal: early.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(loaded).toBe(3);
  });

  it('waits for a slow consumer instead of buffering the document in memory', async () => {
    const picture = await photo(800, 600, 'jpeg');
    let loaded = 0;
    let loadedWhileStalled = 0;
    let stalled = true;
    const held: (() => void)[] = [];
    // An upload that stalls for a second, then takes everything.
    const slow = new Writable({
      highWaterMark: 16 * 1024,
      write(_chunk: Buffer, _enc, callback) {
        if (stalled) held.push(callback);
        else callback();
      },
    });
    setTimeout(() => {
      stalled = false;
      loadedWhileStalled = loaded;
      held.splice(0).forEach((cb) => cb());
    }, 1000);
    const assets = Array.from({ length: 8 }, (_, i) =>
      asset(i + 1, `big ${i}`, {
        preview: async () => {
          loaded += 1;
          return picture;
        },
      }),
    );
    const { pages } = await renderSelectionPdf(base({ assets }), slow);
    expect(pages).toBe(9);
    expect(slow.writableFinished).toBe(true);
    // The first asset's page fills the consumer; nothing more is read until it drains.
    expect(loadedWhileStalled).toBe(1);
    expect(loaded).toBe(8);
  });
});
