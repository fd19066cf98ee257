/**
 * Derivatives as users get them (issue 43 §3): N 2 MP JPEGs uploaded to the real server (the job
 * worker in it, as shipped), timed from the last upload's answer until every thumbnail and preview
 * is ready; and the pipeline alone (makeDerivatives, 2 images in flight, one per core) in images/s.
 * Each figure is printed with its ratio to the limit, beside the load average. Prints JSON.
 *
 *   npm run derivatives:ready -w bench -- [--count 100] [--in-flight 4] [--per-request 5] [--skip-server]
 */
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { makeDerivatives } from '../../apps/server/src/media/derivatives.js';
import { configureSharp } from '../../apps/server/src/media/sharp-settings.js';
import { BENCH_PASSWORD, USERS, flag, numOpt, openBenchDb, round, signIn, startServer } from '../lib/common.js';

const COUNT = numOpt('count', 100);
const IN_FLIGHT = numOpt('in-flight', 4);
// The upload route allows so many requests a minute per person: a few files per request.
const PER_REQUEST = numOpt('per-request', 5);
// 2 MP at 4:3.
const W = 1632;
const H = 1224;
const LIMITS = { imagesPerS: 30, readyAfterLastUploadS: 2 };

/** Runs fn over items with at most `parallel` in flight. */
async function pool<T>(items: T[], parallel: number, fn: (item: T, i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
}

/**
 * The scene of bench/derivatives/run.ts (colour fields, texture, sensor grain) as a 2 MP export:
 * the grain a 12 MP photo keeps once scaled down 2.45× (sigma 14 / 2.45), and a colour field of
 * its own per file so no two files are duplicates.
 */
async function makePhotos(dir: string): Promise<string[]> {
  const raw = { width: W, height: H, channels: 3 as const };
  const noise = (w: number, h: number, sigma: number) =>
    sharp({
      create: { width: w, height: h, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma } },
    });
  const texture = await noise(Math.round(W / 6.5), Math.round(H / 6.5), 30)
    .resize(W, H, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const grain = await noise(W, H, 6).raw().toBuffer();
  const files = Array.from({ length: COUNT }, (_, i) => join(dir, `photo-${String(i).padStart(4, '0')}.jpg`));
  await pool(files, 2, async (file) => {
    const field = await noise(16, 12, 60).resize(W, H, { kernel: 'cubic' }).raw().toBuffer();
    await sharp(field, { raw })
      .composite([
        { input: texture, raw, blend: 'soft-light' },
        { input: grain, raw, blend: 'overlay' },
      ])
      .jpeg({ quality: 90 })
      .toFile(file);
  });
  return files;
}

/** makeDerivatives alone, one image per core in flight, as the worker runs it. */
async function pipeline(files: string[], root: string) {
  configureSharp();
  await makeDerivatives(files[0]!, 'image', 'jpg', join(root, 'warm')); // library loading is not measured
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await pool(files, 2, (file, i) => makeDerivatives(file, 'image', 'jpg', join(root, String(i))));
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const imagesPerS = files.length / seconds;
  return {
    seconds: round(seconds, 2),
    images_per_s: round(imagesPerS, 1),
    ratio_to_limit: round(imagesPerS / LIMITS.imagesPerS, 2),
    cpu_ms_per_image: round((cpu.user + cpu.system) / 1000 / files.length, 1),
  };
}

/** Uploads through the server's upload route and waits for every asset's derivatives. */
async function throughServer(files: string[], dataDir: string) {
  process.env.DATA_DIR = dataDir;
  // One process, so the CPU read from /proc is that of the process doing all the work.
  const server = await startServer({ JOBS_IN_SERVER: 'true', WEB_CONCURRENCY: '1' });
  const cpuMs = () => {
    const stat = readFileSync(`/proc/${server.pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  };
  const { handle } = await openBenchDb();
  try {
    const admin = await signIn(server.base, USERS.admin, BENCH_PASSWORD);
    const { 'content-type': _json, ...formHeaders } = admin.headers;
    const post = async (path: string, body: FormData | object) => {
      const r = await fetch(`${server.base}${path}`, {
        method: 'POST',
        headers: body instanceof FormData ? formHeaders : admin.headers,
        body: body instanceof FormData ? body : JSON.stringify(body),
      });
      if (!r.ok) throw new Error(`POST ${path}: ${r.status} ${await r.text()}`);
      return r.json() as Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    const fd = new FormData();
    fd.append('name', 'Derivatives bench');
    fd.append('slug', `deriv-${Date.now().toString(36)}`);
    const brand = (await post('/api/ops/brand/create', fd)).brand as { id: number; root_folder_id: number };
    const blobs = await Promise.all(files.map(async (f) => new Blob([await readFile(f)])));

    const settled = async () => {
      const row = await handle.db
        .selectFrom('assets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('brand_id', '=', brand.id)
        .where('derivatives', '!=', 'pending')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    const cpu0 = cpuMs();
    const t0 = performance.now();
    const batches = Array.from({ length: Math.ceil(blobs.length / PER_REQUEST) }, (_, b) =>
      blobs.slice(b * PER_REQUEST, (b + 1) * PER_REQUEST),
    );
    await pool(batches, IN_FLIGHT, async (batch, b) => {
      const form = new FormData();
      batch.forEach((blob, j) => form.append('files', blob, `photo-${b * PER_REQUEST + j}.jpg`));
      await post(`/api/ops/asset/${brand.id}/${brand.root_folder_id}/new`, form);
    });
    const lastUpload = performance.now();
    let readyAt = performance.now();
    for (;;) {
      const n = await settled();
      readyAt = performance.now();
      if (n >= files.length) break;
      if (readyAt - lastUpload > 300_000) throw new Error(`only ${n} of ${files.length} ready after 300 s`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const states = await handle.db
      .selectFrom('assets')
      .select(['derivatives', (eb) => eb.fn.countAll<number>().as('n')])
      .where('brand_id', '=', brand.id)
      .groupBy('derivatives')
      .execute();
    const cpuUsed = cpuMs() - cpu0;
    const jobs = await handle.db
      .selectFrom('jobs')
      .select(['name', 'status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['name', 'status'])
      .execute();
    const readyAfter = (readyAt - lastUpload) / 1000;
    const uploadS = (lastUpload - t0) / 1000;
    return {
      upload_s: round(uploadS, 2),
      upload_files_per_s: round(files.length / uploadS, 1),
      ready_after_last_upload_s: round(readyAfter, 2),
      ready_ratio_to_limit: round(readyAfter / LIMITS.readyAfterLastUploadS, 2),
      first_upload_to_all_ready_s: round((readyAt - t0) / 1000, 2),
      images_per_s_end_to_end: round(files.length / ((readyAt - t0) / 1000), 1),
      states: Object.fromEntries(states.map((s) => [s.derivatives, Number(s.n)])),
      // Upload, ingest, derivatives and whatever else ran meanwhile, per image: what 2 quiet cores must do.
      server_cpu_ms_per_image: round(cpuUsed / files.length, 1),
      jobs_when_ready: Object.fromEntries(jobs.map((j) => [`${j.name} ${j.status}`, Number(j.n)])),
    };
  } finally {
    await handle.close();
    await server.stop();
  }
}

const root = await mkdtemp(join(tmpdir(), 'bv-bench-ready-'));
try {
  const src = join(root, 'src');
  await mkdir(src);
  const files = await makePhotos(src);
  const load = [loadavg()[0]!];
  const alone = await pipeline(files, join(root, 'out'));
  load.push(loadavg()[0]!);
  const server = flag('skip-server') ? null : await throughServer(files, join(root, 'data'));
  load.push(loadavg()[0]!);
  const result = {
    count: COUNT,
    source: `${W}x${H} JPEG q90`,
    limits: {
      images_per_s: `>= ${LIMITS.imagesPerS}`,
      ready_after_last_upload_s: `<= ${LIMITS.readyAfterLastUploadS}`,
    },
    pipeline_2_in_flight: alone,
    server: server ?? 'skipped',
    upload: `${IN_FLIGHT} requests in flight, ${PER_REQUEST} files each`,
    load_average_1m: load.map((l) => round(l, 2)),
  };
  console.log(JSON.stringify(result, null, 2));
} finally {
  await rm(root, { recursive: true, force: true });
}
