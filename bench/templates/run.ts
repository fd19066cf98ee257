// bench/templates: spreadsheet templates (issue 28) at their limit, 50,000 assets. Starts the real
// server (its in-process worker runs the jobs) on a fresh data dir, inserts --assets asset rows into
// one folder, then times, while sampling the server's RSS from /proc:
//   export  POST ops/report/get/asset/template of the folder (the xlsx answered directly);
//   preview the edited sheet uploaded (POST ops/report/update/asset/template) until its preview is ready;
//   apply   POST ops/report/import/:id/apply until applied (one audit entry per changed asset).
// Every row's description and keywords are changed, so all --assets rows are written. Prints JSON.
// Targets: export < 20 s, preview < 30 s, apply < 60 s, server RSS < 400 MB.
//   npm run templates -w bench -- [--assets 50000] [--database-url postgres://…/empty_db] [--keep]
import ExcelJS from 'exceljs';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
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

const assets = numOpt('assets', 50_000);
const dataDir = mkdtempSync(join(tmpdir(), 'bv-templates-'));
process.env.DATA_DIR = dataDir;
const server = await startServer({ JOBS_IN_SERVER: 'true', WEB_CONCURRENCY: '1' });
const { base } = server;
const loadAtStart = loadavg().map((n) => round(n, 1));

/** The server's resident memory in MiB: all of it, and its anonymous and file-backed parts. */
const memory = () => {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: kb('VmRSS'), anon: kb('RssAnon'), file: kb('RssFile') };
};
const rss = () => memory().rss;
/**
 * The resident part of the SQLite file's memory map, in MiB (/proc/<pid>/smaps): how much of the
 * file-backed part is the database rather than the node binary and its libraries; 0 on PostgreSQL.
 */
const dbMapped = () => {
  let kb = 0;
  let inDb = false;
  for (const line of readFileSync(`/proc/${server.pid}/smaps`, 'utf8').split('\n')) {
    if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) inDb = line.endsWith('/brandvault.sqlite');
    else if (inDb && line.startsWith('Rss:')) kb += Number(/\d+/.exec(line)![0]);
  }
  return kb / 1024;
};
/**
 * Runs `work` while sampling the server's RSS every 100 ms: seconds, peak MiB, and at that peak
 * the anonymous part (the heaps, SQLite's page cache) and the file-backed part (the binary and
 * SQLite's memory-mapped database file, pages the kernel shares and may reclaim), and of the
 * latter the database's own pages (smaps is read at each new peak only: it costs more).
 */
async function timed<T>(work: () => Promise<T>) {
  let peak = { ...memory(), db: dbMapped() };
  const sampler = setInterval(() => {
    const now = memory();
    if (now.rss > peak.rss) peak = { ...now, db: dbMapped() };
  }, 100);
  const t0 = performance.now();
  try {
    const value = await work();
    return {
      value,
      seconds: round((performance.now() - t0) / 1000, 2),
      peak_rss_mib: round(peak.rss, 1),
      at_peak: { anon_mib: round(peak.anon, 1), file_mib: round(peak.file, 1), db_map_mib: round(peak.db, 1) },
      load_1min: round(loadavg()[0]!, 1),
    };
  } finally {
    clearInterval(sampler);
  }
}

try {
  const admin = await signIn(base, USERS.admin, BENCH_PASSWORD);
  const idle = rss();
  const { 'content-type': _json, ...formHeaders } = admin.headers;
  const call = async (method: string, path: string, body?: unknown) => {
    const init = {
      method,
      headers: body instanceof FormData ? formHeaders : admin.headers,
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    };
    // A poll may reuse a kept-alive socket just as the server closes it (seen on a loaded machine): once more.
    const r = await fetch(`${base}${path}`, init).catch((err: Error & { cause?: { code?: string } }) => {
      if (method !== 'GET' || !['UND_ERR_SOCKET', 'ECONNRESET'].includes(err.cause?.code ?? '')) throw err;
      return fetch(`${base}${path}`, init);
    });
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return r;
  };
  const tag = Date.now().toString(36);
  const fd = new FormData();
  fd.append('name', `Templates ${tag}`);
  fd.append('slug', `templates-${tag}`);
  const brand = (
    (await (await call('POST', '/api/ops/brand/create', fd)).json()) as {
      brand: { id: number; root_folder_id: number };
    }
  ).brand;
  const folder = (
    (await (
      await call('POST', '/api/ops/folder/new', {
        brand_id: brand.id,
        parent_id: brand.root_folder_id,
        name: 'Catalogue',
        visibility: 'PUBLIC',
      })
    ).json()) as { folder: { id: number } }
  ).folder.id;

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
        width: 4000,
        height: 3000,
        description: `Product shot ${n}`,
        keywords: JSON.stringify(['product', 'catalogue']),
        // Categories are the brand's own list: none, so every row's edit is accepted.
        categories: '[]',
        // The brand has no visual languages of its own either.
        language: null,
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

  const exported = await timed(async () => {
    const r = await call('POST', '/api/ops/report/get/asset/template', { folder_ids: [folder] });
    return Buffer.from(await r.arrayBuffer());
  });

  // The edit a brand team makes: every row's description and keywords (not timed).
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(exported.value as unknown as ArrayBuffer);
  const ws = wb.getWorksheet('Assets')!;
  for (let r = 2; r <= ws.rowCount; r++) {
    ws.getCell(r, 8).value = `Edited product shot ${r}`;
    ws.getCell(r, 9).value = 'product; catalogue; summer';
  }
  const edited = Buffer.from(await wb.xlsx.writeBuffer());

  const importOf = async (id: number) =>
    (await (await call('GET', `/api/ops/report/import/${id}`)).json()) as {
      state: string;
      error: string | null;
      counts: unknown;
      result: unknown;
    };
  const until = async (id: number, done: (s: string) => boolean) => {
    for (;;) {
      const i = await importOf(id);
      if (i.state === 'failed') throw new Error(`import failed: ${i.error}`);
      if (done(i.state)) return i;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const previewed = await timed(async () => {
    const form = new FormData();
    form.append('template', new Blob([edited]), 'catalogue.xlsx');
    const up = (await (await call('POST', '/api/ops/report/update/asset/template', form)).json()) as {
      import: { id: number };
    };
    return until(up.import.id, (s) => s === 'ready').then((i) => ({ id: up.import.id, ...i }));
  });
  // A preview that refuses rows would make the apply a bench of nothing: say why and stop.
  const counts = previewed.value.counts as { refused?: number } | null;
  if (counts?.refused) {
    const rows = await (await call('GET', `/api/ops/report/import/${previewed.value.id}/rows?per_page=3`)).json();
    throw new Error(`the preview refused ${counts.refused} rows: ${JSON.stringify(rows).slice(0, 1500)}`);
  }
  const applied = await timed(async () => {
    await call('POST', `/api/ops/report/import/${previewed.value.id}/apply`, {});
    return until(previewed.value.id, (s) => s === 'applied');
  });

  const { databaseUrl } = target();
  console.log(
    JSON.stringify(
      {
        bench: 'templates',
        database: describeDb(databaseUrl, dataDir),
        server: process.env.BENCH_SERVER_COMPILED ? 'compiled' : 'tsx',
        server_node_args: process.env.BENCH_SERVER_NODE_ARGS ?? '',
        idle_rss_mib: round(idle, 1),
        load_average: { start: loadAtStart, end: loadavg().map((n) => round(n, 1)) },
        assets,
        seed_s: round(seedSecs, 1),
        export: {
          seconds: exported.seconds,
          peak_rss_mib: exported.peak_rss_mib,
          at_peak: exported.at_peak,
          load_1min: exported.load_1min,
          xlsx_bytes: exported.value.length,
        },
        preview: {
          seconds: previewed.seconds,
          peak_rss_mib: previewed.peak_rss_mib,
          at_peak: previewed.at_peak,
          load_1min: previewed.load_1min,
          upload_bytes: edited.length,
          counts: previewed.value.counts,
        },
        apply: {
          seconds: applied.seconds,
          peak_rss_mib: applied.peak_rss_mib,
          at_peak: applied.at_peak,
          load_1min: applied.load_1min,
          result: applied.value.result,
        },
        targets: { export_s: 20, preview_s: 30, apply_s: 60, rss_mib: 400 },
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
  if (!flag('keep')) rmSync(dataDir, { recursive: true, force: true });
}
