// bench/objects: objects and scenes (issue 42 §2) of one photo, as the job reads it: the preview
// the derivatives job made (2048 px WebP), sized to 1,000 px, raw RGB, CenterNet on the analysis
// thread. Prints JSON: the labels found, the first run (model load included) and ms per image
// (p50/p95) and CPU ms per image over the runs after it. Target: ≤ 700 ms per image. The photo is the people sample
// that ships with @vladmandic/human (or --file).
//   npm run objects -w bench -- [--runs 10] [--file photo.jpg]
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { detectHuman, releaseModels } from '../../apps/server/src/analysis/thread.js';
import { configureSharp } from '../../apps/server/src/media/sharp-settings.js';
import { numOpt, stats } from '../lib/common.js';

const runs = numOpt('runs', 10);
const fileArg = process.argv.indexOf('--file');
const require = createRequire(import.meta.url);
const file =
  fileArg > 0
    ? process.argv[fileArg + 1]!
    : join(dirname(require.resolve('@vladmandic/human')), '..', 'assets', 'samples.jpg');

configureSharp();
const preview = await sharp(file).resize(2048, 2048, { fit: 'inside' }).webp({ effort: 2 }).toBuffer();
/** What one job does per image: decode the preview, size it, run the model. */
async function once() {
  const { data, info } = await sharp(preview)
    .resize(1000, 1000, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return detectHuman(data, info.width, info.height, { objects: true, faces: false });
}
try {
  let t0 = performance.now();
  const first = await once();
  const firstMs = performance.now() - t0;
  const ms: number[] = [];
  // CPU time of the process (the analysis thread included): on a shared machine the wall time
  // also counts the waits for a core.
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    t0 = performance.now();
    const c0 = process.cpuUsage();
    await once();
    const c = process.cpuUsage(c0);
    ms.push(performance.now() - t0);
    cpu.push((c.user + c.system) / 1000);
  }
  const best = new Map<string, number>();
  for (const o of first.objects) best.set(o.label, Math.max(best.get(o.label) ?? 0, o.score));
  console.log(
    JSON.stringify(
      {
        file,
        runs,
        labels: Object.fromEntries([...best].map(([k, v]) => [k, Math.round(v * 100) / 100])),
        firstMs: Math.round(firstMs),
        perImage: stats(ms),
        cpuPerImage: stats(cpu),
      },
      null,
      2,
    ),
  );
} finally {
  await releaseModels();
}
