// bench/bulkedit: a bulk edit of metadata fields (issue 39 §5) at its limit, 10,000 assets. Starts
// the real server (its in-process worker runs the jobs) on a fresh data dir, makes a brand with a
// select field of 3 options, inserts --assets asset rows into one folder, then times, while
// sampling the server's RSS from /proc:
//   preview POST ops/metadata/bulk/preview of the folder (set the select to an option);
//   apply   POST ops/metadata/bulk, then GET …/bulk/:id until applied (one audit entry per asset);
//   undo    POST ops/metadata/bulk/:id/undo until undone.
// Targets: apply ≤ 30 s, RSS growth ≤ 150 MB. Prints JSON.
//   npm run bulkedit -w bench -- [--assets 10000] [--database-url postgres://…/empty_db] [--keep]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  BENCH_PASSWORD,
  USERS,
  describeDb,
  flag,
  numOpt,
  openBenchDb,
  round,
  signIn,
  startServer,
  target,
} from '../lib/common.js';

const assets = numOpt('assets', 10_000);
const dataDir = mkdtempSync(join(tmpdir(), 'bv-bulkedit-'));
process.env.DATA_DIR = dataDir;
const server = await startServer({ JOBS_IN_SERVER: 'true', WEB_CONCURRENCY: '1' });
const { base } = server;

const rss = () => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
};
/** Runs `work` while sampling the server's RSS every 100 ms: seconds, peak and growth in MiB. */
async function timed<T>(work: () => Promise<T>) {
  const start = rss();
  let peak = start;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 100);
  const t0 = performance.now();
  try {
    const value = await work();
    return {
      value,
      seconds: round((performance.now() - t0) / 1000, 2),
      peak_rss_mib: round(peak, 1),
      rss_growth_mib: round(peak - start, 1),
    };
  } finally {
    clearInterval(sampler);
  }
}

try {
  const admin = await signIn(base, USERS.admin, BENCH_PASSWORD);
  const { 'content-type': _json, ...formHeaders } = admin.headers;
  const call = async (method: string, path: string, body?: unknown) => {
    const r = await fetch(`${base}${path}`, {
      method,
      headers: body instanceof FormData ? formHeaders : admin.headers,
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return r.json() as Promise<Record<string, unknown>>;
  };
  const tag = Date.now().toString(36);
  const fd = new FormData();
  fd.append('name', `Bulk ${tag}`);
  fd.append('slug', `bulk-${tag}`);
  const brand = ((await call('POST', '/api/ops/brand/create', fd)) as { brand: { id: number; root_folder_id: number } })
    .brand;
  const folder = (
    (await call('POST', '/api/ops/folder/new', {
      brand_id: brand.id,
      parent_id: brand.root_folder_id,
      name: 'Catalogue',
      visibility: 'PUBLIC',
    })) as { folder: { id: number } }
  ).folder.id;
  const vocabulary = (await call('POST', `/api/ops/brand/${brand.id}/metadata/vocabularies`, {
    name: 'Seasons',
    kind: 'list',
  })) as { id: number };
  const options: number[] = [];
  for (const label_en of ['Spring', 'Summer', 'Autumn'])
    options.push(
      ((await call('POST', `/api/ops/metadata/vocabulary/${vocabulary.id}/options`, { label_en })) as { id: number })
        .id,
    );
  await call('POST', `/api/ops/brand/${brand.id}/metadata/fields`, {
    key: 'season',
    type: 'select',
    label_en: 'Season',
    label_es: 'Temporada',
    vocabulary_id: vocabulary.id,
  });

  const { handle } = await openBenchDb();
  const at = new Date().toISOString();
  const seeded = performance.now();
  for (let i = 0; i < assets; i += 500) {
    const rows = Array.from({ length: Math.min(500, assets - i) }, (_, j) => {
      const n = String(i + j).padStart(6, '0');
      return {
        brand_id: brand.id,
        folder_id: folder,
        name: `product-${n}.jpg`,
        ext: 'jpg',
        mime: 'image/jpeg',
        type: 'image',
        size: 1_000_000,
        sha256: `${tag}${n}`.padEnd(64, '0'),
        blob_key: `bench/${tag}/${n}`,
        keywords: '[]',
        categories: '[]',
        visibility: 'PUBLIC',
        status: 'ACTIVE',
        name_locked: 0,
        derivatives: 'none',
        derivative_rev: 0,
        current_version: 1,
        created_at: at,
        updated_at: at,
      };
    });
    await handle.db
      .insertInto('assets')
      .values(rows as never)
      .execute();
  }
  await handle.close();
  const seedSecs = (performance.now() - seeded) / 1000;

  const body = { target: { folder: { id: folder } }, ops: { season: { op: 'set', value: options[1] } } };
  const until = async (id: number, done: string) => {
    for (;;) {
      const e = (await call('GET', `/api/ops/metadata/bulk/${id}`)) as { status: string };
      if (e.status === 'failed') throw new Error('bulk edit failed');
      if (e.status === done) return e;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const previewed = await timed(() => call('POST', '/api/ops/metadata/bulk/preview', body));
  const applied = await timed(async () => {
    const e = (await call('POST', '/api/ops/metadata/bulk', body)) as { id: number };
    return until(e.id, 'applied');
  });
  const undone = await timed(async () => {
    const id = (applied.value as unknown as { id: number }).id;
    await call('POST', `/api/ops/metadata/bulk/${id}/undo`);
    return until(id, 'undone');
  });

  const { databaseUrl } = target();
  console.log(
    JSON.stringify(
      {
        bench: 'bulkedit',
        database: describeDb(databaseUrl, dataDir),
        assets,
        seed_s: round(seedSecs, 1),
        preview: { seconds: previewed.seconds, rss_growth_mib: previewed.rss_growth_mib, counts: previewed.value },
        apply: {
          seconds: applied.seconds,
          peak_rss_mib: applied.peak_rss_mib,
          rss_growth_mib: applied.rss_growth_mib,
          changed: (applied.value as unknown as { changed: number }).changed,
        },
        undo: { seconds: undone.seconds, rss_growth_mib: undone.rss_growth_mib },
        targets: { apply_s: 30, rss_growth_mib: 150 },
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
  if (!flag('keep')) rmSync(dataDir, { recursive: true, force: true });
}
