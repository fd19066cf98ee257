import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadItem, NotificationEvent, UploadResult } from '@brandvault/contract';
import { dialect } from '../test/dialect.js';
import { buildServer, healthy, requireRedis, Session, startProcess, until } from '../test/scaleOut.js';
import type { Proc } from '../test/scaleOut.js';

/**
 * Brandvault as a self-hoster scales it out: two API processes and one worker, each with a data
 * directory of its own (as on separate hosts), sharing only PostgreSQL, Redis (BullMQ, under a
 * prefix of this file) and an S3-compatible store (s3rver on loopback). Runs in the PostgreSQL
 * pass of the suite: SQLite cannot be shared between hosts. A PostgreSQL restart under load has a
 * server of its own to stop, so it is a file of its own (db/restart.test.ts).
 */
// Not the harness's: importing it would load the whole app into the test process for nothing.
const ADMIN = { email: 'admin@example.com', password: 'scale-out-admin-1' };
const work = mkdtempSync(join(tmpdir(), 'bv-scaleout-'));
const redisPrefix = `bvtest-scale-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
let api1 = '';
let api2 = '';
const procs: Proc[] = [];
let cleanups: (() => Promise<void>)[] = [];
const admin = new Session();
let brand: { id: number; root: number };

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

const png = async (colour: string) => {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .png()
    .toBuffer();
};

/** Opens the notification stream of `s` on `base` and collects its events. */
async function openStream(base: string, s: Session) {
  const ctl = new AbortController();
  const res = await fetch(`${base}/api/ops/notification/stream`, { headers: s.headers(), signal: ctl.signal });
  expect(res.status).toBe(200);
  const events: NotificationEvent[] = [];
  const reading = (async () => {
    const reader = res.body!.getReader();
    const dec = new TextDecoder();
    let text = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      text += dec.decode(value, { stream: true });
      for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n')) {
        const data = text
          .slice(0, end)
          .split('\n')
          .find((l) => l.startsWith('data: '));
        if (text.slice(0, end).includes('event: notification') && data)
          events.push(JSON.parse(data.slice(6)) as NotificationEvent);
        text = text.slice(end + 2);
      }
    }
  })().catch(() => undefined);
  return {
    events,
    async close() {
      ctl.abort();
      await reading;
    },
  };
}

async function upload(base: string, folderId: number, name: string, data: Buffer) {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(data)], { type: 'image/png' }), name);
  const r = await admin.req(base, 'POST', `/api/ops/asset/${brand.id}/${folderId}/new`, form);
  expect(r.status, r.text).toBe(201);
  return r.json<{ results: UploadResult[] }>().results[0]!;
}

const said = () => procs.map((p) => `--- ${p.name}:\n${p.output()}`).join('\n');

describe.skipIf(dialect !== 'postgres')('scale-out: two API processes and a worker', () => {
  beforeAll(async () => {
    // Loaded here, so the SQLite pass, which skips this file, does not load the S3 client.
    const [{ templateCopy }, { deleteKeys, testRedisUrl }, { startS3rver }] = await Promise.all([
      import('../test/templateCopy.js'),
      import('../test/jobsDb.js'),
      import('./storage/testing.js'),
    ]);
    await requireRedis(testRedisUrl);
    cleanups.push(() => deleteKeys(testRedisUrl, redisPrefix));
    /** Each resource is cleaned up once it exists, even if another one then fails to start. */
    const kept = <T>(p: Promise<T>, close: (v: T) => Promise<void>) =>
      p.then((v) => (cleanups.push(() => close(v)), v));
    const [, s3, database] = await Promise.all([
      buildServer(),
      kept(startS3rver('brandvault-scale'), (s) => s.close()),
      kept(templateCopy(dialect, work), (d) => d.drop()),
    ]);
    const [port1, port2] = [await freePort(), await freePort()];
    api1 = `http://127.0.0.1:${port1}`;
    api2 = `http://127.0.0.1:${port2}`;
    const env = {
      DATABASE_URL: database.databaseUrl!,
      REDIS_URL: testRedisUrl,
      REDIS_PREFIX: redisPrefix,
      S3_BUCKET: s3.options.bucket,
      S3_ENDPOINT: s3.options.endpoint!,
      S3_REGION: s3.options.region,
      S3_ACCESS_KEY_ID: s3.options.accessKeyId!,
      S3_SECRET_ACCESS_KEY: s3.options.secretAccessKey!,
      S3_FORCE_PATH_STYLE: 'true',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      APP_URL: 'http://brandvault.test',
      // Behind a load balancer: the client's address comes from X-Forwarded-For.
      TRUST_PROXY: 'true',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST: join(work, 'no-web'),
      WEB_CONCURRENCY: '1',
      JOBS_IN_SERVER: 'false',
      SYNC_WATCH: 'false',
    };
    // The first API seeds the database while the worker starts (it does not seed); then API 2.
    procs.push(
      await startProcess('api1', 'main', { ...env, PORT: String(port1) }),
      await startProcess('worker', 'worker', env),
    );
    await healthy(api1, procs[0]!);
    procs.push(await startProcess('api2', 'main', { ...env, PORT: String(port2) }));
    await healthy(api2, procs[2]!);
    await admin.login(api1, ADMIN.email, ADMIN.password);
    const r = await admin.req(api1, 'POST', '/api/ops/brand/create', { name: 'Scale Co', slug: 'scale-co' });
    expect(r.status, r.text).toBe(201);
    const b = r.json<{ brand: { id: number; root_folder_id: number } }>().brand;
    brand = { id: b.id, root: b.root_folder_id };
  }, 120_000);

  afterAll(async () => {
    await Promise.all(procs.map((p) => p.stop()));
    for (const c of cleanups) await c().catch(() => undefined);
    cleanups = [];
    rmSync(work, { recursive: true, force: true });
  }, 60_000);

  it('keeps a session made on one API on the other, and ends it on both', async () => {
    // The sign-in token and the XSRF cookie of API 1 are good on API 2 (the key is shared).
    const me = await admin.req(api2, 'GET', '/api/auth/me');
    expect(me.status, me.text).toBe(200);
    const folder = await admin.req(api2, 'POST', '/api/ops/folder/new', {
      brand_id: brand.id,
      parent_id: brand.root,
      name: 'Made on API 2',
      visibility: 'PUBLIC',
    });
    expect(folder.status, folder.text).toBe(201);

    const other = new Session();
    await other.login(api2, ADMIN.email, ADMIN.password);
    expect((await other.req(api1, 'GET', '/api/auth/me')).status).toBe(200);
    expect((await other.req(api1, 'POST', '/api/logout')).status).toBe(200);
    expect((await other.req(api2, 'GET', '/api/auth/me')).status).toBe(401);
    expect((await other.req(api1, 'GET', '/api/auth/me')).status).toBe(401);
  });

  it('counts sign-in attempts from one address on both APIs toward one limit', async () => {
    // 60 wrong sign-ins (the per-address limit) from one client, half on each API, each for
    // another e-mail so no per-account limit applies: the next one is refused on either API.
    const from = { 'x-forwarded-for': '203.0.113.61' };
    const guest = new Session();
    await guest.csrf(api1);
    const attempt = (base: string, i: number, more: Record<string, string> = {}) =>
      guest.req(
        base,
        'POST',
        '/api/login',
        { email: `nobody${i}@example.com`, password: 'wrong-password-1' },
        { ...from, ...more },
      );
    for (let i = 0; i < 60; i += 4) {
      const answers = await Promise.all([0, 1, 2, 3].map((k) => attempt(k % 2 ? api2 : api1, i + k)));
      for (const a of answers)
        expect(a.json<{ error: { code: string } }>().error.code, a.text).toBe('WRONG_CREDENTIALS');
    }
    const refused = await attempt(api1, 60);
    expect(refused.status, refused.text).toBe(429);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('LOGIN_TOO_MANY');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const es = await attempt(api2, 61, { 'accept-language': 'es' });
    expect(es.status).toBe(429);
    expect(es.json<{ error: { message: string } }>().error.message).toMatch(/Has superado el máximo de intentos/);
    // Another address is not held back by the first one's attempts.
    const elsewhere = await attempt(api2, 62, { 'x-forwarded-for': '203.0.113.62' });
    expect(elsewhere.status).toBe(422);
  });

  it('builds a zip in the worker, tells a stream on the other API, and serves it from either', async () => {
    const a = await upload(api1, brand.root, 'red.png', await png('#cc2222'));
    const b = await upload(api2, brand.root, 'blue.png', await png('#2222cc'));
    expect([a.status, b.status]).toEqual(['created', 'created']);

    const stream = await openStream(api2, admin);
    try {
      const q = await admin.req(api1, 'POST', '/api/ops/asset/download/get/queue', {
        asset_ids: [a.asset_id, b.asset_id],
      });
      expect(q.status, q.text).toBe(202);
      const id = q.json<{ download: DownloadItem }>().download.id;
      let d: DownloadItem | undefined;
      await until(
        'the worker to build the zip',
        async () => {
          d = (await admin.req(api2, 'GET', `/api/ops/asset/download/${id}`)).json<DownloadItem>();
          return d.state !== 'preparing';
        },
        30_000,
        said,
      );
      expect(d).toMatchObject({ state: 'ready', files: 2, skipped: 0 });

      // The owner is told live on the API they did not queue it on.
      await until(
        'the notification on API 2',
        () => stream.events.some((e) => e.notification.kind === 'download'),
        10_000,
        said,
      );
      expect(stream.events.find((e) => e.notification.kind === 'download')!.notification.excerpt).toBe(d!.name);

      // The signed link is good on both APIs and gives the same archive, read from the store.
      const files = await Promise.all(
        [api1, api2].map(async (base) => {
          const r = await fetch(`${base}${d!.url!}`);
          expect(r.status).toBe(200);
          expect(r.headers.get('content-type')).toBe('application/zip');
          return Buffer.from(await r.arrayBuffer());
        }),
      );
      expect(files[0]!.equals(files[1]!)).toBe(true);
      const zip = join(work, 'scale.zip');
      writeFileSync(zip, files[0]!);
      const names = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).trim().split('\n').sort();
      expect(names).toEqual(['blue.png', 'red.png']);
      expect(execFileSync('unzip', ['-tq', zip], { encoding: 'utf8' })).toMatch(/No errors detected/);
    } finally {
      await stream.close();
    }
  });

  it('continues a resumable upload started on one API on the other', async () => {
    const data = await png('#22cc22');
    const half = Math.floor(data.length / 2);
    const b64 = (v: string) => Buffer.from(v).toString('base64');
    const tus = { 'tus-resumable': '1.0.0' };
    const create = await admin.req(api1, 'POST', '/api/uploads', undefined, {
      ...tus,
      'upload-length': String(data.length),
      'upload-metadata': `filename ${b64('green.png')},brand_id ${b64(String(brand.id))},folder_id ${b64(String(brand.root))}`,
    });
    expect(create.status, create.text).toBe(201);
    const path = new URL(create.headers.get('location')!, api1).pathname;
    const patch = (base: string, offset: number, part: Buffer) =>
      admin.req(base, 'PATCH', path, new Uint8Array(part), {
        ...tus,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      });
    expect((await patch(api1, 0, data.subarray(0, half))).status).toBe(204);

    // The other API knows how far the upload got, takes the rest, and makes the asset.
    const head = await admin.req(api2, 'HEAD', path, undefined, tus);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(half));
    const last = await patch(api2, half, data.subarray(half));
    expect(last.status, last.text).toBe(200);
    const result = last.json<UploadResult>();
    expect(result).toMatchObject({ file_name: 'green.png', status: 'created' });
    const original = await admin.req(api1, 'GET', `/api/ops/asset/${result.asset_id}/download`);
    expect(original.status).toBe(200);
    expect(original.bytes.equals(data)).toBe(true);
  });
});
