// bench/upload: what a user waits for when uploading, against the limit, in the same run.
//   npm run upload -w bench -- [--gb 1] [--runs 3] [--client curl|node] [--chunk-mb 8] [--files 100] [--dir /path]
//                               [--skip-large] [--skip-small] [--s3]
// --s3: the server stores blobs and tus parts through its S3 driver, against s3rver (a local
// S3-compatible server, the one the server's S3 tests use) on this machine.
// BENCH_SERVER_COMPILED=1 runs the compiled server (as production does) instead of tsx.
// BENCH_SERVER_NODE_ARGS adds arguments to the server's node (e.g. "--cpu-prof --cpu-prof-dir=DIR").
//
// Large: one file through tus (POST, then the body as one PATCH or PATCHes of --chunk-mb), answered
// and synced, against a loopback HTTP sink (sink.ts) that writes and hashes the same bytes from the
// same client, synced; best of --runs, interleaved. Small: --files 2 MP JPEGs as the web app sends
// them (small.ts), one at a time and four at a time. Server CPU and memory are read from the
// processes that do the work (the cluster's workers), not from the primary.
import { execFileSync, fork, spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import { startS3rver } from '../../apps/server/src/storage/testing.js';
import { serverEntry } from '../lib/common.js';
import { photoLikeJpeg } from '../lib/photo.js';
import type { ClientJob, ClientReply } from './client.js';
import { cpuMs, peakGrowthMb, rssNowAndResetPeak, workers } from './procStats.js';
import { sendSmall } from './small.js';

const args = process.argv.slice(2);
const opt = (name: string, def: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : def;
};
const has = (name: string) => args.includes(`--${name}`);
const bytes = Math.round(Number(opt('gb', '1')) * 1024 ** 3);
const runs = Math.max(1, Number(opt('runs', '3')));
const smallFiles = Math.max(1, Number(opt('files', '100')));
const chunkBytes = Math.round(Number(opt('chunk-mb', '0')) * 1024 ** 2);
// curl sends one PATCH with little CPU; PATCHes of --chunk-mb (as the web app does) need the Node client.
const clientKind = opt('client', chunkBytes > 0 ? 'node' : 'curl');
if (clientKind !== 'node' && clientKind !== 'curl') throw new Error('--client must be node or curl');
if (chunkBytes > 0 && clientKind !== 'node') throw new Error('--chunk-mb needs --client node');
const TARGET = { large_vs_sink: 0.9, rss_growth_mb: 200, small_files_per_s_4: 100, small_files_per_s_1: 50 };

const root = mkdtempSync(join(opt('dir', '/tmp'), 'bv-bench-upload-'));
const dataDir = join(root, 'data');
const sinkDir = join(root, 'sink');
mkdirSync(sinkDir);
const port = 31000 + Math.floor(Math.random() * 10000);
const base = `http://127.0.0.1:${port}`;
const serverDir = process.env.BENCH_SERVER_DIR ?? new URL('../../apps/server', import.meta.url).pathname;
const round = (n: number, d = 2) => Number(n.toFixed(d));

// A CSV (text, so no derivatives) made of 1 MiB blocks; big enough that the page cache can't hide writes.
const file = join(root, 'big.csv');
if (!has('skip-large')) {
  const line = 'sku,campaign,channel,impressions,clicks\n';
  const block = Buffer.from(line.repeat(Math.ceil((1024 * 1024) / line.length)).slice(0, 1024 * 1024));
  const fd = openSync(file, 'w');
  for (let written = 0; written < bytes; written += block.length)
    writeSync(fd, block, 0, Math.min(block.length, bytes - written));
  closeSync(fd);
}
const size = has('skip-large') ? 0 : statSync(file).size;
// Two sets of distinct photos (the noise differs), so neither round meets the other's duplicates.
const photos = has('skip-small')
  ? []
  : await Promise.all(
      [0, 1].map(() => Promise.all(Array.from({ length: smallFiles }, () => photoLikeJpeg(1632, 1224)))),
    );

/** Busy share of all CPUs between two readings, to show how loaded the machine was. */
const cpuTimes = () => {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return { busy: f.reduce((a, b) => a + b, 0) - f[3]! - f[4]!, total: f.reduce((a, b) => a + b, 0) };
};
const busyShare = (a: ReturnType<typeof cpuTimes>, b: ReturnType<typeof cpuTimes>) =>
  round((b.busy - a.busy) / Math.max(1, b.total - a.total));

const s3 = has('s3') ? await startS3rver('bench-upload') : null;
const s3Env = s3
  ? {
      S3_BUCKET: s3.options.bucket,
      S3_ENDPOINT: s3.options.endpoint!,
      S3_REGION: s3.options.region,
      S3_ACCESS_KEY_ID: s3.options.accessKeyId!,
      S3_SECRET_ACCESS_KEY: s3.options.secretAccessKey!,
      S3_FORCE_PATH_STYLE: 'true',
    }
  : {};
const extraNodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
const server = spawn(process.execPath, [...extraNodeArgs, ...serverEntry(serverDir)], {
  cwd: serverDir,
  env: {
    ...process.env,
    ...s3Env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: 'bench-admin-1',
    LOG_LEVEL: 'warn',
    MAX_UPLOAD_BYTES: String(Math.max(size + 1, 1.5 * 1024 ** 3)),
    DATABASE_URL: process.env.DATABASE_URL ?? '',
  },
  // BENCH_SERVER_LOG=1 shows the server's log (its stdout).
  stdio: ['ignore', process.env.BENCH_SERVER_LOG ? 'inherit' : 'ignore', 'inherit'],
});
const sink = fork(new URL('./sink.ts', import.meta.url).pathname, [sinkDir], {
  execArgv: ['--import', 'tsx'],
  stdio: 'inherit',
});
const sinkPort = await new Promise<number>((resolve) =>
  sink.once('message', (m) => resolve((m as { port: number }).port)),
);
// The Node client is started before any timing, and sits idle until asked to send.
const client =
  clientKind === 'node'
    ? fork(new URL('./client.ts', import.meta.url).pathname, [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' })
    : null;
const sendWithNode = (job: ClientJob) =>
  new Promise<ClientReply>((resolve) => {
    client!.once('message', (m) => resolve(m as ClientReply));
    client!.send(job);
  });
/** curl, under /usr/bin/time for its CPU time. */
const sendWithCurl = (job: ClientJob): ClientReply => {
  const headerArgs = Object.entries(job.headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
  const r = spawnSync(
    '/usr/bin/time',
    ['-f', 'cpu %U %S', 'curl', '-s', '-X', 'PATCH', job.url, ...headerArgs, '-H', 'expect:', '-T', job.file],
    { maxBuffer: 1024 * 1024 },
  );
  const m = /cpu ([\d.]+) ([\d.]+)/.exec(r.stderr.toString());
  return { status: 0, body: r.stdout.toString(), cpu_ms: m ? Math.round((Number(m[1]) + Number(m[2])) * 1000) : -1 };
};
const sendBody = (job: ClientJob) => (client ? sendWithNode(job) : Promise.resolve(sendWithCurl(job)));

/** fetch, once more when the server closed a kept-alive socket as it was reused (a long run idles it). */
const fetchAgain = (url: string, init: RequestInit) =>
  fetch(url, init).catch((err: Error & { cause?: { code?: string } }) => {
    if (err.cause?.code !== 'UND_ERR_SOCKET') throw err;
    return fetch(url, init);
  });

/** Waits until the server's workers are idle (derivative jobs of earlier files done), at most 2 min. */
async function serverIdle(pids: number[]) {
  let calm = 0;
  for (let i = 0; i < 480 && calm < 3; i++) {
    const c0 = cpuMs(pids);
    await new Promise((r) => setTimeout(r, 250));
    calm = cpuMs(pids) - c0 < 25 ? calm + 1 : 0;
  }
}

try {
  for (let i = 0; ; i++) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    // Three minutes: a compiled server on a machine at load 35 took more than one to answer.
    if (i > 1800) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const csrf = await fetch(`${base}/api/auth/csrf-cookie`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')![1]!;
  const h = { 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrf}`, 'content-type': 'application/json' };
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: h,
    body: JSON.stringify({ email: 'admin@example.com', password: 'bench-admin-1' }),
  });
  const { token } = (await login.json()) as { token: string };
  const auth = { ...h, authorization: `Bearer ${token}` };
  const made = await fetch(`${base}/api/ops/brand/create`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ name: 'Bench', slug: 'bench' }),
  });
  const { brand } = (await made.json()) as { brand: { id: number; root_folder_id: number } };
  const pids = workers(server.pid!);
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const bodyHeaders = { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrf}` };
  const out: Record<string, unknown> = {
    workers: pids.length,
    storage: s3 ? 's3 (s3rver on loopback)' : 'local disk',
    server: process.env.BENCH_SERVER_COMPILED ? 'compiled' : 'tsx',
    load_average_at_start: loadavg().map((n) => round(n)),
  };

  if (!has('skip-large')) {
    const rssBase = rssNowAndResetPeak(pids);
    const sinkRuns: Record<string, number>[] = [];
    const uploadRuns: Record<string, number>[] = [];
    for (let run = 0; run < runs; run++) {
      console.error(`large file, round ${run + 1} of ${runs}`);
      // The sink: the same client sends the same file in one request; answered, then synced.
      {
        const t0 = performance.now();
        const sys0 = cpuTimes();
        const sinkCpu0 = cpuMs([sink.pid!]);
        const reply = await sendBody({
          url: `http://127.0.0.1:${sinkPort}/`,
          file,
          headers: { 'content-length': String(size) },
          size,
          chunk: 0,
        });
        if (reply.error || reply.body.length !== 64) throw new Error(`sink: ${reply.error ?? reply.body}`);
        execFileSync('sync');
        sinkRuns.push({
          ms: Math.round(performance.now() - t0),
          sink_cpu_ms: cpuMs([sink.pid!]) - sinkCpu0,
          client_cpu_ms: reply.cpu_ms,
          machine_busy: busyShare(sys0, cpuTimes()),
        });
        rmSync(sinkDir, { recursive: true, force: true });
        mkdirSync(sinkDir);
      }
      const t0 = performance.now();
      const cpu0 = cpuMs(pids);
      const sys0 = cpuTimes();
      const created = await fetchAgain(`${base}/api/uploads`, {
        method: 'POST',
        headers: {
          ...auth,
          'tus-resumable': '1.0.0',
          'upload-length': String(size),
          'upload-metadata': `filename ${b64(`big-${run}.csv`)},brand_id ${b64(String(brand.id))},folder_id ${b64(String(brand.root_folder_id))},duplicates ${b64('allow')}`,
        },
      });
      const url = new URL(created.headers.get('location')!, base).toString();
      const reply = await sendBody({
        url,
        file,
        headers: {
          ...bodyHeaders,
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(size),
        },
        size,
        chunk: chunkBytes,
      });
      if (reply.error) throw new Error(`client: ${reply.error}`);
      const answered = performance.now();
      execFileSync('sync');
      const ms = performance.now() - t0;
      const result = JSON.parse(reply.body) as { status: string };
      if (result.status !== 'created') throw new Error(`upload failed: ${reply.body}`);
      uploadRuns.push({
        ms: Math.round(ms),
        sync_ms: Math.round(performance.now() - answered),
        server_cpu_ms: cpuMs(pids) - cpu0,
        client_cpu_ms: reply.cpu_ms,
        machine_busy: busyShare(sys0, cpuTimes()),
      });
      // As with the sink's file, the stored one goes before the next round, so that no round writes
      // into memory an earlier one still holds in the page cache.
      rmSync(join(dataDir, 'originals'), { recursive: true, force: true });
    }
    const sinkMs = Math.min(...sinkRuns.map((r) => r.ms!));
    const uploadMs = Math.min(...uploadRuns.map((r) => r.ms!));
    const mb = size / 1024 ** 2;
    const growth = peakGrowthMb(rssBase);
    out.large = {
      file_bytes: size,
      client: clientKind,
      patch_bytes: chunkBytes || size,
      sink_ms: sinkMs,
      upload_ms: uploadMs,
      sink_mb_s: Math.round(mb / (sinkMs / 1000)),
      upload_mb_s: Math.round(mb / (uploadMs / 1000)),
      vs_sink: round(sinkMs / uploadMs),
      vs_sink_to_target: round(sinkMs / uploadMs / TARGET.large_vs_sink),
      server_rss_growth_mb: growth,
      rss_growth_to_limit: round(growth / TARGET.rss_growth_mb),
      sink_runs: sinkRuns,
      upload_runs: uploadRuns,
    };
  }

  if (!has('skip-small')) {
    const small: Record<string, unknown> = {};
    for (const [set, inFlight] of [1, 4].entries()) {
      console.error(`small files, ${inFlight} in flight`);
      await serverIdle(pids);
      const cpu0 = cpuMs(pids);
      const sys0 = cpuTimes();
      const r = await sendSmall({
        endpoint: `${base}/api/uploads`,
        headers: { ...bodyHeaders, 'accept-language': 'en' },
        metadata: (i) => ({
          filename: `photo-${inFlight}-${i}.jpg`,
          brand_id: String(brand.id),
          folder_id: String(brand.root_folder_id),
          duplicates: 'skip',
        }),
        files: photos[set]!,
        inFlight,
      });
      if (r.statuses.created !== smallFiles) throw new Error(`small files: ${JSON.stringify(r.statuses)}`);
      const perS = smallFiles / (r.ms / 1000);
      const target = inFlight === 1 ? TARGET.small_files_per_s_1 : TARGET.small_files_per_s_4;
      small[`in_flight_${inFlight}`] = {
        files: smallFiles,
        mean_bytes: Math.round(photos[set]!.reduce((a, b) => a + b.length, 0) / smallFiles),
        ms: Math.round(r.ms),
        files_per_s: round(perS, 1),
        to_target: round(perS / target),
        requests_per_file: round(r.requests / smallFiles),
        server_cpu_ms_per_file: round((cpuMs(pids) - cpu0) / smallFiles, 1),
        machine_busy: busyShare(sys0, cpuTimes()),
      };
    }
    out.small = small;
  }
  out.target = TARGET;
  out.load_average_at_end = loadavg().map((n) => round(n));
  console.log(JSON.stringify(out, null, 2));
} finally {
  client?.kill();
  sink.kill();
  server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  await s3?.close();
  rmSync(root, { recursive: true, force: true });
}
