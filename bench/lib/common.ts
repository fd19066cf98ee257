// Shared by bench/seed, bench/search and bench/load: arguments, the database the app opens, the
// real server as a child process, sign-in, and latency statistics.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { loadConfig } from '../../apps/server/src/config/config.js';
import type { Config } from '../../apps/server/src/config/config.js';
import { openDb } from '../../apps/server/src/db/index.js';
import type { DbHandle } from '../../apps/server/src/db/index.js';
import { migrate } from '../../apps/server/src/db/migrate.js';

const args = process.argv.slice(2);
export const opt = (name: string, def: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1]! : def;
};
export const flag = (name: string): boolean => args.includes(`--${name}`);
export const numOpt = (name: string, def: number): number => {
  const v = Number(opt(name, String(def)));
  if (!Number.isFinite(v)) throw new Error(`--${name} must be a number`);
  return v;
};

/** The seeded people: every password is BENCH_PASSWORD; the admin is the app's first user. */
export const BENCH_PASSWORD = 'bench-password-1';
export const BENCH_BRAND_SLUG = 'bench';
export const USERS = {
  admin: 'admin@example.com',
  manager: 'bench-manager@example.com',
  member: 'bench-member@example.com',
  guest: 'bench-guest@example.com',
} as const;
/** Members used by bench:load, one rate-limit bucket (600/min) each. */
export const loadUserEmail = (i: number) => `bench-load-${String(i).padStart(4, '0')}@example.com`;

/** DATA_DIR (--data-dir, else env, else ./data-bench) and DATABASE_URL (--database-url, else env). */
export function target() {
  const dataDir = resolve(opt('data-dir', process.env.DATA_DIR || './data-bench'));
  const databaseUrl = opt('database-url', process.env.DATABASE_URL ?? '') || undefined;
  return { dataDir, databaseUrl };
}

/** The database as the app opens it, with every migration that exists applied. */
export async function openBenchDb(): Promise<{ handle: DbHandle; config: Config }> {
  const { dataDir, databaseUrl } = target();
  const config = loadConfig({
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ADMIN_EMAIL: USERS.admin,
    ADMIN_PASSWORD: BENCH_PASSWORD,
    LOG_LEVEL: 'warn',
  });
  const handle = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(handle.db, handle.dialect);
  return { handle, config };
}

/** The database URL without its password, for the JSON output. */
export const describeDb = (url: string | undefined, dataDir: string) =>
  url ? url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@') : `sqlite:${dataDir}/brandvault.sqlite`;

export interface Server {
  base: string;
  pid: number;
  stop(): Promise<void>;
}

// A path in a variable: the scripts are plain JavaScript without declarations for tsc.
const scriptsLib = new URL('../../scripts/lib.mjs', import.meta.url).pathname;
/** Node's arguments for the compiled server, the same as `npm start` gives it. */
const { compiledNodeArgs } = (await import(scriptsLib)) as { compiledNodeArgs: string[] };

/** The real server (apps/server/src/main.ts through tsx) on a random loopback port. */
/**
 * How the server is started: under tsx from its sources (the default), or as production runs it,
 * the compiled build (BENCH_SERVER_COMPILED=1; `npm run build -w apps/server` first), which
 * leaves out the TypeScript loader and its module graph (60–85 MiB of RSS), with `npm start`'s
 * Node arguments (scripts/lib.mjs: its heap bound among them).
 */
export function serverEntry(serverDir: string): string[] {
  if (!process.env.BENCH_SERVER_COMPILED) return ['--import', 'tsx', 'src/main.ts'];
  const main = `${serverDir}/dist/main.js`;
  if (!existsSync(main)) throw new Error(`BENCH_SERVER_COMPILED: no ${main}; run npm run build -w apps/server`);
  return [...compiledNodeArgs, main];
}

export async function startServer(extraEnv: Record<string, string> = {}): Promise<Server> {
  const { dataDir, databaseUrl } = target();
  const port = 31000 + Math.floor(Math.random() * 10000);
  const serverDir = new URL('../../apps/server', import.meta.url).pathname;
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const entry = serverEntry(serverDir);
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    ADMIN_EMAIL: USERS.admin,
    ADMIN_PASSWORD: BENCH_PASSWORD,
    LOG_LEVEL: 'warn',
    JOBS_IN_SERVER: 'false',
    ...extraEnv,
  };
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, ...entry], {
    cwd: serverDir,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // With several server processes the primary says when all of them listen; until then the ones
  // still starting would take CPU from the first measurements. As many as the server will start.
  let allListening = loadConfig(env).webConcurrency <= 1;
  // BENCH_SERVER_LOG=1 passes the server's log (its stdout) through to this process's stderr.
  child.stdout!.on('data', (c: Buffer) => {
    if (c.toString().includes('server processes)')) allListening = true;
    if (process.env.BENCH_SERVER_LOG) process.stderr.write(c);
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  // Never leave the server behind, whatever ends this process.
  process.once('exit', () => {
    if (!exited) child.kill('SIGTERM');
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      if (!exited) child.kill('SIGTERM');
      process.exit(130);
    });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    await new Promise<void>((r) => {
      const t = setTimeout(() => {
        child.kill('SIGKILL');
        r();
      }, 5000);
      child.once('exit', () => {
        clearTimeout(t);
        r();
      });
    });
  };
  for (let i = 0; ; i++) {
    if (exited) throw new Error('the server exited during start-up (see its log above)');
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok && allListening) break;
    if (i > 600) {
      await stop();
      throw new Error('the server did not answer /api/health within 60 s');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, pid: child.pid!, stop };
}

export interface Session {
  token: string;
  xsrf: string;
  /** Headers for any request: bearer token, XSRF header and cookie, JSON. */
  headers: Record<string, string>;
}

export async function xsrfOf(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/csrf-cookie`);
  const m = /XSRF-TOKEN=([^;]+)/.exec(res.headers.get('set-cookie') ?? '');
  if (!m?.[1]) throw new Error('no XSRF-TOKEN cookie from /api/auth/csrf-cookie');
  return m[1];
}

export async function signIn(base: string, email: string, password = BENCH_PASSWORD, xsrf?: string): Promise<Session> {
  const x = xsrf ?? (await xsrfOf(base));
  const h = { 'x-xsrf-token': x, cookie: `XSRF-TOKEN=${x}`, 'content-type': 'application/json' };
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: h,
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in as ${email} failed: ${res.status} ${await res.text()} (run bench:seed first?)`);
  const { token } = (await res.json()) as { token: string };
  return { token, xsrf: x, headers: { ...h, authorization: `Bearer ${token}` } };
}

/** Nearest-rank percentile of a sorted array. */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}
export const round = (v: number, digits = 2) => Number(v.toFixed(digits));
export function stats(samples: readonly number[]) {
  const s = [...samples].sort((a, b) => a - b);
  return {
    n: s.length,
    p50: round(percentile(s, 50)),
    p95: round(percentile(s, 95)),
    p99: round(percentile(s, 99)),
    min: round(s[0] ?? NaN),
    max: round(s[s.length - 1] ?? NaN),
  };
}

/**
 * Latencies in 10 µs buckets up to 60 s (and one overflow bucket): constant memory whatever the
 * number of requests, and percentiles within 10 µs.
 */
export class Histogram {
  private buckets = new Uint32Array(6_000_001);
  count = 0;
  private sum = 0;
  private maxMs = 0;
  record(ms: number) {
    this.buckets[Math.min(this.buckets.length - 1, Math.max(0, Math.round(ms * 100)))]!++;
    this.count++;
    this.sum += ms;
    if (ms > this.maxMs) this.maxMs = ms;
  }
  percentile(p: number): number {
    if (!this.count) return NaN;
    const rank = Math.ceil((p / 100) * this.count);
    let seen = 0;
    for (let i = 0; i < this.buckets.length; i++) {
      seen += this.buckets[i]!;
      if (seen >= rank) return i / 100;
    }
    return this.maxMs;
  }
  summary() {
    return {
      p50: round(this.percentile(50)),
      p90: round(this.percentile(90)),
      p95: round(this.percentile(95)),
      p99: round(this.percentile(99)),
      p999: round(this.percentile(99.9)),
      mean: round(this.count ? this.sum / this.count : NaN),
      max: round(this.maxMs),
    };
  }
}

/** Deterministic PRNG (mulberry32), so two seeds with the same arguments build the same library. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A raw SQL statement for `db.executeQuery` (kysely is the server's dependency, not ours: this is
 * the plain object its `CompiledQuery.raw` makes).
 */
type RawQuery = Parameters<DbHandle['db']['executeQuery']>[0];
let rawSeq = 0;
export const raw = (sqlText: string, parameters: readonly unknown[] = []): RawQuery =>
  ({
    sql: sqlText,
    parameters,
    query: { kind: 'RawNode', sqlFragments: [sqlText], parameters: [] },
    queryId: { queryId: `bench-${++rawSeq}` },
  }) as unknown as RawQuery;
