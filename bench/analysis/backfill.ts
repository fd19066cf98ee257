// bench/analysis/backfill: issue 42's backfill target (10,000 mixed images ≤ 3 h, uploads at ≥ 90 %
// of their speed meanwhile). Starts the real server with every analysis and its in-process worker
// (what `npm start` runs) and imports --files mixed images as two halves into two brands whose
// analyses are off (a NAS import). Then it turns each half's analyses on and runs its backfill:
// the first half alone (the backfill's own speed), the second while a third brand keeps taking
// uploads (2 MP JPEGs, --uploads a request, one request at a time, through the upload route),
// against the same uploads timed alone before. Prints JSON: seconds per image and the 10,000-image
// extrapolation, the server's CPU seconds per image and peak RSS, the uploads' files/s and share.
//   npm run analysis:backfill -w bench -- [--files 100] [--uploads 20]
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { BENCH_PASSWORD, USERS, numOpt, openBenchDb, round, signIn, startServer } from '../lib/common.js';
import { photoLikeJpeg } from '../lib/photo.js';
import { POSTER_WORDS } from '../lib/vocab.js';

const files = numOpt('files', 100);
const uploadsPerRound = numOpt('uploads', 20);
const TARGET = { files: 10_000, seconds: 3 * 3600, uploadShare: 0.9 };
const root = mkdtempSync(join(tmpdir(), 'bv-backfill-'));
const share = join(root, 'nas', 'library');
mkdirSync(join(share, 'a'), { recursive: true });
mkdirSync(join(share, 'b'), { recursive: true });
process.env.DATA_DIR = join(root, 'data');

// The mix: 12 MP and 2 MP photos, posters with text, photos of people, transparent graphics.
const humanAssets = join(dirname(createRequire(import.meta.url).resolve('@vladmandic/human')), '..', 'assets');
const labels = JSON.parse(readFileSync(new URL('./labels.json', import.meta.url), 'utf8')) as {
  photos: { file: string; region: number[]; faces: number | null }[];
};
const people = labels.photos.filter((p) => p.faces);
const svg = (w: number, h: number, body: string) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${body}</svg>`);
const word = (i: number) => POSTER_WORDS[i % POSTER_WORDS.length]!.toUpperCase();
async function image(i: number): Promise<[string, Buffer]> {
  const kind = i % 10;
  if (kind < 3) return [`photo-${i}.jpg`, await photoLikeJpeg(4000, 3000)];
  if (kind < 5) return [`photo-${i}.jpg`, await photoLikeJpeg(1920, 1080)];
  if (kind < 7) {
    const text = svg(
      2400,
      1600,
      `<rect x="200" y="380" width="2000" height="840" fill="#fff" opacity="0.85"/>` +
        `<text x="1200" y="700" font-size="220" font-family="DejaVu Sans" font-weight="bold" text-anchor="middle">${word(i)} ${i}</text>` +
        `<text x="1200" y="1000" font-size="110" font-family="DejaVu Serif" text-anchor="middle">${word(i + 3)} ${word(i + 7)}</text>`,
    );
    const base = await photoLikeJpeg(2400, 1600);
    return [
      `poster-${i}.jpg`,
      await sharp(base)
        .composite([{ input: text }])
        .jpeg({ quality: 88 })
        .toBuffer(),
    ];
  }
  if (kind < 9) {
    const p = people[i % people.length]!;
    const [left, top, width, height] = p.region as [number, number, number, number];
    const buf = await sharp(join(humanAssets, p.file))
      .extract({ left, top, width, height })
      .resize(1600, 1600, { fit: 'inside' })
      .modulate({ brightness: 0.9 + (i % 17) / 80, hue: i % 360 })
      .jpeg({ quality: 90 })
      .toBuffer();
    return [`people-${i}.jpg`, buf];
  }
  const shapes = svg(
    1200,
    1200,
    `<circle cx="600" cy="520" r="${300 + (i % 97)}" fill="#2a6f97"/>` +
      `<text x="600" y="1080" font-size="120" font-family="DejaVu Sans" text-anchor="middle">${word(i)}</text>`,
  );
  return [`graphic-${i}.png`, await sharp(shapes).png().toBuffer()];
}
const made = performance.now();
for (let i = 0; i < files; i++) {
  const [name, buf] = await image(i);
  writeFileSync(join(share, i % 2 ? 'b' : 'a', name), buf);
}
const uploadPool: Buffer[] = [];
for (let i = 0; i < uploadsPerRound * 4; i++) uploadPool.push(await photoLikeJpeg(1600, 1200));
const generateSeconds = round((performance.now() - made) / 1000, 1);

const server = await startServer({
  JOBS_IN_SERVER: 'true',
  SYNC_ROOTS: join(root, 'nas'),
  SYNC_WATCH: 'false',
  DATA_DIR: join(root, 'data'),
});
const { base } = server;
const { handle } = await openBenchDb();
const db = handle.db;
/** The server's processes (the primary and the ones it started), from /proc. */
const tree = (pid: number): number[] => {
  const kids = readdirSync(`/proc/${pid}/task`).flatMap((t) =>
    readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
  );
  return [pid, ...kids.flatMap(tree)];
};
/** CPU seconds (utime + stime, threads included) of every server process, and the largest RSS. */
const proc = () => {
  let cpu = 0;
  let rssMb = 0;
  for (const pid of tree(server.pid)) {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    cpu += (Number(stat[11]) + Number(stat[12])) / 100;
    rssMb = Math.max(rssMb, rss ? Number(rss[1]) / 1024 : 0);
  }
  return { cpu, rssMb };
};
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

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
  // Faces are turned on in the database: the switch's own faces-only backfill would run beside.
  const setAnalyses = async (brandId: number, on: boolean) => {
    await call('PUT', `/api/ops/brand/${brandId}/analysis`, {
      text: on,
      objects: on,
      colours: on,
      object_threshold: 0.5,
    });
    await db
      .updateTable('brand_analysis')
      .set({ faces: on ? 1 : 0 })
      .where('brand_id', '=', brandId)
      .execute();
  };
  const brand = async (name: string) => {
    const fd = new FormData();
    fd.append('name', name);
    fd.append('slug', name.toLowerCase().replace(/\W+/g, '-'));
    const b = (await call('POST', '/api/ops/brand/create', fd)).brand as { id: number; root_folder_id: number };
    await setAnalyses(b.id, false);
    return b;
  };
  const drain = async () => {
    for (;;) {
      const left = await db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirstOrThrow();
      if (Number(left.n) === 0) return;
      await new Promise((res) => setTimeout(res, 500));
    }
  };

  // Two halves of the library, each imported into its own brand with its analyses off.
  const importHalf = async (half: string) => {
    const b = await brand(`Library ${half} ${Date.now().toString(36)}`);
    const source = (
      await call('POST', '/api/asset/sync/source', {
        name: `Library ${half}`,
        path: join(share, half),
        brand_id: b.id,
        folder_id: b.root_folder_id,
        schedule: 'manual',
      })
    ).source.id as number;
    let run = (await call('POST', `/api/asset/sync/source/${source}/run`)).run;
    while (run.status === 'queued' || run.status === 'running') {
      await new Promise((res) => setTimeout(res, 500));
      run = (await call('GET', `/api/asset/sync/run/${run.id}`)).run;
    }
    if (run.status !== 'done' || run.counts.failed) throw new Error(`import: ${JSON.stringify(run)}`);
    return { brand: b, files: run.counts.new as number };
  };
  const halves = [await importHalf('a'), await importHalf('b')];
  await drain();

  // Uploads into another brand (its analyses off).
  const other = await brand(`Uploads ${Date.now().toString(36)}`);
  let next = 0;
  // One request of --uploads files (the upload route allows 120 requests a minute per person).
  const uploadRound = async () => {
    const t0 = performance.now();
    const form = new FormData();
    for (let i = 0; i < uploadsPerRound; i++) {
      const n = next++;
      const buf = uploadPool[n % uploadPool.length]!;
      // Every upload is new bytes (a duplicate would be refused): past the pool, re-encoded.
      const bytes =
        n < uploadPool.length
          ? buf
          : await sharp(buf)
              .jpeg({ quality: 88 - (n % 7) })
              .toBuffer();
      form.append('files', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `u${n}.jpg`);
    }
    await call('POST', `/api/ops/asset/${other.id}/${other.root_folder_id}/new`, form);
    return uploadsPerRound / ((performance.now() - t0) / 1000);
  };
  const alone: number[] = [];
  for (let r = 0; r < 2; r++) {
    alone.push(await uploadRound());
    await drain();
  }

  /** One half's backfill, timed from the request to its job's end; `beside` runs meanwhile. */
  const backfill = async (half: (typeof halves)[number], beside?: (stop: () => boolean) => Promise<void>) => {
    const loadBefore = load();
    await setAnalyses(half.brand.id, true);
    const before = proc();
    const t0 = performance.now();
    const started = await call('POST', `/api/ops/brand/${half.brand.id}/analysis/backfill`);
    let peakRss = before.rssMb;
    let finished = false;
    const alongside = beside?.(() => finished);
    for (;;) {
      await new Promise((res) => setTimeout(res, 1000));
      peakRss = Math.max(peakRss, proc().rssMb);
      const job = await db
        .selectFrom('jobs')
        .select(['status', 'last_error'])
        .where('id', '=', started.job_id)
        .executeTakeFirstOrThrow();
      if (job.status === 'failed') throw new Error(`backfill: ${job.last_error}`);
      if (job.status === 'done') break;
    }
    const seconds = (performance.now() - t0) / 1000;
    const after = proc();
    finished = true;
    await alongside;
    const states = await db
      .selectFrom('asset_text')
      .innerJoin('assets', 'assets.id', 'asset_text.asset_id')
      .select(['asset_text.state', (eb) => eb.fn.countAll<number>().as('n')])
      .where('assets.brand_id', '=', half.brand.id)
      .groupBy('asset_text.state')
      .execute();
    const perImage = seconds / half.files;
    return {
      files: half.files,
      seconds: round(seconds, 1),
      seconds_per_image: round(perImage, 3),
      // Every server process's CPU over the backfill (uploads beside it included, when they run).
      server_cpu_seconds_per_image: round((after.cpu - before.cpu) / half.files, 3),
      extrapolated_10k_hours: round((perImage * TARGET.files) / 3600, 2),
      ratio_to_limit: round((perImage * TARGET.files) / TARGET.seconds, 2),
      peak_rss_mb_largest_process: round(peakRss, 0),
      text_states: Object.fromEntries(states.map((s) => [s.state, Number(s.n)])),
      load_before: loadBefore,
      load_after: load(),
    };
  };

  const backfillAlone = await backfill(halves[0]!);
  await drain();
  const beside: number[] = [];
  const backfillBeside = await backfill(halves[1]!, async (stop) => {
    while (!stop()) beside.push(await uploadRound());
  });
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
  const uploadsAlone = Math.max(...alone);
  const uploadsBeside = median(beside);
  console.log(
    JSON.stringify(
      {
        files,
        mix: '30 % 12 MP photos, 20 % 2 MP photos, 20 % posters with text, 20 % people, 10 % PNG graphics',
        generate_seconds: generateSeconds,
        backfill_alone: backfillAlone,
        backfill_beside_uploads: backfillBeside,
        uploads: {
          files_per_s_alone: round(uploadsAlone, 1),
          files_per_s_beside_backfill: round(uploadsBeside, 1),
          rounds_beside: beside.map((v) => round(v, 1)).join(' '),
          share: round(uploadsBeside / uploadsAlone, 2),
          target_share: TARGET.uploadShare,
        },
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
  await handle.close();
  rmSync(root, { recursive: true, force: true });
}
