import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openDb } from '../../db/index.js';
import { enqueueAny } from '../../jobs/queue.js';
import { dialect } from '../../../test/harness.js';

// A real server process on SQLite, killed with SIGKILL mid-upload and started again.
const serverDir = new URL('../../..', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'bv-faults-'));
const port = 30000 + Math.floor(Math.random() * 20000);
const base = `http://127.0.0.1:${port}`;
let server: ChildProcess | null = null;
// On PostgreSQL runs the server gets a database of its own, dropped afterwards.
const pgName = `bv_faults_${Date.now().toString(36)}`;
const databaseUrl = dialect === 'postgres' ? process.env.TEST_DATABASE_URL!.replace(/\/[^/]*$/, `/${pgName}`) : '';
async function admin(sqlText: string) {
  const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await c.connect();
  await c.query(sqlText);
  await c.end();
}
let token = '';
let xsrf = '';

async function start() {
  server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'faults-admin-1',
      LOG_LEVEL: 'error',
      DATABASE_URL: databaseUrl,
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}
async function kill() {
  const s = server!;
  await new Promise<void>((resolve) => {
    s.on('exit', () => resolve());
    s.kill('SIGKILL');
  });
  server = null;
}
const auth = () => ({ authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrf}` });
async function api(method: string, path: string, body?: unknown) {
  const r = await fetch(`${base}${path}`, {
    method,
    headers: { ...auth(), 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: r.status, json: (await r.json().catch(() => null)) as any };
}
const b64 = (s: string) => Buffer.from(s).toString('base64');

let brandId = 0;
let folderId = 0;
beforeAll(async () => {
  if (databaseUrl) await admin(`create database ${pgName}`);
  await start();
  const c = await fetch(`${base}/api/auth/csrf-cookie`);
  xsrf = /XSRF-TOKEN=([^;]+)/.exec(c.headers.get('set-cookie') ?? '')![1]!;
  token = (await api('POST', '/api/login', { email: 'admin@example.com', password: 'faults-admin-1' })).json.token;
  const brand = (await api('POST', '/api/ops/brand/create', { name: 'Faults', slug: 'faults' })).json.brand;
  brandId = brand.id;
  folderId = brand.root_folder_id;
}, 120_000);
afterAll(async () => {
  if (server) await kill();
  rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl) await admin(`drop database if exists ${pgName}`);
});

/** Starts a multipart upload, sends part of it, and leaves the connection open. */
function partialMultipart(bytes: number) {
  const boundary = '----faults';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  const socket = connect(port, '127.0.0.1');
  socket.write(
    `POST /api/ops/asset/${brandId}/${folderId}/new HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nX-XSRF-TOKEN: ${xsrf}\r\nCookie: XSRF-TOKEN=${xsrf}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + 50_000_000}\r\n\r\n${head}`,
  );
  socket.write(Buffer.alloc(bytes, 7));
  socket.on('error', () => {});
  return socket;
}

const temps = () => readdirSync(join(dataDir, 'blobs', '.tmp')).length;

describe('interrupted uploads', () => {
  it('leaves no asset and no temp blob when the client aborts a multipart upload', async () => {
    const socket = partialMultipart(2_000_000);
    await new Promise((r) => setTimeout(r, 500));
    socket.destroy();
    // The server notices the abort on its own time: a busy machine may take seconds.
    await expect.poll(temps, { timeout: 15_000 }).toBe(0);
    expect((await api('GET', `/api/ops/folder/${folderId}/get/assets`)).json.total).toBe(0);
  });

  it('survives SIGKILL: the tus upload resumes after the restart and the clean-up leaves no orphan', async () => {
    const data = await sharp({
      create: {
        width: 1500,
        height: 1000,
        channels: 3,
        background: '#336699',
        noise: { type: 'gaussian', mean: 120, sigma: 50 },
      },
    })
      .jpeg()
      .toBuffer();
    const half = Math.floor(data.length / 2);
    const created = await fetch(`${base}/api/uploads`, {
      method: 'POST',
      headers: {
        ...auth(),
        'tus-resumable': '1.0.0',
        'upload-length': String(data.length),
        'upload-metadata': `filename ${b64('killed.jpg')},brand_id ${b64(String(brandId))},folder_id ${b64(String(folderId))}`,
      },
    });
    expect(created.status).toBe(201);
    const url = new URL(created.headers.get('location')!, base).toString();
    const patch = (offset: number, body: Buffer) =>
      fetch(url, {
        method: 'PATCH',
        headers: {
          ...auth(),
          'tus-resumable': '1.0.0',
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body,
      });
    expect((await patch(0, data.subarray(0, half))).status).toBe(204);

    // A multipart upload is streaming into a temp blob when the server dies.
    partialMultipart(3_000_000);
    // A busy machine may take a while to open the temp blob; kill only once it exists.
    await expect.poll(temps, { timeout: 15_000 }).toBe(1);
    await new Promise((r) => setTimeout(r, 200));
    await kill();
    await start();

    const head = await fetch(url, { method: 'HEAD', headers: { ...auth(), 'tus-resumable': '1.0.0' } });
    expect(Number(head.headers.get('upload-offset'))).toBe(half);
    const done = await patch(half, data.subarray(half));
    expect(done.status).toBe(200);
    const result = (await done.json()) as { status: string; asset_id: number };
    expect(result.status).toBe('created');
    const listing = (await api('GET', `/api/ops/folder/${folderId}/get/assets`)).json;
    expect(listing.items.map((a: { name: string }) => a.name)).toEqual(['killed.jpg']);
    // The hash covers the whole file: the half received before the kill is hashed again on resume.
    const view = (await api('GET', `/api/ops/asset/${result.asset_id}/view`)).json;
    expect(view.asset.sha256).toBe(createHash('sha256').update(data).digest('hex'));

    // The clean-up job, with no safety margin, removes what the killed upload left.
    const { db, close } = openDb({ dataDir, databaseUrl: databaseUrl || undefined });
    // The new asset's previews are written through temp blobs too: counted only once they are done.
    const rendering = async () =>
      (
        await db
          .selectFrom('jobs')
          .select('id')
          .where('name', '=', 'assets.derivatives')
          .where('status', 'in', ['queued', 'running'])
          .execute()
      ).length;
    await expect.poll(rendering, { timeout: 60_000, interval: 200 }).toBe(0);
    const jobId = await enqueueAny(db, 'storage.cleanup', { temp_hours: 0, orphan_hours: 0, tus_hours: 0 });
    // The server's worker takes it on its next poll; on a busy machine that is seconds away.
    const jobStatus = async () =>
      (await db.selectFrom('jobs').select('status').where('id', '=', jobId!).executeTakeFirst())?.status;
    await expect.poll(jobStatus, { timeout: 60_000, interval: 200 }).toBe('done');
    await close();
    expect(temps()).toBe(0);
    const originals = readdirSync(join(dataDir, 'blobs', 'originals'), { recursive: true }).filter(
      (p) => String(p).split('/').length === 3,
    );
    expect(originals).toHaveLength(1);
    const dl = await fetch(`${base}/api/ops/asset/${result.asset_id}/download`, { headers: auth() });
    expect(Buffer.compare(Buffer.from(await dl.arrayBuffer()), data)).toBe(0);
  }, 120_000);
});
