import { execFileSync } from 'node:child_process';
import { closeSync, copyFileSync, existsSync, mkdtempSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { errorText } from '@brandvault/contract';
import { SQLITE_FILE } from '../../db/index.js';
import {
  ADMIN,
  Client,
  adminClient,
  dialect,
  makeBrand,
  makeFolder,
  makeUser,
  multipart,
  startApp,
} from '../../../test/harness.js';
import type { TestApp } from '../../../test/harness.js';

// DATA_DIR (the SQLite database, blobs, tus parts) on a 20 MB tmpfs that the test fills up.
const mountDir = mkdtempSync(join(tmpdir(), 'bv-full-'));
const filler = join(mountDir, 'filler');
const FULL_EN = errorText('STORAGE_FULL', 'en').message;
const FULL_ES = errorText('STORAGE_FULL', 'es').message;
type ErrorJson = { error: { code: string; message: string } };
let t: TestApp;
let admin: Client;
let spanish: Client;
let base: string;
let brand: { id: number; root: number };
let folder: number;
let before: { id: number; data: Buffer };

/** Writes to `filler` until the disk refuses another byte. */
function fillDisk() {
  const fd = openSync(filler, 'a');
  try {
    for (const size of [1024 * 1024, 4096, 1]) {
      const chunk = Buffer.alloc(size, 1);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
      }
    }
  } finally {
    closeSync(fd);
  }
}

const photo = (w: number, h = 300) =>
  sharp({
    create: {
      width: w,
      height: h,
      channels: 3,
      background: '#335577',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
const upload = (c: Client, name: string, data: Buffer) =>
  c.form(
    'POST',
    `/api/ops/asset/${brand.id}/${folder}/new`,
    multipart({}, [{ field: 'files', name, type: 'image/png', data }]),
  );
const tusHeaders = () => ({
  authorization: `Bearer ${admin.token}`,
  'x-xsrf-token': admin.xsrf!,
  cookie: `XSRF-TOKEN=${admin.xsrf}`,
  'tus-resumable': '1.0.0',
});
const b64 = (s: string | number) => Buffer.from(String(s)).toString('base64');
const tusCreate = (size: number) =>
  fetch(`${base}/api/uploads`, {
    method: 'POST',
    headers: {
      ...tusHeaders(),
      'upload-length': String(size),
      'upload-metadata': `filename ${b64('big.png')},brand_id ${b64(brand.id)},folder_id ${b64(folder)}`,
    },
  });
const tusFiles = () => readdirSync(join(mountDir, 'tus')).filter((f) => !f.startsWith('.'));

/** As root, or through sudo without a password (CI runners). */
function asRoot(cmd: string, args: string[]) {
  if (process.getuid?.() === 0) execFileSync(cmd, args);
  else execFileSync('sudo', ['-n', cmd, ...args]);
}

beforeAll(async () => {
  asRoot('mount', ['-t', 'tmpfs', '-o', 'size=20m,mode=1777', 'tmpfs', mountDir]);
  if (dialect === 'sqlite') {
    const template = inject('templateDb');
    if (template.dialect === 'sqlite') copyFileSync(template.file, join(mountDir, SQLITE_FILE));
  }
  t = await startApp({ DATA_DIR: mountDir, DISK_RESERVE_MB: '3' });
  admin = await adminClient(t);
  await admin.csrf();
  spanish = (await makeUser(t, admin, { roles: ['admin'], lang: 'es' })).client;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  brand = await makeBrand(admin, 'Full Co');
  folder = await makeFolder(admin, brand.id, 'Full');
  const data = await photo(400);
  const r = await upload(admin, 'before.png', data);
  expect(r.statusCode).toBe(201);
  before = { id: r.json().results[0].asset_id, data };
});
afterAll(async () => {
  await t?.close();
  asRoot('umount', ['-l', mountDir]);
  rmSync(mountDir, { recursive: true, force: true });
});

describe('a full disk', () => {
  it('keeps a reserve for the database while the disk has room', () => {
    expect(existsSync(join(mountDir, '.disk-reserve'))).toBe(true);
  });

  it('refuses new files with a 507 in words, while sign-in and reads go on', async () => {
    fillDisk();
    // First a read, before any write request has freed the reserve: a sign-in's last use is
    // recorded every few minutes, and failing to record it must not fail the read.
    t.clock.advance(10 * 60_000);
    const early = await admin.get(`/api/ops/folder/${folder}/get/assets`);
    expect(early.statusCode).toBe(200);
    const data = await photo(300);
    const up = await upload(admin, 'after.png', data);
    expect(up.statusCode).toBe(507);
    expect(up.json().error).toMatchObject({ code: 'STORAGE_FULL', message: FULL_EN });
    // The same in Spanish for a Spanish speaker.
    const es = await upload(spanish, 'es.png', data);
    expect([es.statusCode, es.json().error.message]).toEqual([507, FULL_ES]);

    // Signing in writes (a session, an audit entry, a rate-limit count): the reserve makes room.
    const someone = new Client(t.built);
    await someone.login(ADMIN.email, ADMIN.password);
    const list = await someone.get(`/api/ops/folder/${folder}/get/assets`);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((a: { name: string }) => a.name)).toEqual(['before.png']);
    const dl = await someone.get(`/api/ops/asset/${before.id}/download`);
    expect(Buffer.compare(dl.rawPayload, before.data)).toBe(0);
    const tpl = await someone.post('/api/ops/report/get/asset/template', { folder_ids: [folder] });
    expect(tpl.statusCode).toBe(200);

    const zip = await someone.post('/api/ops/asset/download/get/queue', { folder_ids: [folder] });
    expect([zip.statusCode, zip.json().error.code]).toEqual([507, 'STORAGE_FULL']);
    const tplUp = await someone.form(
      'POST',
      '/api/ops/report/update/asset/template',
      multipart({}, [{ field: 'template', name: 't.xlsx', type: 'application/octet-stream', data: tpl.rawPayload }]),
    );
    expect([tplUp.statusCode, tplUp.json().error.code]).toEqual([507, 'STORAGE_FULL']);

    const tus = await tusCreate(data.length);
    expect(tus.status).toBe(507);
    expect(((await tus.json()) as ErrorJson).error.message).toBe(FULL_EN);
    expect(tusFiles()).toEqual([]);
  });

  it('drops a tus upload the disk filled half-way: no partial file, no stuck lock', async () => {
    rmSync(filler);
    const data = Buffer.concat([await photo(2000, 1500)]);
    expect(data.length).toBeGreaterThan(6 * 1024 * 1024);
    const created = await tusCreate(data.length);
    expect(created.status).toBe(201);
    const at = `${base}${created.headers.get('location')}`;
    fillDisk();
    const patch = () =>
      fetch(at, {
        method: 'PATCH',
        headers: { ...tusHeaders(), 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        body: data,
      });
    const r = await patch();
    expect(r.status).toBe(507);
    expect(((await r.json()) as ErrorJson).error.code).toBe('STORAGE_FULL');
    expect(tusFiles()).toEqual([]);
    // The upload is gone, said plainly (not a lock timeout): the client starts again.
    const head = await fetch(at, { method: 'HEAD', headers: tusHeaders() });
    expect(head.status).toBe(404);
    expect((await patch()).status).toBe(404);
  });

  it('takes files again once there is room, with nothing corrupted', async () => {
    rmSync(filler);
    const data = await photo(320);
    const up = await upload(admin, 'later.png', data);
    expect(up.statusCode).toBe(201);
    expect(up.json().results[0].status).toBe('created');
    expect(existsSync(join(mountDir, '.disk-reserve'))).toBe(true);
    const dl = await admin.get(`/api/ops/asset/${before.id}/download`);
    expect(Buffer.compare(dl.rawPayload, before.data)).toBe(0);
    if (dialect === 'sqlite') {
      const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(t.built.handle.db);
      expect(check.rows).toEqual([{ integrity_check: 'ok' }]);
    }
  });
});
