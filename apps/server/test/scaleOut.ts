import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Processes of a scale-out deployment for tests: the compiled server (as `npm start` runs it) and
 * the compiled worker, each with a data directory of its own, as on separate hosts.
 */
const root = new URL('../../../', import.meta.url).pathname;

interface ScriptsLib {
  buildServerIfStale(): Promise<number>;
  compiledNodeArgs: string[];
}
// A path in a variable: the scripts are plain JavaScript without declarations for tsc.
const libPath = `${root}scripts/lib.mjs`;
const lib = () => import(libPath) as Promise<ScriptsLib>;

/**
 * Builds the server into apps/server/dist when a source is newer than the last build. Test files
 * run side by side: a lock keeps one from starting the build while another rewrites it.
 */
export async function buildServer(): Promise<void> {
  const { lock } = await import('proper-lockfile');
  const release = await lock(`${root}apps/server`, {
    // Outside the checkout (nothing to ignore), one per checkout.
    lockfilePath: join(tmpdir(), `brandvault-build-${createHash('sha1').update(root).digest('hex').slice(0, 12)}.lock`),
    retries: { retries: 600, minTimeout: 100, maxTimeout: 100 },
  });
  try {
    const code = await (await lib()).buildServerIfStale();
    if (code !== 0) throw new Error(`building the server failed (exit ${code})`);
  } finally {
    await release();
  }
}

/** Node's arguments (and directory) to run the compiled server (`main`) or worker as `npm start` does. */
export async function compiledServer(entry: 'main' | 'worker') {
  const { compiledNodeArgs } = await lib();
  return { args: [...compiledNodeArgs, `apps/server/dist/${entry}.js`], cwd: root };
}

export interface Proc {
  name: string;
  child: ChildProcess;
  dataDir: string;
  /** What it wrote to stdout and stderr so far. */
  output(): string;
  /** Stops it (SIGTERM, then SIGKILL after 10 s) and removes its data directory. */
  stop(): Promise<void>;
}

/** Starts `dist/main.js` (an API process) or `dist/worker.js` with `env` over the test's own. */
export async function startProcess(name: string, entry: 'main' | 'worker', env: Record<string, string>): Promise<Proc> {
  const { args, cwd } = await compiledServer(entry);
  const dataDir = mkdtempSync(join(tmpdir(), `bv-${name}-`));
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (c: Buffer) => (text += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (text += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    name,
    child,
    dataDir,
    output: () => text,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(killer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits until `ok` holds, polling every 50 ms; the error names what was awaited and `said()`. */
export async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 30_000, said = () => '') {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50)))
    if (await ok()) return;
  throw new Error(`timed out after ${ms} ms waiting for ${what}\n${said()}`);
}

/**
 * Resolves once `base` is ready: GET /api/health/ready answers 200 (or, on a server without a
 * readiness check, /api/health does); fails early if the process has exited.
 */
export async function healthy(base: string, proc: Proc, ms = 60_000) {
  let path = '/api/health/ready';
  await until(
    `${proc.name} to be ready`,
    async () => {
      if (proc.child.exitCode !== null) throw new Error(`${proc.name} exited:\n${proc.output()}`);
      const r = await fetch(`${base}${path}`).catch(() => null);
      if (r?.status === 404) path = '/api/health';
      return r?.status === 200;
    },
    ms,
    proc.output,
  );
}

/** A signed-in (or not) user of one deployment, whose requests go to whichever API it is told. */
export class Session {
  token: string | null = null;
  xsrf: string | null = null;

  /** Headers of a request: the bearer token, and the XSRF pair on unsafe methods. */
  headers(method = 'GET', more: Record<string, string> = {}): Record<string, string> {
    const h: Record<string, string> = { ...more };
    if (this.token) h.authorization = `Bearer ${this.token}`;
    if (method !== 'GET' && method !== 'HEAD' && this.xsrf) {
      h['x-xsrf-token'] = this.xsrf;
      h.cookie = `XSRF-TOKEN=${this.xsrf}`;
    }
    return h;
  }

  async csrf(base: string) {
    const r = await fetch(`${base}/api/auth/csrf-cookie`);
    this.xsrf = /XSRF-TOKEN=([^;]+)/.exec(r.headers.get('set-cookie') ?? '')?.[1] ?? null;
    if (!this.xsrf) throw new Error(`no XSRF-TOKEN cookie from ${base}`);
  }

  /** A request; `body` is sent as JSON unless it is bytes or a form. */
  async req(base: string, method: string, path: string, body?: unknown, more: Record<string, string> = {}) {
    const raw = body instanceof Uint8Array || body instanceof FormData;
    const json = body !== undefined && !raw;
    const r = await fetch(`${base}${path}`, {
      method,
      headers: this.headers(method, { ...(json ? { 'content-type': 'application/json' } : {}), ...more }),
      body: json ? JSON.stringify(body) : (body as Uint8Array | FormData | undefined),
    });
    const bytes = Buffer.from(await r.arrayBuffer());
    const text = bytes.toString();
    return { status: r.status, headers: r.headers, bytes, text, json: <T = unknown>() => JSON.parse(text) as T };
  }

  async login(base: string, email: string, password: string) {
    if (!this.xsrf) await this.csrf(base);
    const r = await this.req(base, 'POST', '/api/login', { email, password });
    if (r.status !== 200) throw new Error(`sign-in of ${email} on ${base}: ${r.status} ${r.text}`);
    this.token = r.json<{ token: string }>().token;
  }
}

/** Throws a clear error unless Redis answers at `url`: a scale-out run without it is no run. */
export async function requireRedis(url: string): Promise<void> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 5_000, maxRetriesPerRequest: 0 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    throw new Error(`the scale-out test needs Redis at ${url} (TEST_REDIS_URL): ${(err as Error).message}`);
  } finally {
    redis.disconnect();
  }
}
