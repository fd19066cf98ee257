// bench/documents: documentText (issue 42 §1) on a 50-page text PDF, a 5-page scanned PDF (OCR of
// each page at 2000 px), a docx, a pptx and an xlsx, all made here. Each file is read once to warm
// the analysis thread (and load the OCR model), then `--runs` times; prints ms per file
// (p50/p95), the characters found, and the main thread's longest event-loop stall while the
// thread parsed (the worker's HTTP side must stay responsive).
//   npm run documents -w bench -- [--runs 5] [--only pdf50Text,xlsx10000Rows]
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { docx, pptx, scannedPdf, textPdf, xlsx } from '../../apps/server/src/analysis/documents.fixtures.js';
import { documentText } from '../../apps/server/src/analysis/documents.js';
import { releaseModels } from '../../apps/server/src/analysis/thread.js';
import { numOpt, opt, stats } from '../lib/common.js';

const runs = numOpt('runs', 5);
const only = opt('only', '').split(',').filter(Boolean);

const sentence = (i: number) =>
  `Line ${i}: the spring campaign uses the teal palette, the wide logo and photography of real customers.`;
const rows = Array.from({ length: 10_000 }, (_v, i) => [
  `SKU-${i}`,
  `Poster ${i % 97}`,
  'teal',
  i * 3,
  i % 2 ? 'yes' : 'no',
]);

const files: [string, string, () => Promise<Buffer>][] = [
  ['pdf50Text', 'pdf', () => textPdf(50, (p) => Array.from({ length: 15 }, (_v, i) => sentence(p * 100 + i)))],
  ['pdf5Scanned', 'pdf', () => scannedPdf(5, (p) => [`SPRING CAMPAIGN ${p}`, 'Teal palette', 'Wide logo only'])],
  ['docx200Paragraphs', 'docx', () => docx(Array.from({ length: 200 }, (_v, i) => sentence(i)))],
  [
    'pptx30Slides',
    'pptx',
    () => pptx(Array.from({ length: 30 }, (_v, i) => [`Slide ${i + 1}`, sentence(i), sentence(i + 1)])),
  ],
  ['xlsx10000Rows', 'xlsx', () => xlsx({ Products: [['SKU', 'Name', 'Colour', 'Price', 'Active'], ...rows] })],
];

const dir = mkdtempSync(join(tmpdir(), 'bv-documents-'));
const out: Record<string, unknown> = { runs, loadAverage: loadavg()[0] };
try {
  for (const [name, ext, make] of files) {
    if (only.length && !only.includes(name)) continue;
    const path = join(dir, `${name}.${ext}`);
    writeFileSync(path, await make());
    const first0 = performance.now();
    const warm = await documentText(path, ext);
    const firstMs = Math.round(performance.now() - first0);
    if (warm.state !== 'done') throw new Error(`${name}: ${warm.state}: ${warm.reason}`);
    if (name.startsWith('pdf50') && warm.pages.length !== 50) throw new Error(`${name}: ${warm.pages.length} pages`);
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const ms: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const r = await documentText(path, ext);
      ms.push(performance.now() - t0);
      if (r.state !== 'done') throw new Error(`${name}: ${r.state}: ${r.reason}`);
    }
    loop.disable();
    out[name] = {
      bytes: statSync(path).size,
      pages: warm.pages.length,
      chars: warm.pages.reduce((n, p) => n + p.text.length, 0),
      firstMs,
      ...stats(ms),
      eventLoopMaxStallMs: Math.round(loop.max / 1e6),
    };
    console.error(`${name}: ${JSON.stringify(out[name])}`);
  }
  console.log(JSON.stringify(out, null, 2));
} finally {
  await releaseModels();
  rmSync(dir, { recursive: true, force: true });
}
