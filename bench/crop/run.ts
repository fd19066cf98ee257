// bench/crop: a custom cropped download (issue 25 §3) of a 24 MP JPEG to 1080×1350 WebP.
// Starts the real server on a fresh SQLite data dir (or DATABASE_URL / --data-dir), makes a
// brand, uploads a 6000×4000 JPEG made with sharp (noise over a gradient, so it decodes like a
// photo rather than a flat fill), then requests --crops crops of its middle 4:5 rectangle, one at
// a time, through GET /api/ops/asset/:id/crop with the bearer token, as the web client does.
// Each is timed from the request to the last byte. Prints JSON (p50/p95/p99 in ms). Target: p50
// under 400 ms.
//   npm run crop -w bench -- [--crops 30] [--warmup 2] [--format webp] [--base URL]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { BENCH_PASSWORD, USERS, numOpt, opt, signIn, startServer, stats } from '../lib/common.js';
import { photoLikeJpeg } from '../lib/photo.js';
import type { Server, Session } from '../lib/common.js';

const count = numOpt('crops', 30);
const warmup = numOpt('warmup', 2);
const format = opt('format', 'webp');
const given = opt('base', '');

let server: Server | null = null;
let fresh: string | null = null;
if (!given) {
  if (!process.env.DATA_DIR && !process.argv.includes('--data-dir') && !process.env.DATABASE_URL)
    process.env.DATA_DIR = fresh = mkdtempSync(join(tmpdir(), 'bv-crop-'));
  server = await startServer({ JOBS_IN_SERVER: 'true', WEB_CONCURRENCY: '1' });
}
const base = given || server!.base;

async function form(s: Session, path: string, fd: FormData) {
  const { 'content-type': _json, ...headers } = s.headers;
  const res = await fetch(`${base}${path}`, { method: 'POST', headers, body: fd });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

try {
  const admin = await signIn(base, USERS.admin, process.env.ADMIN_PASSWORD || BENCH_PASSWORD);
  const tag = Date.now().toString(36);
  const brandForm = new FormData();
  brandForm.append('name', `Crop ${tag}`);
  brandForm.append('slug', `crop-${tag}`);
  const brand = (await form(admin, '/api/ops/brand/create', brandForm)).brand as { id: number; root_folder_id: number };

  const [W, H] = [6000, 4000];
  const made = performance.now();
  const jpeg = await photoLikeJpeg(W, H);
  const makeMs = performance.now() - made;
  const upload = new FormData();
  upload.append('files', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `photo-${tag}.jpg`);
  const uploaded = await form(admin, `/api/ops/asset/${brand.id}/${brand.root_folder_id}/new`, upload);
  const assetId = uploaded.results[0].asset_id as number;

  // The middle 4:5 rectangle, full height: 3200×4000 source pixels to 1080×1350.
  const w = (H * 4) / 5 / W;
  const query = new URLSearchParams({
    x: String((1 - w) / 2),
    y: '0',
    w: String(w),
    h: '1',
    width: '1080',
    height: '1350',
    format,
    quality: '85',
  });
  const url = `${base}/api/ops/asset/${assetId}/crop?${query}`;
  const headers = { authorization: `Bearer ${admin.token}` };
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < warmup + count; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    const body = Buffer.from(await res.arrayBuffer());
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`crop: ${res.status} ${body.toString().slice(0, 300)}`);
    if (i === 0) {
      const m = await sharp(body).metadata();
      if (m.width !== 1080 || m.height !== 1350) throw new Error(`crop answered ${m.width}×${m.height}`);
    }
    if (i >= warmup) times.push(ms);
    bytes = body.length;
  }
  console.log(
    JSON.stringify(
      {
        bench: 'crop',
        server: given ? base : { processes: 1, data: fresh ? 'fresh SQLite' : 'DATA_DIR / DATABASE_URL' },
        source: {
          width: W,
          height: H,
          megapixels: (W * H) / 1e6,
          jpeg_bytes: jpeg.length,
          made_ms: Math.round(makeMs),
        },
        output: { width: 1080, height: 1350, format, quality: 85, bytes },
        crops: count,
        warmup,
        ms: stats(times),
        target_p50_ms: 400,
      },
      null,
      2,
    ),
  );
} finally {
  await server?.stop();
  if (fresh) rmSync(fresh, { recursive: true, force: true });
}
