import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeBrand, makeFolder, makeUser, multipart, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';
import { until } from '../../../test/throwaway.js';
import type { JobContext } from '../../jobs/types.js';
import type { BlobStore } from '../../storage/index.js';
import { jobUnits } from '../../jobUnits.js';
import { buildDownload, downloadKey } from './downloads.build.js';
import { buildingKey } from './downloads.live.js';

let t: TestApp;
let admin: Client;
let member: { client: Client; id: number };
let folder: number;
let base: string;
const work = mkdtempSync(join(tmpdir(), 'bv-live-'));

/** What the worker gives a handler, over the test app's own database and storage. */
function jobContext(storage: BlobStore, attempt = 1): JobContext {
  return {
    db: t.built.handle.db,
    dialect: t.built.handle.dialect,
    clock: t.clock,
    log: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
    storage,
    sync: { roots: [], settleMs: 0, watch: false, maxUploadBytes: 0 },
    dataDir: t.dataDir,
    mailer: undefined,
    appUrl: 'http://app.test',
    notificationPublished: () => undefined,
    mailWindowMs: 1000,
    appKey: undefined,
    job: { id: 0, name: 'downloads.build', attempt, maxAttempts: 3, ownerId: member.id },
    signal: new AbortController().signal,
    progress: async () => undefined,
    result: () => undefined,
    redactPayload: async () => undefined,
    ...jobUnits({ clock: t.clock, appKey: undefined })(t.built.handle.db, () => undefined),
  };
}

/**
 * The store as the job sees it, except that the third original it opens waits for `gate` (so
 * the test sees the first bytes reach the client before the build goes on) and then gives
 * `third()`'s stream: the real bytes, or a read that fails as a dying disk would.
 */
function gated(gate: Promise<void>, third: (key: string) => Promise<Readable>): BlobStore {
  let reads = 0;
  return Object.create(t.built.storage, {
    get: {
      value: async (key: string) => {
        reads++;
        if (reads !== 3) return t.built.storage.get(key);
        await gate;
        return third(key);
      },
    },
  }) as BlobStore;
}

/** A browser following the live address: what arrived, the headers, and whether it ended whole. */
function follow(url: string) {
  const got: Buffer[] = [];
  let received = 0;
  let headers: http.IncomingHttpHeaders = {};
  let status = 0;
  const done = new Promise<{ ok: boolean; body: Buffer }>((resolve) => {
    const req = http.get(`${base}${url}`, (res) => {
      headers = res.headers;
      status = res.statusCode ?? 0;
      res.on('data', (c: Buffer) => {
        got.push(c);
        received += c.length;
      });
      res.on('end', () => resolve({ ok: res.complete, body: Buffer.concat(got) }));
      res.on('error', () => resolve({ ok: false, body: Buffer.concat(got) }));
      res.on('aborted', () => resolve({ ok: false, body: Buffer.concat(got) }));
    });
    req.on('error', () => resolve({ ok: false, body: Buffer.concat(got) }));
  });
  return { done, received: () => received, headers: () => headers, status: () => status };
}

const saved = (body: Buffer) => {
  const file = join(work, `${Date.now()}-${Math.random()}.zip`);
  writeFileSync(file, body);
  return file;
};
const unzipT = (file: string) => {
  try {
    return execFileSync('unzip', ['-tq', file], { encoding: 'utf8', stdio: 'pipe' });
  } catch (err) {
    return `failed: ${String((err as { stdout?: string }).stdout ?? err)}`;
  }
};
/** Python's zipfile reads every member and checks its CRC (`testzip` answers the first bad one). */
const pythonZip = (file: string) => {
  try {
    return execFileSync(
      'python3',
      ['-c', 'import sys,zipfile; z=zipfile.ZipFile(sys.argv[1]); print(z.testzip(), len(z.namelist()))', file],
      { encoding: 'utf8', stdio: 'pipe' },
    ).trim();
  } catch {
    return 'unreadable';
  }
};

beforeAll(async () => {
  // No worker in the server: each test runs the build itself, at the moment it chooses.
  t = await startApp({ JOBS_IN_SERVER: 'false' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await adminClient(t);
  const brand = await makeBrand(admin, 'Live Co');
  folder = await makeFolder(admin, brand.id, 'Shoot', brand.root);
  for (let i = 0; i < 5; i++) {
    // Noise, so each member is tens of kB and the archive arrives in several pieces.
    const noise = Buffer.alloc(96 * 96 * 3, 0).map(() => Math.floor(Math.random() * 256));
    const data = await sharp(noise, { raw: { width: 96, height: 96, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer();
    const form = multipart({}, [{ field: 'files', name: `frame-${i}.jpg`, type: 'image/jpeg', data }]);
    expect((await admin.form('POST', `/api/ops/asset/${brand.id}/${folder}/new`, form)).statusCode).toBe(201);
  }
  member = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

const queue = async () => {
  const r = await member.client.post('/api/ops/asset/download/get/queue', { folder_ids: [folder] });
  expect(r.statusCode).toBe(202);
  return r.json().download as { id: number; live_url: string | null; url: string | null };
};

describe('a zip followed while it is built', () => {
  it('reaches the waiting owner as it is written, whole and valid, and stays for the link', async () => {
    const d = await queue();
    expect(d.url).toBeNull();
    expect(d.live_url).toMatch(new RegExp(`^/api/ops/asset/download/${d.id}/file\\?`));
    const client = follow(d.live_url!);
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const build = buildDownload(jobContext(gated(gate, (k) => t.built.storage.get(k))), d.id);
    // The first members are in the owner's hands while the build is held before the third.
    await until('the first bytes at the client', () => client.received() > 0);
    expect(await t.built.storage.stat(downloadKey(d.id))).toBeNull();
    open();
    expect(await build).toMatchObject({ state: 'ready', files: 5 });
    const { ok, body } = await client.done;
    expect(ok).toBe(true);
    expect(client.status()).toBe(200);
    expect(client.headers()['content-length']).toBeUndefined();
    expect(client.headers()['transfer-encoding']).toBe('chunked');
    const file = saved(body);
    expect(unzipT(file)).toMatch(/No errors detected/);
    expect(pythonZip(file)).toBe('None 5');
    // The same bytes stay as the ready file, and nothing is left growing.
    const ready = (await member.client.get(`/api/ops/asset/download/${d.id}`)).json();
    expect(ready).toMatchObject({ state: 'ready', live_url: null, size: body.length });
    expect(await t.built.storage.stat(buildingKey(d.id))).toBeNull();
    const again = await t.client().get(ready.url);
    expect(again.rawPayload.equals(body)).toBe(true);
    // Counted and audited once, by the live answer, as a fetch of the ready file would be.
    const audit = (await admin.get(`/api/ops/audit/all?user_id=${member.id}&section=assets`)).json();
    const fetches = audit.items.filter((e: { event: string; target_id?: number }) => e.event === 'download.fetch');
    expect(fetches.length).toBeGreaterThanOrEqual(1);
  });

  it('cuts the answer when the build fails mid-way, and serves no part of it as complete', async () => {
    const d = await queue();
    const client = follow(d.live_url!);
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const dying = gated(gate, async () => {
      const r = new Readable({ read() {} });
      r.push(Buffer.alloc(20_000, 1));
      setImmediate(() => r.destroy(new Error('disk read failed')));
      return r;
    });
    const build = buildDownload(jobContext(dying), d.id);
    await until('the first bytes at the client', () => client.received() > 0);
    open();
    await expect(build).rejects.toThrow('disk read failed');
    const { ok, body } = await client.done;
    expect(ok).toBe(false);
    expect(body.length).toBeGreaterThan(0);
    const file = saved(body);
    expect(unzipT(file)).toMatch(/^failed/);
    expect(pythonZip(file)).toBe('unreadable');
    // Nothing is stored as the download, nor left growing; it is still being prepared.
    expect(await t.built.storage.stat(downloadKey(d.id))).toBeNull();
    expect(await t.built.storage.stat(buildingKey(d.id))).toBeNull();
    const now = (await member.client.get(`/api/ops/asset/download/${d.id}`)).json();
    expect(now).toMatchObject({ state: 'preparing', url: null });

    // The next attempt builds it whole, and a new follower gets all of it.
    const second = follow(now.live_url);
    expect(await buildDownload(jobContext(t.built.storage, 2), d.id)).toMatchObject({ state: 'ready', files: 5 });
    const whole = await second.done;
    expect(whole.ok).toBe(true);
    expect(pythonZip(saved(whole.body))).toBe('None 5');
  });

  it('answers 404 to a signature that is not the owner’s, before anything is built', async () => {
    const d = await queue();
    const forged = d.live_url!.replace(/sig=[^&]+/, 'sig=forged');
    const r = await t.client().get(forged);
    expect(r.statusCode).toBe(404);
  });
});
