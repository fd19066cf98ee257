// bench/pdf: the selection PDF (issue 25 §2) of --count photos, one asset per page and as a
// contact sheet. The photos (3000×2000 JPEGs: noise over a gradient, a different hue each) are
// made once into a temp dir and kept for later runs. Each layout renders in its own child process
// through renderSelectionPdf, every preview read from disk as the storage would hand it over, and
// is timed from the call to the last byte on disk; RSS is sampled every 20 ms, and its growth is
// the peak over the child's RSS just before rendering (also after the first half of the assets:
// memory that stays flat grows no further in the second half). Prints JSON.
//   npm run pdf -w bench -- [--count 200] [--width 3000] [--height 2000] [--images DIR]
import { execFile, spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { renderSelectionPdf } from '../../apps/server/src/modules/downloads/pdf/index.js';
import type { PdfAsset } from '../../apps/server/src/modules/downloads/pdf/index.js';
import { flag, numOpt, opt, round } from '../lib/common.js';
import { photoLikeJpeg } from '../lib/photo.js';

const COUNT = numOpt('count', 200);
const W = numOpt('width', 3000);
const H = numOpt('height', 2000);
const IMAGES = opt('images', join(tmpdir(), `bv-bench-pdf-${W}x${H}`));
const MB = 1024 * 1024;
const imagePath = (i: number) => join(IMAGES, `photo-${String(i).padStart(4, '0')}.jpg`);

async function makeImages(): Promise<{ made: number; ms: number }> {
  await mkdir(IMAGES, { recursive: true });
  const missing = Array.from({ length: COUNT }, (_, i) => i).filter((i) => !existsSync(imagePath(i)));
  const started = performance.now();
  if (missing.length) {
    const base = await photoLikeJpeg(W, H);
    // Two at a time, one per core.
    const queue = [...missing];
    const work = async () => {
      for (let i = queue.shift(); i !== undefined; i = queue.shift())
        await sharp(base)
          .modulate({ hue: (i * 37) % 360 })
          .jpeg({ quality: 88 })
          .toFile(imagePath(i));
    };
    await Promise.all([work(), work()]);
  }
  return { made: missing.length, ms: Math.round(performance.now() - started) };
}

/** The child: renders one layout and prints one JSON line. */
async function renderOne(layout: 'pages' | 'sheet') {
  const out = await mkdtemp(join(tmpdir(), 'bv-bench-pdf-out-'));
  const path = join(out, `${layout}.pdf`);
  const assets: PdfAsset[] = Array.from({ length: COUNT }, (_, i) => ({
    id: i + 1,
    name: `Photo ${i + 1} — Café déjà vu, Москва`,
    description: 'A bench photo: noise over a gradient, a different hue each.',
    keywords: ['bench', 'summer', 'verano'],
    mime: 'image/jpeg',
    extension: 'jpg',
    size: 1_800_000 + i,
    width: W,
    height: H,
    author: 'Zoë Ñúñez',
    preview: () => readFile(imagePath(i)),
  }));
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  let halfway = 0;
  const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
  const timer = setInterval(sample, 20);
  const started = performance.now();
  const { pages } = await renderSelectionPdf(
    {
      brand: { name: 'Bench Ñandú' },
      requester: { name: 'Ana Pérez', email: 'ana@example.com' },
      createdAt: new Date(),
      lang: 'en',
      layout,
      assets,
    },
    createWriteStream(path),
    {
      onProgress: (done) => {
        sample();
        if (done === Math.ceil(COUNT / 2)) halfway = peak;
      },
    },
  );
  const ms = performance.now() - started;
  clearInterval(timer);
  const { stdout } = await promisify(execFile)('pdfinfo', [path]);
  const checked = Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1]);
  if (checked !== pages) throw new Error(`pdfinfo counts ${checked} pages, the renderer ${pages}`);
  const bytes = (await stat(path)).size;
  await rm(out, { recursive: true, force: true });
  console.log(
    JSON.stringify({
      layout,
      pages,
      seconds: round(ms / 1000),
      ms_per_asset: round(ms / COUNT, 1),
      pdf_mb: round(bytes / MB, 1),
      rss_before_mb: round(before / MB, 1),
      rss_peak_mb: round(peak / MB, 1),
      rss_growth_mb: round((peak - before) / MB, 1),
      rss_growth_first_half_mb: round((halfway - before) / MB, 1),
    }),
  );
}

function child(layout: string): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const args = [...process.execArgv, '--expose-gc', process.argv[1]!, '--child', '--layout', layout];
    const p = spawn(
      process.execPath,
      [...args, '--count', String(COUNT), '--width', String(W), '--height', String(H), '--images', IMAGES],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let text = '';
    p.stdout.on('data', (d: Buffer) => (text += d));
    p.on('error', reject);
    p.on('close', (code) => {
      const line = text.trim().split('\n').pop() ?? '';
      if (code === 0 && line.startsWith('{')) resolve(JSON.parse(line) as Record<string, unknown>);
      else reject(new Error(`${layout} child exited with ${code}: ${text}`));
    });
  });
}

if (flag('child')) {
  await renderOne(opt('layout', 'pages') === 'sheet' ? 'sheet' : 'pages');
} else {
  const images = await makeImages();
  const results = [];
  for (const layout of ['pages', 'sheet']) results.push(await child(layout));
  console.log(
    JSON.stringify(
      {
        bench: 'pdf',
        assets: COUNT,
        source: { width: W, height: H, format: 'jpeg', dir: IMAGES, made_now: images.made, made_ms: images.ms },
        preview_px: { pages: 1600, sheet: 500 },
        results,
      },
      null,
      2,
    ),
  );
}
