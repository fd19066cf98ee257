import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.js';
import type { BuiltApp } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { deleteKeys, testQueue, testRedisUrl } from './jobsDb.js';
import { dialect } from './dialect.js';
import { templateCopy } from './templateCopy.js';
import { iso } from '../src/lib/clock.js';
import type { Clock } from '../src/lib/clock.js';

export { adminQuery } from './pgDatabases.js';
export { dialect };
export const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' };

/** A clock the tests move by hand (token and link expiry). */
export class TestClock implements Clock {
  private offset = 0;
  private frozenAt: number | null = null;
  now() {
    return new Date((this.frozenAt ?? Date.now()) + this.offset);
  }
  advance(ms: number) {
    this.offset += ms;
  }
  /**
   * Stops the clock between `advance` calls, for a test about a wait shorter than a busy machine
   * takes to answer one request (the second of slow-down after a failed sign-in).
   */
  async frozen<T>(fn: () => Promise<T>): Promise<T> {
    this.frozenAt = Date.now();
    try {
      return await fn();
    } finally {
      this.offset += Date.now() - this.frozenAt;
      this.frozenAt = null;
    }
  }
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  links: string[];
  attachments?: { filename: string; contentType: string; size: number }[];
}

/**
 * The real app on a temp data dir, on a copy of the run's migrated template: an SQLite file, or
 * a PostgreSQL database of its own when TEST_DB=postgres (TEST_DATABASE_URL must then be
 * reachable: no silent skip). `env` overrides settings (APP_URL, WEB_DIST, ...).
 */
export async function startApp(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bv-test-'));
  const syncRoot = join(dataDir, 'nas');
  mkdirSync(syncRoot);
  const clock = new TestClock();
  const database = await templateCopy(dialect, dataDir);
  // TEST_QUEUE=redis: the app's jobs run on BullMQ, under keys of this app only.
  const redisPrefix =
    testQueue === 'redis' ? `bvtest-app-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}` : null;
  const config = loadConfig({
    ...(redisPrefix ? { REDIS_URL: testRedisUrl, REDIS_PREFIX: redisPrefix } : {}),
    DATA_DIR: dataDir,
    DATABASE_URL: database.databaseUrl,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    APP_URL: 'http://app.test',
    LOG_LEVEL: 'silent',
    WEB_DIST: join(dataDir, 'no-web'),
    // app.inject waits for the end of an answer: a notification stream ends soon in tests.
    NOTIFICATION_STREAM_SECONDS: '0.3',
    // NAS sync: one root inside the data dir, no settle wait and no watcher (tests that need them say so).
    SYNC_ROOTS: syncRoot,
    SYNC_SETTLE_SECONDS: '0',
    SYNC_WATCH: 'false',
    // A small disk reserve: each app writes it to its data dir (fullDisk.test.ts sets its own).
    DISK_RESERVE_MB: '1',
    // Analyses that run models (text, objects, faces) cost CPU on every image uploaded: the tests
    // that need one turn it on.
    ANALYSIS: 'colours',
    ...env,
  } as NodeJS.ProcessEnv);
  let built: BuiltApp;
  try {
    built = await buildApp(config, { clock, logger: false });
  } catch (err) {
    await database.drop();
    throw err;
  }
  const outboxDir = join(dataDir, 'outbox');
  const mailSettled = () => settleMail(built, clock);
  const mails = (to?: string): Mail[] => {
    let files: string[] = [];
    try {
      files = readdirSync(outboxDir)
        .filter((f) => f.endsWith('.json'))
        .sort();
    } catch {
      return [];
    }
    const all = files.map((f) => JSON.parse(readFileSync(join(outboxDir, f), 'utf8')) as Mail);
    return to ? all.filter((m) => m.to === to) : all;
  };

  return {
    app: built.app,
    built,
    clock,
    /** The app's BullMQ key prefix when TEST_QUEUE=redis; null on the database queue. */
    redisPrefix,
    dataDir,
    /** The settings the app was built with (its DATABASE_URL, for a second app on the same database). */
    config,
    /** SYNC_ROOTS of this app (unless `env` set another). */
    syncRoot,
    /** A client whose every request returns once the mail it queued has been sent (see settleMail). */
    client: () => new Client(built, mailSettled),
    /**
     * Messages in the outbox, oldest first, optionally only those to one address. Mail is a job:
     * after a request through `client()` it is there already; after anything else (a service
     * called directly, `app.inject`), await `mailSettled()` or `waitForMails()` first.
     */
    mails,
    /** Resolves once no mail.send job is due or running: every queued message has been sent. */
    mailSettled,
    /** Waits until `count` messages (to `to`, if given) are in the outbox; returns them all. */
    async waitForMails(to?: string, count = 1, timeoutMs = 10_000): Promise<Mail[]> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        await mailSettled();
        const found = mails(to);
        if (found.length >= count) return found;
        if (Date.now() > deadline)
          throw new Error(`waited ${timeoutMs} ms for ${count} mail(s) to ${to ?? 'anyone'}; found ${found.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async close() {
      await built.close();
      if (redisPrefix) await deleteKeys(testRedisUrl, redisPrefix);
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof startApp>>;

/**
 * Mail is sent by the `mail.send` job: waits until none is due (by the app's clock) or running,
 * waking the app's worker meanwhile. A retry scheduled for later is not waited for. Without an
 * in-process worker (JOBS_IN_SERVER=false) nothing would send it, so it returns at once.
 */
async function settleMail(built: BuiltApp, clock: Clock, timeoutMs = 15_000): Promise<void> {
  const worker = built.worker;
  if (!worker) return;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = iso(clock.now());
    const pending = await built.handle.db
      .selectFrom('jobs')
      .select('id')
      .where('name', '=', 'mail.send')
      .where((eb) =>
        eb.or([eb('status', '=', 'running'), eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)])]),
      )
      .limit(1)
      .executeTakeFirst();
    if (!pending) return;
    if (Date.now() > deadline) throw new Error(`mail job ${pending.id} still not sent after ${timeoutMs} ms`);
    worker.wake();
    await new Promise((r) => setTimeout(r, 5));
  }
}

type Res = LightMyRequestResponse & { body: string; json: <T = any>() => T }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A browser-like caller: keeps the XSRF cookie, sends it back as the header, holds a token. */
export class Client {
  token: string | null = null;
  xsrf: string | null = null;
  lang: string | null = null;
  ip = '127.0.0.1';
  /** `settled`: awaited after each request (the app's queued mail is sent by then). */
  constructor(
    private built: BuiltApp,
    private settled: () => Promise<void> = async () => undefined,
  ) {}

  async csrf() {
    const r = await this.built.app.inject({ method: 'GET', url: '/api/auth/csrf-cookie' });
    this.xsrf = r.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? null;
    return r;
  }

  async req(
    method: string,
    url: string,
    body?: unknown,
    opts: { xsrf?: boolean; headers?: Record<string, string>; raw?: Buffer } = {},
  ): Promise<Res> {
    const unsafe = method !== 'GET' && method !== 'HEAD';
    if (unsafe && opts.xsrf !== false && !this.xsrf) await this.csrf();
    const headers: Record<string, string> = { ...opts.headers };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (this.lang) headers['accept-language'] = this.lang;
    if (unsafe && opts.xsrf !== false && this.xsrf) {
      headers['x-xsrf-token'] = this.xsrf;
      headers.cookie = `XSRF-TOKEN=${this.xsrf}`;
    }
    const res = (await this.built.app.inject({
      method: method as 'GET',
      url,
      headers,
      remoteAddress: this.ip,
      ...(opts.raw ? { payload: opts.raw } : body !== undefined ? { payload: body as object } : {}),
    })) as Res;
    await this.settled();
    return res;
  }
  get = (url: string) => this.req('GET', url);
  post = (url: string, body?: unknown) => this.req('POST', url, body);
  patch = (url: string, body?: unknown) => this.req('PATCH', url, body);
  put = (url: string, body?: unknown) => this.req('PUT', url, body);
  /** Sends a multipart body made by `multipart()`. */
  form = (method: string, url: string, m: { payload: Buffer; headers: Record<string, string> }) =>
    this.req(method, url, undefined, { raw: m.payload, headers: m.headers });

  async login(email: string, password: string) {
    const r = await this.post('/api/login', { email, password });
    if (r.statusCode !== 200) throw new Error(`login ${email} failed: ${r.statusCode} ${r.body}`);
    this.token = r.json().token;
    return r.json();
  }
}

let seq = 0;
/** Creates an active user through the admin API and returns a signed-in client for them. */
export async function makeUser(t: TestApp, admin: Client, over: Record<string, unknown> = {}) {
  seq += 1;
  const email = `user${seq}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const body = {
    first_name: 'Test',
    last_name: `User${seq}`,
    email,
    password: 'password-123',
    password_confirmation: 'password-123',
    roles: ['member'],
    ...over,
  };
  const r = await admin.post('/api/ops/users/create', body);
  if (r.statusCode !== 201) throw new Error(`create user failed: ${r.statusCode} ${r.body}`);
  const c = t.client();
  const address = String(body.email);
  if ((body as { status?: string }).status !== 'INACTIVE') await c.login(address, 'password-123');
  return { client: c, id: r.json().user.id as number, email: address };
}

export async function adminClient(t: TestApp) {
  const c = t.client();
  await c.login(ADMIN.email, ADMIN.password);
  return c;
}

/** A multipart/form-data body for app.inject (fields as strings; files as buffers). */
export function multipart(
  fields: Record<string, string>,
  files: { field: string; name: string; type: string; data: Buffer }[] = [],
) {
  const boundary = `----bv${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
    );
    chunks.push(f.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Creates a brand through the API and returns its id and root folder id. */
export async function makeBrand(admin: Client, name = `Brand ${Math.random().toString(36).slice(2, 7)}`) {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const r = await admin.post('/api/ops/brand/create', { name, slug });
  if (r.statusCode !== 201) throw new Error(`brand create failed: ${r.statusCode} ${r.body}`);
  const brand = r.json().brand;
  return { id: brand.id as number, root: brand.root_folder_id as number, slug };
}

export async function makeFolder(c: Client, brandId: number, name: string, parentId?: number, visibility = 'PUBLIC') {
  const r = await c.post('/api/ops/folder/new', { brand_id: brandId, parent_id: parentId, name, visibility });
  if (r.statusCode !== 201) throw new Error(`folder create failed: ${r.statusCode} ${r.body}`);
  return r.json().folder.id as number;
}

export { assetRow, insertAssets, insertFolderAssets } from './assetRow.js';
