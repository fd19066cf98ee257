// bench/guidelines pdf: the guidelines PDF (issue 45) of --pages pages, each of --blocks blocks
// (text, palettes, do/don't pairs, image and asset blocks) over --assets distinct 1600×1200 JPEG
// previews, rendered through renderGuidelinesPdf into a file as the job renders it into storage.
// Timed from the call to the last byte on disk; RSS sampled every 20 ms, its growth the peak over
// the RSS just before rendering. Limits (issue 45): 20 s and 200 MB for 30 pages. Prints JSON.
//   npm run guidelines-pdf -w bench -- [--pages 30] [--blocks 40] [--assets 100]
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import type { GuidelineBlock } from '@brandvault/contract';
import { renderGuidelinesPdf } from '../../apps/server/src/modules/guidelinePdf/render/renderGuidelinesPdf.js';
import type { GuidelinePdfAsset, GuidelinePdfPage } from '../../apps/server/src/modules/guidelinePdf/render/types.js';
import { numOpt, round } from '../lib/common.js';
import { photoLikeJpeg } from '../lib/photo.js';

const PAGES = numOpt('pages', 30);
const BLOCKS = numOpt('blocks', 40);
const ASSETS = numOpt('assets', 100);
const MB = 1024 * 1024;
const LIMIT_MS = 20_000;
const LIMIT_MB = 200;

// The previews as the storage holds them: one photo-like picture, a different hue per asset.
const base = await photoLikeJpeg(1600, 1200);
const previews: Buffer[] = [];
for (let i = 0; i < ASSETS; i++)
  previews.push(
    await sharp(base)
      .modulate({ hue: (i * 37) % 360 })
      .webp()
      .toBuffer(),
  );
const assets = new Map<number, GuidelinePdfAsset>(
  previews.map((p, i) => [i + 1, { available: true, name: `asset-${i + 1}.jpg`, preview: async () => p }]),
);

const words = 'Keep clear space around the logo equal to the height of the mark; never stretch, tint or rotate it.';
function blockAt(page: number, i: number): GuidelineBlock {
  const id = `b${i}`;
  const asset = ((page * BLOCKS + i) % ASSETS) + 1;
  switch (i % 8) {
    case 0:
      return {
        id,
        type: 'text',
        nodes: [
          { type: 'heading', level: 2, spans: [{ text: `Rule ${i}` }] },
          { type: 'paragraph', spans: [{ text: words }, { text: ' Café déjà vu.', bold: true }] },
        ],
      };
    case 1:
      return { id, type: 'image', asset_id: asset, caption: 'Primary lockup' };
    case 2:
      return {
        id,
        type: 'palette',
        title: 'Colours',
        colours: ['#D81E05', '#1C7ED6', '#2B8A3E', '#F08C00'].map((hex, k) => ({
          name: `Colour ${k}`,
          hex,
          rgb: [10, 20, 30] as [number, number, number],
        })),
      };
    case 3:
      return {
        id,
        type: 'assets',
        asset_ids: [asset, (asset % ASSETS) + 1, ((asset + 1) % ASSETS) + 1],
        downloads: ['original'],
      };
    case 4:
      return {
        id,
        type: 'dodont',
        pairs: [
          {
            do: { asset_id: asset, caption: 'On white' },
            dont: { asset_id: (asset % ASSETS) + 1, caption: 'Stretched' },
          },
        ],
      };
    case 5:
      return { id, type: 'callout', tone: 'warning', text: words };
    case 6:
      return { id, type: 'typography', font_name: 'Inter', weights: [400, 700], sample: 'The quick brown fox' };
    default:
      return { id, type: 'divider' };
  }
}
const pages: GuidelinePdfPage[] = Array.from({ length: PAGES }, (_, p) => ({
  path: p % 5 === 0 ? [] : ['Chapter'],
  title: `Page ${p + 1}`,
  blocks: Array.from({ length: BLOCKS }, (_, i) => blockAt(p, i)),
  assets,
}));

const dir = await mkdtemp(join(tmpdir(), 'bv-bench-guidelines-'));
const path = join(dir, 'guidelines.pdf');
global.gc?.();
const before = process.memoryUsage().rss;
let peak = before;
const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
const started = performance.now();
const { pages: pdfPages } = await renderGuidelinesPdf(
  { brand: 'Bench Co', lang: 'en', createdAt: new Date(), pages },
  createWriteStream(path),
);
const ms = Math.round(performance.now() - started);
clearInterval(timer);
peak = Math.max(peak, process.memoryUsage().rss);
const size = (await stat(path)).size;
await rm(dir, { recursive: true, force: true });
const growth = (peak - before) / MB;
console.log(
  JSON.stringify(
    {
      bench: 'guidelines-pdf',
      pages: PAGES,
      blocks_per_page: BLOCKS,
      assets: ASSETS,
      pdf_pages: pdfPages,
      pdf_mb: round(size / MB, 1),
      ms,
      limit_ms: LIMIT_MS,
      rss_growth_mb: round(growth, 1),
      limit_rss_growth_mb: LIMIT_MB,
      within_limits: ms <= LIMIT_MS && growth <= LIMIT_MB,
    },
    null,
    2,
  ),
);
