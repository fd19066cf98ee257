// bench/dashboard: the /dashboard page's calls, as the page issues them, against the seeded brand
// (the real server as a child process). For each case (who, which brands, which period) the page
// load is timed from the first request to the last byte of the last answer: the calls go out at
// once over up to 6 kept-alive connections (a browser's limit per host), the folder statistics
// after the folder tree they need. Each call is also timed alone. p50/p95 in ms. Prints JSON.
//   npm run dashboard -w bench -- [--runs 30] [--warmup 5] [--check] [--data-dir ./data-bench]
// --check: first compare the counters with the rows they stand for (a full scan, not timed).
// Same DATA_DIR / DATABASE_URL as bench:seed.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { countersMatchRows } from '../../apps/server/src/modules/stats/stats.recount.repo.js';
import {
  BENCH_BRAND_SLUG,
  USERS,
  describeDb,
  flag,
  numOpt,
  openBenchDb,
  round,
  signIn,
  startServer,
  stats,
  target,
} from '../lib/common.js';
import type { Session } from '../lib/common.js';

const runs = numOpt('runs', 30);
const warmup = numOpt('warmup', 5);
/** The page's target: every call of a load done within this (p50 and p95). */
const TARGET_MS = 300;

const { handle } = await openBenchDb();
const { dataDir, databaseUrl } = target();
const brand = await handle.db.selectFrom('brands').select('id').where('slug', '=', BENCH_BRAND_SLUG).executeTakeFirst();
if (!brand) {
  await handle.close();
  throw new Error(`no "${BENCH_BRAND_SLUG}" brand in ${describeDb(databaseUrl, dataDir)}: run bench:seed first`);
}
const assets = Number(
  (
    await handle.db
      .selectFrom('brand_facets')
      .select((eb) => eb.fn.sum<number>('n').as('n'))
      .where('brand_id', '=', brand.id)
      .where('facet', '=', 'type')
      .executeTakeFirst()
  )?.n ?? 0,
);
let check: { mismatches: number; seconds: number } | null = null;
if (flag('check')) {
  const t0 = performance.now();
  const wrong = await countersMatchRows(handle.db);
  check = { mismatches: wrong.length, seconds: round((performance.now() - t0) / 1000) };
  if (wrong.length) process.stderr.write(`counters differ from the rows:\n${wrong.slice(0, 20).join('\n')}\n`);
}
await handle.close();

interface Call {
  name: string;
  method: 'GET' | 'PUT';
  path: string;
  body?: unknown;
  /** Sent once this call's answer is in (the folder statistics need the tree's top folders). */
  then?: (answer: unknown) => Call;
}

/**
 * The calls the page makes for a role, a brand (or all) and a period, as DashboardPage issues them
 * (its brand list is the session's, from the sign-in).
 */
function pageCalls(role: 'admin' | 'manager' | 'member', brandId: number | undefined, days: number): Call[] {
  const scope = brandId === undefined ? {} : { brand_id: brandId };
  const calls: Call[] = [
    { name: 'asset_statistics', method: 'PUT', path: '/api/ops/asset/statistics', body: { ...scope, days } },
    { name: 'audit_recent', method: 'GET', path: '/api/ops/audit/recent?limit=8' },
    { name: 'jobs_mine', method: 'GET', path: '/api/jobs/mine' },
  ];
  if (role !== 'member')
    calls.push({
      name: 'users_statistics',
      method: 'PUT',
      path: '/api/ops/users/statistics',
      body: { ...scope, days },
    });
  if (role === 'admin') calls.push({ name: 'jobs_queue', method: 'GET', path: '/api/jobs/queue' });
  if (brandId !== undefined)
    calls.push({
      name: 'folder_tree',
      method: 'GET',
      path: `/api/ops/folder/tree?brand_id=${brandId}&with=folders`,
      then: (tree) => ({
        name: 'folder_statistics',
        method: 'PUT',
        path: '/api/ops/folder/statistics',
        body: { ids: (tree as { root: { children: { id: number }[] } }).root.children.map((c) => c.id).slice(0, 500) },
      }),
    });
  return calls;
}

const server = await startServer();
const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
const { hostname, port } = new URL(server.base);

function send(s: Session, c: Call): Promise<{ ms: number; json: unknown }> {
  const body = c.body === undefined ? null : JSON.stringify(c.body);
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: hostname,
        port,
        path: c.path,
        agent,
        method: c.method,
        headers: { ...s.headers, ...(body === null ? {} : { 'content-length': String(Buffer.byteLength(body)) }) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (b: Buffer) => chunks.push(b));
        res.on('end', () => {
          const ms = performance.now() - t0;
          const text = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode !== 200) reject(new Error(`${c.name}: ${res.statusCode} ${text.slice(0, 200)}`));
          else resolve({ ms, json: c.then ? JSON.parse(text) : null });
        });
      },
    );
    req.on('error', reject);
    req.end(body ?? undefined);
  });
}

/** One page load: every call at once, the dependent ones after theirs. Wall time and per call. */
async function load(s: Session, calls: Call[]) {
  const t0 = performance.now();
  const each: Record<string, number> = {};
  await Promise.all(
    calls.map(async (c) => {
      const r = await send(s, c);
      each[c.name] = r.ms;
      if (c.then) {
        const next = c.then(r.json);
        each[next.name] = (await send(s, next)).ms;
      }
    }),
  );
  return { ms: performance.now() - t0, each };
}

try {
  const sessions = {
    admin: await signIn(server.base, USERS.admin),
    manager: await signIn(server.base, USERS.manager),
    member: await signIn(server.base, USERS.member),
  };
  const cases: { name: string; role: 'admin' | 'manager' | 'member'; brandId?: number; days: number }[] = [
    { name: 'admin_all_brands_30d', role: 'admin', days: 30 },
    { name: 'admin_brand_7d', role: 'admin', brandId: brand.id, days: 7 },
    { name: 'admin_brand_30d', role: 'admin', brandId: brand.id, days: 30 },
    { name: 'admin_brand_90d', role: 'admin', brandId: brand.id, days: 90 },
    { name: 'manager_brand_30d', role: 'manager', brandId: brand.id, days: 30 },
    { name: 'member_brand_30d', role: 'member', brandId: brand.id, days: 30 },
    { name: 'member_brand_90d', role: 'member', brandId: brand.id, days: 90 },
  ];
  const results: Record<string, unknown> = {};
  for (const c of cases) {
    const s = sessions[c.role];
    const calls = pageCalls(c.role, c.brandId, c.days);
    for (let i = 0; i < warmup; i++) await load(s, calls);
    const page: number[] = [];
    const alone: Record<string, number[]> = {};
    for (let i = 0; i < runs; i++) {
      page.push((await load(s, calls)).ms);
      // Each call alone too (one after the other, nothing else in flight), for where the time goes.
      for (const call of calls) {
        const r = await send(s, call);
        (alone[call.name] ??= []).push(r.ms);
        if (call.then) {
          const next = call.then(r.json);
          (alone[next.name] ??= []).push((await send(s, next)).ms);
        }
      }
    }
    const pageStats = stats(page);
    results[c.name] = {
      page_ms: pageStats,
      within_target: pageStats.p50 < TARGET_MS && pageStats.p95 < TARGET_MS,
      calls_alone_ms: Object.fromEntries(
        Object.entries(alone).map(([k, v]) => [k, { p50: stats(v).p50, p95: stats(v).p95 }]),
      ),
    };
    process.stderr.write(`dashboard: ${c.name} page p50 ${pageStats.p50} ms, p95 ${pageStats.p95} ms\n`);
  }
  console.log(
    JSON.stringify(
      {
        database: databaseUrl ? 'postgres' : 'sqlite',
        target: describeDb(databaseUrl, dataDir),
        brand_assets: assets,
        runs,
        warmup,
        target_ms: TARGET_MS,
        counters_check: check,
        cases: results,
      },
      null,
      2,
    ),
  );
} finally {
  agent.destroy();
  await server.stop();
}
