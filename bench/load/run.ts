// bench/load: the authenticated list endpoint under load: GET /api/ops/asset/list/all/:root?page=n
// (varied n), or POST with a few varied bodies (--post), 64 connections for 30 s, against the real
// server as a child process. Requests per second and latency percentiles. Prints JSON.
//   npm run load -w bench -- [--connections 64] [--duration 30] [--warmup 4000] [--users 500] [--post]
//                            [--pages 200] [--cold] [--data-dir ./data-bench] [--smoke]
// Uses autocannon when it is installed, else a built-in loader (node:http keep-alive agent, one
// request in flight per connection, 10 µs histogram).
//
// Rate limit: the list route allows 600 requests per minute per user. The load is spread round-robin
// over the --users seeded load users (bench-load-NNNN, made by bench:seed --load-users), each signed
// in once: 500 users allow 300,000 requests in a minute (10,000/s for 30 s; with 200, SQLite on two
// cores hit the limit at ~4,000/s and half its answers were 429s). 429s are counted and reported;
// if any appear, raise --users (and seed that many).
// --warmup: that many requests of the same load first, not counted (8 per user). Without it the
// slowest requests (up to ~2 s) all come in the first
// 2-3 s, while 64 connections arrive at once, the code is still being compiled and each of the 200
// pages is computed for the first time; after that none took over 150 ms.
// --cold: the server keeps no answers (SEARCH_CACHE_ENTRIES=0), so every request computes its page,
// count and facets (the default server keeps 500 answers per process per search generation: a
// brand nobody edits answers most of a load like this from memory).
// --smoke: drives GET /api/ops/folder/:id/get/assets instead (to test the loader without the search API).
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import {
  BENCH_BRAND_SLUG,
  Histogram,
  describeDb,
  flag,
  loadUserEmail,
  numOpt,
  openBenchDb,
  round,
  signIn,
  startServer,
  target,
  xsrfOf,
} from '../lib/common.js';
import type { Session } from '../lib/common.js';
import { AUTHORS, COMMON_WORD, LANGUAGES } from '../lib/vocab.js';

const connections = numOpt('connections', 64);
const duration = numOpt('duration', 30);
const warmup = numOpt('warmup', 4000);
const userCount = numOpt('users', 500);
const pages = numOpt('pages', 200);
const post = flag('post');
const smoke = flag('smoke');
const cold = flag('cold');

const { handle } = await openBenchDb();
const { db, dialect } = handle;
const { dataDir, databaseUrl } = target();
const brand = await db.selectFrom('brands').select('id').where('slug', '=', BENCH_BRAND_SLUG).executeTakeFirst();
if (!brand) {
  await handle.close();
  throw new Error(`no "${BENCH_BRAND_SLUG}" brand in ${describeDb(databaseUrl, dataDir)}: run bench:seed first`);
}
const root = await db
  .selectFrom('folders')
  .select('id')
  .where('brand_id', '=', brand.id)
  .where('parent_id', 'is', null)
  .executeTakeFirstOrThrow();
const seededUsers = await db
  .selectFrom('users')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .where('email', 'like', 'bench-load-%')
  .executeTakeFirstOrThrow();
const assets = await db
  .selectFrom('assets')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .where('brand_id', '=', brand.id)
  .executeTakeFirstOrThrow();
await handle.close();
const users = Math.min(userCount, Number(seededUsers.n));
if (users < 1) throw new Error('no bench-load-NNNN users: run bench:seed (it makes --load-users, 500 by default)');

const BODIES = [
  {},
  { sort: { attribute: 'date', mode: 'latest' } },
  { q: COMMON_WORD },
  { type: ['image'], sort: { attribute: 'date', mode: 'latest' } },
  { author: [AUTHORS[0]], language: [LANGUAGES[0]] },
].map((b) => JSON.stringify(b));

/** The n-th request: path and body. Pages vary from 1 to --pages. */
function requestFor(n: number): { path: string; body: string | null } {
  const page = 1 + ((n * 7919) % pages);
  if (smoke) return { path: `/api/ops/folder/${root.id}/get/assets?page=${1 + (n % 5)}`, body: null };
  const path = `/api/ops/asset/list/all/${root.id}?page=${page}`;
  return post ? { path, body: BODIES[n % BODIES.length]! } : { path, body: null };
}

const server = await startServer(cold ? { SEARCH_CACHE_ENTRIES: '0' } : {});
try {
  // ---- Sign in the load users (a few at a time: argon2 is CPU-bound).
  const xsrf = await xsrfOf(server.base);
  const sessions: Session[] = [];
  const t0 = performance.now();
  for (let i = 0; i < users; i += 4) {
    const batch = Array.from({ length: Math.min(4, users - i) }, (_, k) =>
      signIn(server.base, loadUserEmail(i + k + 1), undefined, xsrf),
    );
    sessions.push(...(await Promise.all(batch)));
  }
  const signInS = round((performance.now() - t0) / 1000);
  const url = new URL(server.base);
  // As a browser asks: compressed answers welcome (the server keeps a page's compressed body).
  const browser = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };
  const headersFor = (n: number, body: string | null): Record<string, string> => {
    const s = sessions[n % sessions.length]!;
    return body === null
      ? { authorization: s.headers.authorization!, ...browser }
      : { ...s.headers, ...browser, 'content-length': String(Buffer.byteLength(body)) };
  };

  // ---- Probe: the endpoint must exist and answer 200.
  {
    const { path, body } = requestFor(0);
    const res = await fetch(`${server.base}${path}`, {
      method: body === null ? 'GET' : 'POST',
      headers: headersFor(0, body),
      ...(body === null ? {} : { body }),
    });
    const text = await res.text();
    if (res.status === 404)
      throw new Error(
        `${path} answered 404: the search API (apps/server/src/modules/search) is not mounted yet. ${text.slice(0, 200)}`,
      );
    if (!res.ok) throw new Error(`probe ${path}: HTTP ${res.status} ${text.slice(0, 300)}`);
  }

  let autocannon: ((opts: unknown) => Promise<AutocannonResult>) | null = null;
  try {
    const name = 'autocannon';
    autocannon = ((await import(name)) as { default: (opts: unknown) => Promise<AutocannonResult> }).default;
  } catch {
    autocannon = null;
  }

  const run = (limit: Limit) => (autocannon ? withAutocannon(autocannon, limit) : builtIn(limit));
  if (warmup > 0) await run({ requests: warmup });
  const result = await run({ seconds: duration });
  console.log(
    JSON.stringify(
      {
        database: dialect,
        target: describeDb(databaseUrl, dataDir),
        assets: Number(assets.n),
        endpoint: smoke
          ? 'GET /api/ops/folder/:root/get/assets (smoke)'
          : `${post ? 'POST' : 'GET'} /api/ops/asset/list/all/${root.id}?page=1..${pages}`,
        kept_answers: !cold,
        loader: autocannon ? 'autocannon' : 'built-in (node:http keep-alive)',
        connections,
        duration_s: duration,
        warmup_requests: warmup,
        users,
        sign_in_s: signInS,
        ...result,
        targets: { req_per_s: 1500, p99_ms: 100 },
        pass: result.req_per_s >= 1500 && result.latency_ms.p99 <= 100 && result.non_2xx === 0,
      },
      null,
      2,
    ),
  );

  async function builtIn(limit: Limit) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
    const hist = new Histogram();
    const statuses: Record<string, number> = {};
    let errors = 0;
    let seq = 0;
    let bytes = 0;
    const one = (n: number) =>
      new Promise<void>((resolve) => {
        const { path, body } = requestFor(n);
        const started = performance.now();
        const req = http.request(
          {
            host: url.hostname,
            port: url.port,
            path,
            method: body === null ? 'GET' : 'POST',
            agent,
            headers: headersFor(n, body),
          },
          (res) => {
            res.on('data', (c: Buffer) => (bytes += c.length));
            res.on('end', () => {
              hist.record(performance.now() - started);
              statuses[res.statusCode ?? 0] = (statuses[res.statusCode ?? 0] ?? 0) + 1;
              resolve();
            });
          },
        );
        req.on('error', () => {
          errors++;
          resolve();
        });
        if (body !== null) req.write(body);
        req.end();
      });
    const end = 'seconds' in limit ? performance.now() + limit.seconds * 1000 : Infinity;
    const count = 'requests' in limit ? limit.requests : Infinity;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < end && seq < count) await one(seq++);
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    agent.destroy();
    const non2xx = Object.entries(statuses)
      .filter(([s]) => !s.startsWith('2'))
      .reduce((a, [, c]) => a + c, 0);
    return {
      requests: hist.count,
      req_per_s: Math.round(hist.count / elapsed),
      mb_per_s: round(bytes / 1024 ** 2 / elapsed),
      latency_ms: hist.summary(),
      statuses,
      non_2xx: non2xx,
      rate_limited_429: statuses['429'] ?? 0,
      errors,
    };
  }

  function withoutLength(h: Record<string, string>) {
    const { 'content-length': _, ...rest } = h;
    return rest;
  }

  async function withAutocannon(run: (opts: unknown) => Promise<AutocannonResult>, limit: Limit) {
    let n = 0;
    const r = await run({
      url: server.base,
      connections,
      ...('seconds' in limit ? { duration: limit.seconds } : { amount: limit.requests }),
      requests: [
        {
          setupRequest: (req: Record<string, unknown>) => {
            const i = n++;
            const { path, body } = requestFor(i);
            return {
              ...req,
              path,
              method: body === null ? 'GET' : 'POST',
              // autocannon sets content-length from the body itself.
              headers: withoutLength(headersFor(i, body)),
              ...(body === null ? {} : { body }),
            };
          },
        },
      ],
    });
    return {
      requests: r.requests.total,
      req_per_s: Math.round(r.requests.average),
      mb_per_s: round(r.throughput.average / 1024 ** 2),
      latency_ms: {
        p50: r.latency.p50,
        p90: r.latency.p90,
        p95: r.latency.p97_5,
        p95_note: 'autocannon has no p95: this is p97.5',
        p99: r.latency.p99,
        p999: r.latency.p99_9,
        mean: r.latency.average,
        max: r.latency.max,
      },
      statuses: { '2xx': r['2xx'], non2xx: r.non2xx },
      non_2xx: r.non2xx,
      rate_limited_429: r.statusCodeStats?.['429']?.count ?? 0,
      errors: r.errors + r.timeouts,
    };
  }
} finally {
  await server.stop();
}

type Limit = { seconds: number } | { requests: number };

interface AutocannonResult {
  requests: { total: number; average: number };
  throughput: { average: number };
  latency: { p50: number; p90: number; p97_5: number; p99: number; p99_9: number; average: number; max: number };
  '2xx': number;
  non2xx: number;
  statusCodeStats?: Record<string, { count: number }>;
  errors: number;
  timeouts: number;
}
