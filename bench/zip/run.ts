// bench/zip: a zip download (issue 25 §1, issue 43 §5) of ~1 GB in ~500 files, timed as the user
// waits for it, against Info-ZIP's `zip -0 -r` plus a copy of its archive (the transfer), in one
// run. Starts the real server (one process, whose in-process worker builds the zip) on a fresh
// SQLite data dir, makes a brand and a folder through the API, then writes --files originals of
// --mb MiB of random bytes (incompressible, like photos and video) into the server's blob store
// with their asset rows, as an import would. Ours: POST ops/asset/download/get/queue, then GET its
// live_url (the archive streamed while the job builds it) saved to a file, to the last byte; the
// server's RSS sampled meanwhile. Then the old two-pass path for comparison (queue, poll until
// ready, fetch the stored file; --no-two-pass skips it), then `zip -0 -r -q` and `cp` of its
// output. Each side ends with `sync`, timed. Prints JSON with the load average. Targets: ≥ 0.8×
// Info-ZIP + copy, RSS growth ≤ 100 MB. `--files 5000 --mb 2` makes the 10 GB (zip64) run.
//   npm run zip -w bench -- [--files 500] [--mb 2] [--no-two-pass] [--keep]
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { pipeline } from 'node:stream/promises';
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

  /** Saves an answer as a browser does: every byte to a file; resolves once the last arrived. */
  const save = (path: string, to: string) =>
    new Promise<void>((resolve, reject) => {
      http
        .get(`${base}${path}`, { headers: { authorization: admin.headers.authorization ?? '' } }, (res) => {
          if (res.statusCode !== 200) return reject(new Error(`GET ${path}: ${res.statusCode}`));
          pipeline(res, createWriteStream(to)).then(() => {
            if (!res.complete) reject(new Error(`GET ${path}: cut`));
            else resolve();
          }, reject);
        })
        .on('error', reject);
    });
  const get = async (id: number) =>
    (await (await fetch(`${base}/api/ops/asset/download/${id}`, { headers: admin.headers })).json()) as Record<
      string,
      any // eslint-disable-line @typescript-eslint/no-explicit-any
    >;
  /** Runs `work` while sampling the server's RSS (the process whose worker builds the zip). */
  const sampled = async <T extends object>(work: () => Promise<T>) => {
    const before = rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rss())), 50);
    const t0 = performance.now();
    try {
      const out = await work();
      // Both sides end on disk: ours wrote the stored archive and the client's copy, Info-ZIP its
      // archive and the copy.
      execFileSync('sync');
      const seconds = (performance.now() - t0) / 1000;
      return {
        seconds,
        ...out,
        rss_mib: { before: round(before, 1), peak: round(peak, 1), growth: round(peak - before, 1) },
      };
    } finally {
      clearInterval(sampler);
    }
  };

  // Ours, as the user waits for it: the request, then the archive streamed while it is built,
  // to its last byte saved on disk.
  const received = join(dataDir, 'received.zip');
  let live = false;
  const ours = await sampled(async () => {
    const q = await post('/api/ops/asset/download/get/queue', { folder_ids: [folder], format: 'zip' });
    if (q.download.live_url) {
      live = true;
      await save(q.download.live_url as string, received);
    } else {
      // A store the job cannot be followed on (S3): wait until ready, then fetch.
      let d = q.download;
      while (d.state === 'preparing') {
        await new Promise((r) => setTimeout(r, 50));
        d = await get(q.download.id as number);
      }
      if (d.state !== 'ready') throw new Error(`download ${d.state}: ${d.error}`);
      await save(d.url as string, received);
    }
    const d = await get(q.download.id as number);
    if (d.state !== 'ready') throw new Error(`download ${d.state}: ${d.error}`);
    return { id: d.id as number };
  });
  const tested = execFileSync('unzip', ['-tq', received], { encoding: 'utf8', maxBuffer: 1 << 26 }).trim();
  const stored = join(dataDir, 'blobs', 'downloads', String(ours.id), 'file');
  if (statSync(stored).size !== statSync(received).size)
    throw new Error('the stored archive differs from the received');

  // The two-pass path as it was, for comparison: queue, poll until ready, then fetch the file.
  const twoPass = flag('no-two-pass')
    ? null
    : await sampled(async () => {
        const q = await post('/api/ops/asset/download/get/queue', { folder_ids: [folder], format: 'zip' });
        let d = await get(q.download.id as number);
        while (d.state === 'preparing') {
          await new Promise((r) => setTimeout(r, 50));
          d = await get(q.download.id as number);
        }
        if (d.state !== 'ready') throw new Error(`download ${d.state}: ${d.error}`);
        // The fetch's own signed address, not the live one: the file is read back whole.
        await save(d.url as string, join(dataDir, 'fetched.zip'));
        return {};
      });

  // Info-ZIP over the same files, on the same disk, then a copy of its archive (the transfer).
  const theirs = join(dataDir, 'infozip.zip');
  const zipped = await sampled(async () => {
    execFileSync('zip', ['-0', '-r', '-q', theirs, 'originals'], { cwd: join(dataDir, 'blobs') });
    execFileSync('cp', [theirs, join(dataDir, 'infozip-copy.zip')]);
    return {};
  });

  const mbps = (secs: number) => round(bytes / 1024 / 1024 / secs, 1);
  const ratio = zipped.seconds / ours.seconds;
  console.log(
    JSON.stringify(
      {
        bench: 'zip',
        files,
        bytes,
        load_average: loadavg().map((l) => round(l, 2)),
        seed_s: round(seedSecs, 1),
        headline: `request → last byte saved: ${round(ratio, 3)}× zip -0 -r + cp (limit ≥ 0.8×), RSS +${ours.rss_mib.growth} MiB (limit 100)`,
        ours: {
          one_pass: live,
          seconds: round(ours.seconds, 2),
          mib_per_s: mbps(ours.seconds),
          archive_bytes: statSync(received).size,
          unzip_t: tested,
          server_rss_mib: ours.rss_mib,
        },
        two_pass: twoPass && {
          seconds: round(twoPass.seconds, 2),
          mib_per_s: mbps(twoPass.seconds),
          vs_infozip: round(zipped.seconds / twoPass.seconds, 3),
          server_rss_mib: twoPass.rss_mib,
        },
        infozip_plus_copy: {
          seconds: round(zipped.seconds, 2),
          mib_per_s: mbps(zipped.seconds),
          archive_bytes: statSync(theirs).size,
        },
        vs_infozip: round(ratio, 3),
        targets: { vs_infozip: 0.8, rss_growth_mib: 100 },
        met: ratio >= 0.8 && ours.rss_mib.growth <= 100,
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
  if (!flag('keep')) rmSync(dataDir, { recursive: true, force: true });
}
