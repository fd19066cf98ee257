// bench/sync: NAS sync (issue 29) of a tree of --files small files in --dirs directories. Starts the
// real server (its in-process worker runs the sync job) on a fresh data dir whose SYNC_ROOTS holds
// the tree, then times:
//   cp        `cp -r` of the tree on the same disk (the floor for reading and writing every file);
//   first     the first run: every file imported through the ingest (one settle wait included);
//   upload    the first --upload-files of the same files through the web app's upload path (tus:
//             a POST, then the bytes in a PATCH; --lanes in flight) into another folder, for the
//             ratio of the first import's files/s to it (target >= 0.8, issue 43);
//   again     a second run with nothing changed (target < 10 s: readdir + stat + one query);
//   changed   --touch files rewritten and --move files moved to another directory, then a run.
// Prints JSON. The derivatives jobs the imports enqueue run in the same worker meanwhile.
// Between phases it waits for the worker's queue to empty (the derivatives of what was imported).
//   npm run sync -w bench -- [--files 20000] [--dirs 500] [--touch 100] [--move 50] [--upload-files 2000] [--lanes 4]
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { BENCH_PASSWORD, USERS, flag, numOpt, openBenchDb, round, signIn, startServer } from '../lib/common.js';
import { tusClients } from './tusUpload.js';

const files = numOpt('files', 20_000);
const dirs = numOpt('dirs', 500);
const touch = numOpt('touch', 100);
const move = numOpt('move', 50);
const uploadFiles = Math.min(numOpt('upload-files', 2000), numOpt('files', 20_000));
const lanes = numOpt('lanes', 4);
const settleSeconds = 3;
const dataDir = mkdtempSync(join(tmpdir(), 'bv-sync-'));
const nas = join(dataDir, 'nas');
const tree = join(nas, 'share');
process.env.DATA_DIR = join(dataDir, 'data');

const body = (i: number, v = 0) => `file ${i} version ${v} `.padEnd(256, 'abcdefghijklmnopqrstuvwxyz');
const relOf = (i: number) => `d${String(i % dirs).padStart(4, '0')}/f${String(i).padStart(6, '0')}.txt`;
const made = performance.now();
for (let d = 0; d < dirs; d++) mkdirSync(join(tree, `d${String(d).padStart(4, '0')}`), { recursive: true });
for (let i = 0; i < files; i++) writeFileSync(join(tree, relOf(i)), body(i));
const writeSecs = (performance.now() - made) / 1000;

const cp0 = performance.now();
execFileSync('cp', ['-r', tree, join(dataDir, 'copy')]);
const cpSecs = (performance.now() - cp0) / 1000;
rmSync(join(dataDir, 'copy'), { recursive: true, force: true });

const server = await startServer({
  JOBS_IN_SERVER: 'true',
  WEB_CONCURRENCY: '1',
  SYNC_ROOTS: nas,
  SYNC_WATCH: 'false',
  SYNC_SETTLE_SECONDS: String(settleSeconds),
  DATA_DIR: join(dataDir, 'data'),
});
const { base } = server;
const rss = () => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
};

const tus = await tusClients(lanes);
try {
  const admin = await signIn(base, USERS.admin, BENCH_PASSWORD);
  const { 'content-type': _json, ...formHeaders } = admin.headers;
  const call = async (method: string, path: string, payload?: unknown) => {
    const r = await fetch(`${base}${path}`, {
      method,
      headers: payload instanceof FormData ? formHeaders : admin.headers,
      body: payload instanceof FormData ? payload : payload === undefined ? undefined : JSON.stringify(payload),
    });
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return r.json() as Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const tag = Date.now().toString(36);
  const fd = new FormData();
  fd.append('name', `Sync ${tag}`);
  fd.append('slug', `sync-${tag}`);
  const brand = (await call('POST', '/api/ops/brand/create', fd)).brand as { id: number; root_folder_id: number };
  const folder = async (name: string) =>
    (
      await call('POST', '/api/ops/folder/new', {
        brand_id: brand.id,
        parent_id: brand.root_folder_id,
        name,
        visibility: 'PUBLIC',
      })
    ).folder.id as number;
  const target = await folder('NAS');
  const source = (
    await call('POST', '/api/asset/sync/source', {
      name: 'Bench share',
      path: tree,
      brand_id: brand.id,
      folder_id: target,
      schedule: 'manual',
    })
  ).source.id as number;

  let peak = 0;
  const run = async () => {
    const t0 = performance.now();
    let r = (await call('POST', `/api/asset/sync/source/${source}/run`)).run;
    while (r.status === 'queued' || r.status === 'running') {
      await new Promise((res) => setTimeout(res, 100));
      peak = Math.max(peak, rss());
      r = (await call('GET', `/api/asset/sync/run/${r.id}`)).run;
    }
    if (r.status !== 'done') throw new Error(`run ${r.id}: ${r.status} ${r.error}`);
    const seconds = (performance.now() - t0) / 1000;
    return {
      seconds: round(seconds, 2),
      files_per_s: round(r.counts.seen / seconds, 1),
      counts: r.counts,
      nothing_changed: r.nothing_changed,
    };
  };

  const first = await run();
  // The imports' derivatives jobs share the worker: let them end, so the next phases are timed alone.
  const { handle } = await openBenchDb();
  const drain = async () => {
    const t0 = performance.now();
    for (;;) {
      const left = await handle.db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirstOrThrow();
      if (Number(left.n) === 0 || flag('no-drain')) break;
      await new Promise((res) => setTimeout(res, 500));
    }
    return round((performance.now() - t0) / 1000, 1);
  };
  const drainFirst = await drain();
  const again = await run();

  // The upload path, for the ratio: the same files (bytes and names), as the web app sends them.
  const up = await folder('Uploads');
  const same = Array.from({ length: uploadFiles }, (_, i) => join(tree, relOf(i)));
  const uploadSecs = await tus.upload(base, admin, { brandId: brand.id, folderId: up }, same);
  const uploadRate = uploadFiles / uploadSecs;
  const drainUpload = await drain();

  for (let i = 0; i < touch; i++) writeFileSync(join(tree, relOf(i * 7)), body(i * 7, 1));
  mkdirSync(join(tree, 'moved'), { recursive: true });
  for (let i = 0; i < move; i++) {
    const n = files - 1 - i * 11;
    renameSync(join(tree, relOf(n)), join(tree, 'moved', `m${n}.txt`));
  }
  const changed = await run();
  await handle.close();

  console.log(
    JSON.stringify(
      {
        files,
        dirs,
        bytes_per_file: 256,
        write_tree_s: round(writeSecs, 2),
        cp_r: { seconds: round(cpSecs, 2), files_per_s: round(files / cpSecs, 0) },
        first_run: first,
        first_run_without_settle_files_per_s: round(files / (first.seconds - settleSeconds), 1),
        derivatives_drain_after_first_run_s: drainFirst,
        upload_path_tus: {
          files: uploadFiles,
          in_flight: lanes,
          seconds: round(uploadSecs, 2),
          files_per_s: round(uploadRate, 1),
        },
        first_run_vs_upload: {
          ratio: round(first.files_per_s / uploadRate, 2),
          target: 0.8,
          ok: first.files_per_s / uploadRate >= 0.8,
        },
        derivatives_drain_after_upload_s: drainUpload,
        second_run_nothing_changed: { ...again, target_s: 10, ok: again.seconds < 10 },
        touched_and_moved: { touched: touch, moved: move, ...changed },
        server_peak_rss_mib: round(peak, 1),
      },
      null,
      2,
    ),
  );
} finally {
  tus.stop();
  await server.stop();
  if (!flag('keep')) rmSync(dataDir, { recursive: true, force: true });
}
