// bench/analysis speed and memory (issue 42): OCR of a 12 MP photo with text (the original JPEG
// and its 2048-px WebP preview), objects and faces on ~1,000-px RGB as the jobs send it, colours
// and hash from the preview, and the RSS with every model loaded. The timing runs in a child
// process under plain `node` on the compiled server (built first), so no tsx memory is counted.
// Each figure is printed with its ratio to the limit and the load average around it.
//   npm run analysis -w bench [-- --runs 7]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Region } from 'sharp';
import { numOpt, round } from '../lib/common.js';
import { photoLikeJpeg } from '../lib/photo.js';

const runs = numOpt('runs', 7);
const root = fileURLToPath(new URL('../..', import.meta.url));
const humanAssets = join(dirname(createRequire(import.meta.url).resolve('@vladmandic/human')), '..', 'assets');
const font = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/** A 4000×3000 photo-like JPEG with three lines of poster text at 160, 110 and 70 px. */
async function photoWithText(): Promise<Buffer> {
  const text = await sharp({
    text: {
      text: '<span foreground="#ffffff">Summer Sale 30% off\nRebajas de verano\nwww.example.com · 555 0134</span>',
      font: 'DejaVu Sans Bold 130',
      fontfile: font,
      dpi: 72,
      rgba: true,
      spacing: 40,
    },
  })
    .png()
    .toBuffer();
  return sharp(await photoLikeJpeg(4000, 3000))
    .composite([{ input: text, top: 900, left: 500 }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** Raw RGB at most 1,000 px on the long side, as the analysis jobs send it to the thread. */
async function raw(dir: string, name: string, input: string | Buffer, region?: Region) {
  let img = sharp(input);
  if (region) img = img.extract(region);
  const { data, info } = await img
    .resize(1000, 1000, { fit: 'inside' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const file = join(dir, `${name}.rgb`);
  writeFileSync(file, data);
  return { file, width: info.width, height: info.height };
}

const LIMITS_MS = { ocr: 2000, objects: 700, faces: 1000, colours: 100 };
const RSS_LIMIT_MB = 1200;

const dir = mkdtempSync(join(tmpdir(), 'bv-analysis-'));
try {
  execFileSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: root, stdio: 'ignore' });
  const photo12 = join(dir, 'photo12.jpg');
  const preview = join(dir, 'preview.webp');
  writeFileSync(photo12, await photoWithText());
  // The derivatives job's preview, which the visuals job reads: 2048 px, WebP.
  await sharp(photo12).resize(2048, 2048, { fit: 'inside' }).webp({ effort: 2 }).toFile(preview);
  // A smaller copy, to show what a job that sizes the input down further would pay.
  const photo1280 = join(dir, 'photo1280.jpg');
  await sharp(photo12).resize(1280, 1280, { fit: 'inside' }).jpeg({ quality: 88 }).toFile(photo1280);
  const input = {
    runs,
    photo12,
    preview,
    photo1280,
    // The package's group photo (14 people) and one portrait, enlarged to 1,000 px as a job would
    // send a larger original: the models' cost depends on the pixels they get and the faces found.
    party: await raw(dir, 'party', join(humanAssets, 'samples.jpg'), { left: 0, top: 195, width: 1280, height: 963 }),
    portrait: await raw(dir, 'portrait', join(humanAssets, 'screenshot-facedetect.jpg'), {
      left: 7,
      top: 345,
      width: 151,
      height: 152,
    }),
  };
  writeFileSync(join(dir, 'input.json'), JSON.stringify(input));
  const loadBefore = loadavg().map((l) => round(l));
  const out = JSON.parse(
    execFileSync(process.execPath, [fileURLToPath(new URL('./probe.mjs', import.meta.url)), join(dir, 'input.json')], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  ) as Record<string, { median: number; p95: number } & Record<string, unknown>> & Record<string, number>;
  const ratio = (v: number, limit: number) => round(v / limit, 2);
  const against = (key: string, limit: number) => ({
    median_ratio: ratio(out[key]!.median, limit),
    p95_ratio: ratio(out[key]!.p95, limit),
  });
  console.log(
    JSON.stringify(
      {
        runs,
        load_average_before: loadBefore,
        load_average_after: loadavg().map((l) => round(l)),
        limits: { ...LIMITS_MS, rss_mb: RSS_LIMIT_MB },
        ratios: {
          ocr_12mp_jpeg: against('ocr_12mp_jpeg', LIMITS_MS.ocr),
          ocr_preview_2048_webp: against('ocr_preview_2048_webp', LIMITS_MS.ocr),
          ocr_1280px_jpeg: against('ocr_1280px_jpeg', LIMITS_MS.ocr),
          objects_party_1000px: against('objects_party_1000px', LIMITS_MS.objects),
          faces_party_1000px: against('faces_party_1000px', LIMITS_MS.faces),
          faces_one_face_1000px: against('faces_one_face_1000px', LIMITS_MS.faces),
          colours_hash_preview_2048: against('colours_hash_preview_2048', LIMITS_MS.colours),
          rss_models_loaded: ratio(out.rss_models_loaded_mb!, RSS_LIMIT_MB),
          rss_peak: ratio(out.rss_peak_mb!, RSS_LIMIT_MB),
        },
        measured: out,
      },
      null,
      2,
    ),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
