// bench/zip: a zip download (issue 25 §1) of ~1 GB in ~500 files against Info-ZIP's `zip -0 -r`
// of the same files on the same disk, in one run. Starts the real server (its in-process worker
// builds the zip) on a fresh SQLite data dir, makes a brand and a folder through the API, then
// writes --files originals of --mb MiB of random bytes (incompressible, like photos and video)
// into the server's blob store with their asset rows, as an import would. Times queue → ready
// (POST ops/asset/download/get/queue, then the job) while sampling the server's RSS, and times
// `zip -0 -r -q` over the same blob directory. Prints JSON. Targets: ≥ 80 % of zip's throughput,
// RSS growth under 100 MB. `--files 5000 --mb 2` makes the 10 GB (zip64) run.
//   npm run zip -w bench -- [--files 500] [--mb 2] [--keep]
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { LocalBlobStore, newBlobKey } from '../../apps/server/src/storage/index.js';
import { BENCH_PASSWORD, USERS, flag, numOpt, openBenchDb, round, signIn, startServer } from '../lib/common.js';

const files = numOpt('files', 500);
const mb = numOpt('mb', 2);
const dataDir = mkdtempSync(join(tmpdir(), 'bv-zip-'));
process.env.DATA_DIR = dataDir;
const server = await startServer({ JOBS_IN_SERVER: 'true', WEB_CONCURRENCY: '1' });
const base = server.base;

/** The server's resident memory, in MiB, from /proc. */
const rss = () => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
};

try {
  const admin = await signIn(base, USERS.admin, BENCH_PASSWORD);
  const post = async (path: string, body: unknown) => {
    const r = await fetch(`${base}${path}`, { method: 'POST', headers: admin.headers, body: JSON.stringify(body) });
    if (!r.ok) throw new Error(`POST ${path}: ${r.status} ${await r.text()}`);
    return (await r.json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const tag = Date.now().toString(36);
  const fd = new FormData();
  fd.append('name', `Zip ${tag}`);
  fd.append('slug', `zip-${tag}`);
  const { 'content-type': _json, ...formHeaders } = admin.headers;
  const made = await fetch(`${base}/api/ops/brand/create`, { method: 'POST', headers: formHeaders, body: fd });
  const brand = ((await made.json()) as { brand: { id: number; root_folder_id: number } }).brand;
  const folder = (
    await post('/api/ops/folder/new', {
      brand_id: brand.id,
      parent_id: brand.root_folder_id,
      name: 'Shoot',
      visibility: 'PUBLIC',
    })
  ).folder.id as number;

  // Originals straight into the blob store, with their rows: an import without derivatives.
  const { handle } = await openBenchDb();
  const storage = new LocalBlobStore(join(dataDir, 'blobs'));
  const now = new Date().toISOString();
  const written = performance.now();
  for (let i = 0; i < files; i++) {
    const key = newBlobKey('originals');
    await storage.put(key, randomBytes(mb * 1024 * 1024));
    await handle.db
      .insertInto('assets')
      .values({
        brand_id: brand.id,
        folder_id: folder,
        name: `photo-${String(i).padStart(5, '0')}.jpg`,
        ext: 'jpg',
        mime: 'image/jpeg',
        type: 'image',
        size: mb * 1024 * 1024,
        sha256: randomUUID().replaceAll('-', '').repeat(2),
        blob_key: key,
        keywords: '[]',
        categories: '[]',
        visibility: 'PUBLIC',
        status: 'ACTIVE',
        name_locked: 0,
        derivatives: 'none',
        derivative_rev: 0,
        current_version: 1,
        created_at: now,
        updated_at: now,
      } as never)
      .execute();
  }
  await handle.close();
  const bytes = files * mb * 1024 * 1024;
  const seedSecs = (performance.now() - written) / 1000;
  execFileSync('sync');

  // Ours: queue → ready, sampling the server's memory.
  const before = rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 100);
  const t0 = performance.now();
  const q = await post('/api/ops/asset/download/get/queue', { folder_ids: [folder], format: 'zip' });
  let d: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  for (;;) {
    d = (await (
      await fetch(`${base}/api/ops/asset/download/${q.download.id}`, { headers: admin.headers })
    ).json()) as never;
    if (d.state !== 'preparing') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const oursSecs = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  if (d.state !== 'ready') throw new Error(`download ${d.state}: ${d.error}`);
  const archive = join(dataDir, 'blobs', 'downloads', String(q.download.id), 'file');
  const tested = execFileSync('unzip', ['-tq', archive], { encoding: 'utf8', maxBuffer: 1 << 26 }).trim();
  execFileSync('sync');

  // Info-ZIP over the same files, on the same disk.
  const theirs = join(dataDir, 'infozip.zip');
  const t1 = performance.now();
  execFileSync('zip', ['-0', '-r', '-q', theirs, 'originals'], { cwd: join(dataDir, 'blobs') });
  execFileSync('sync');
  const zipSecs = (performance.now() - t1) / 1000;

  const mbps = (secs: number) => round(bytes / 1024 / 1024 / secs, 1);
  console.log(
    JSON.stringify(
      {
        bench: 'zip',
        files,
        bytes,
        seed_s: round(seedSecs, 1),
        ours: {
          seconds: round(oursSecs, 2),
          mib_per_s: mbps(oursSecs),
          archive_bytes: statSync(archive).size,
          unzip_t: tested,
        },
        infozip: { seconds: round(zipSecs, 2), mib_per_s: mbps(zipSecs), archive_bytes: statSync(theirs).size },
        throughput_vs_infozip: round(zipSecs / oursSecs, 3),
        server_rss_mib: { before: round(before, 1), peak: round(peak, 1), growth: round(peak - before, 1) },
        targets: { throughput_vs_infozip: 0.8, rss_growth_mib: 100 },
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
  if (!flag('keep')) rmSync(dataDir, { recursive: true, force: true });
}
