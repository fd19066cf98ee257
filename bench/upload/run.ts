// bench/upload: one large file through the tus endpoint on loopback, against `cp` of the same file
// on the same disk in the same run, with the server's peak RSS. Prints JSON.
//   npm run upload -w bench -- [--gb 1.5] [--runs 3] [--client curl|node] [--chunk-mb 8] [--dir /path]
// BENCH_SERVER_NODE_ARGS adds arguments to the server's node (e.g. "--cpu-prof --cpu-prof-dir=/tmp/p").
//
// `cp` (coreutils 9) copies with copy_file_range: the kernel moves page-cache pages without a
// trip through user space, which no path over a socket can do. `dd bs=8M` is the same copy through
// user space (read + write, like any receiver must); both are reported, the target is against cp.
import { execFileSync, fork, spawn, spawnSync } from 'node:child_process';
import type { ClientJob, ClientReply } from './client.js';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const args = process.argv.slice(2);
const opt = (name: string, def: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : def;
};
const bytes = Math.round(Number(opt('gb', '1.5')) * 1024 ** 3);
const runs = Math.max(1, Number(opt('runs', '3')));
const chunkBytes = Math.round(Number(opt('chunk-mb', '0')) * 1024 ** 2);
// curl sends one PATCH with little CPU; PATCHes of --chunk-mb (as the web app's Uppy does) need the Node client.
const clientKind = opt('client', chunkBytes > 0 ? 'node' : 'curl');
if (clientKind !== 'node' && clientKind !== 'curl') throw new Error('--client must be node or curl');
if (chunkBytes > 0 && clientKind !== 'node') throw new Error('--chunk-mb needs --client node');
const root = mkdtempSync(join(opt('dir', '/tmp'), 'bv-bench-upload-'));
const dataDir = join(root, 'data');
const port = 31000 + Math.floor(Math.random() * 10000);
const base = `http://127.0.0.1:${port}`;
const serverDir = process.env.BENCH_SERVER_DIR ?? new URL('../../apps/server', import.meta.url).pathname;

// A CSV (text, so no derivatives) made of 1 MiB blocks; big enough that the page cache can't hide writes.
const file = join(root, 'big.csv');
{
  const line = 'sku,campaign,channel,impressions,clicks\n';
  const block = Buffer.from(line.repeat(Math.ceil((1024 * 1024) / line.length)).slice(0, 1024 * 1024));
  const fd = openSync(file, 'w');
  for (let written = 0; written < bytes; written += block.length)
    writeSync(fd, block, 0, Math.min(block.length, bytes - written));
  closeSync(fd);
}
const size = statSync(file).size;

/** Busy and total jiffies of all CPUs, to show how loaded the machine was during a run. */
const cpuTimes = () => {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = f[3]! + f[4]!;
  const total = f.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
};
const busyShare = (a: ReturnType<typeof cpuTimes>, b: ReturnType<typeof cpuTimes>) =>
  Number(((b.busy - a.busy) / Math.max(1, b.total - a.total)).toFixed(2));

/** One timed copy of the file, synced, then removed (so every copy starts from the same state). */
const timedCopy = (cmd: string, argv: string[]) => {
  const t0 = performance.now();
  execFileSync(cmd, argv);
  execFileSync('sync');
  const ms = performance.now() - t0;
  rmSync(join(root, 'copy.csv'));
  return ms;
};

const extraNodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
const server = spawn(process.execPath, [...extraNodeArgs, '--import', 'tsx', 'src/main.ts'], {
  cwd: serverDir,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: 'bench-admin-1',
    LOG_LEVEL: 'warn',
    MAX_UPLOAD_BYTES: String(size + 1),
    DATABASE_URL: process.env.DATABASE_URL ?? '',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
/** User and system CPU time of the server process (all its threads), in ms. */
const serverCpu = () => {
  const stat = readFileSync(`/proc/${server.pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(f[11]) * 10, sys: Number(f[12]) * 10 };
};
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

const peakRssMb = () => {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : null;
};

try {
  for (let i = 0; ; i++) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 300) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const csrf = await fetch(`${base}/api/auth/csrf-cookie`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')![1]!;
  const h = { 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrf}`, 'content-type': 'application/json' };
  const { token } = await (
    await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: h,
      body: JSON.stringify({ email: 'admin@example.com', password: 'bench-admin-1' }),
    })
  ).json();
  const auth = { ...h, authorization: `Bearer ${token}` };
  const { brand } = await (
    await fetch(`${base}/api/ops/brand/create`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ name: 'Bench', slug: 'bench' }),
    })
  ).json();
  const rssBefore = peakRssMb();

  const b64 = (s: string) => Buffer.from(s).toString('base64');
  // N rounds of cp, dd and an upload, interleaved so that the other work on the machine weighs on
  // all three alike; best against best. Each upload is a new asset (duplicates allowed).
  const cpRuns: number[] = [];
  const ddRuns: number[] = [];
  const uploadRuns: number[] = [];
  const details: {
    ms: number;
    sync_ms: number;
    server_user_ms: number;
    server_sys_ms: number;
    client_cpu_ms: number;
    machine_busy: number;
  }[] = [];
  for (let run = 0; run < runs; run++) {
    cpRuns.push(timedCopy('cp', [file, join(root, 'copy.csv')]));
    ddRuns.push(timedCopy('dd', [`if=${file}`, `of=${join(root, 'copy.csv')}`, 'bs=8M', 'status=none']));
    const started = performance.now();
    const cpu0 = serverCpu();
    const sys0 = cpuTimes();
    const created = await fetch(`${base}/api/uploads`, {
      method: 'POST',
      headers: {
        ...auth,
        'tus-resumable': '1.0.0',
        'upload-length': String(size),
        'upload-metadata': `filename ${b64(`big-${run}.csv`)},brand_id ${b64(String(brand.id))},folder_id ${b64(String(brand.root_folder_id))},duplicates ${b64('allow')}`,
      },
    });
    const url = new URL(created.headers.get('location')!, base).toString();
    // The body goes from another process than this one: one PATCH, or one per --chunk-mb.
    const job: ClientJob = {
      url,
      file,
      headers: {
        authorization: `Bearer ${token}`,
        'x-xsrf-token': xsrf,
        cookie: `XSRF-TOKEN=${xsrf}`,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(size),
      },
      size,
      chunk: chunkBytes,
    };
    const reply = client ? await sendWithNode(job) : sendWithCurl(job);
    if (reply.error) throw new Error(`client: ${reply.error}`);
    const result = JSON.parse(reply.body);
    const answered = performance.now();
    execFileSync('sync');
    const ms = performance.now() - started;
    uploadRuns.push(ms);
    details.push({
      ms: Math.round(ms),
      sync_ms: Math.round(performance.now() - answered),
      server_user_ms: serverCpu().user - cpu0.user,
      server_sys_ms: serverCpu().sys - cpu0.sys,
      client_cpu_ms: reply.cpu_ms,
      machine_busy: busyShare(sys0, cpuTimes()),
    });
    if (result.status !== 'created') throw new Error(`upload failed: ${JSON.stringify(result)}`);
    // As with the copies, the stored file goes before the next round: otherwise each upload writes
    // into memory the previous ones still hold in the page cache, which the copies never do.
    rmSync(join(dataDir, 'originals'), { recursive: true, force: true });
  }
  const cpMs = Math.min(...cpRuns);
  const ddMs = Math.min(...ddRuns);
  const uploadMs = Math.min(...uploadRuns);

  const mb = size / 1024 ** 2;
  console.log(
    JSON.stringify(
      {
        file_bytes: size,
        cp_ms: Math.round(cpMs),
        cp_runs_ms: cpRuns.map(Math.round),
        dd_ms: Math.round(ddMs),
        dd_runs_ms: ddRuns.map(Math.round),
        client: clientKind,
        patch_bytes: chunkBytes || size,
        upload_ms: Math.round(uploadMs),
        upload_runs: details,
        cp_mb_s: Math.round(mb / (cpMs / 1000)),
        dd_mb_s: Math.round(mb / (ddMs / 1000)),
        upload_mb_s: Math.round(mb / (uploadMs / 1000)),
        throughput_vs_cp: Number((cpMs / uploadMs).toFixed(2)),
        throughput_vs_dd: Number((ddMs / uploadMs).toFixed(2)),
        server_rss_mb_before_upload: rssBefore,
        server_peak_rss_mb: peakRssMb(),
        target: { throughput_vs_cp: 0.7, server_peak_rss_mb: 250 },
      },
      null,
      2,
    ),
  );
} finally {
  client?.kill();
  server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(root, { recursive: true, force: true });
}
