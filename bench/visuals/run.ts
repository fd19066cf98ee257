// bench/visuals: colours and perceptual hash (issue 42 §4) of a 12 MP JPEG (4000×3000, noise over a
// gradient so it decodes like a photo), read as the job reads it — the 2048-px WebP preview the
// derivatives job made — and, for comparison, straight from the original. Prints JSON (ms per
// image, p50/p95). Target: ≤ 100 ms per image.
//   npm run visuals -w bench -- [--runs 20]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { configureSharp } from '../../apps/server/src/media/sharp-settings.js';
import { analyseVisuals } from '../../apps/server/src/media/visuals.js';
import { numOpt, stats } from '../lib/common.js';
import { photoLikeJpeg } from '../lib/photo.js';

const runs = numOpt('runs', 20);

async function time(path: string) {
  await analyseVisuals(path); // warm-up
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const r = await analyseVisuals(path);
    ms.push(performance.now() - t0);
    if (r.state !== 'done') throw new Error(`analysis ${r.state}: ${r.reason}`);
  }
  return stats(ms);
}

configureSharp();
const dir = mkdtempSync(join(tmpdir(), 'bv-visuals-'));
try {
  const original = join(dir, 'photo.jpg');
  const preview = join(dir, 'preview.webp');
  writeFileSync(original, await photoLikeJpeg(4000, 3000));
  await sharp(original).resize(2048, 2048, { fit: 'inside' }).webp({ effort: 2 }).toFile(preview);
  console.log(JSON.stringify({ runs, preview2048: await time(preview), original12mp: await time(original) }, null, 2));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
