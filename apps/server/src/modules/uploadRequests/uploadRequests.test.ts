import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeBrand, makeFolder, makeUser, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

let t: TestApp;
let admin: Client;
let base: string;
let brand: { id: number; root: number };
let folder: number;
let member: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  brand = await makeBrand(admin, 'Request Co');
  folder = await makeFolder(admin, brand.id, 'From agencies');
  member = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
});
afterAll(() => t.close());

const DAY = 86_400_000;
const inDays = (n: number) => new Date(t.clock.now().getTime() + n * DAY).toISOString();
const photo = (w: number) =>
  sharp({
    create: {
      width: w,
      height: 200,
      channels: 3,
      background: '#335577',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .jpeg()
    .toBuffer();

async function request(c: Client, over: Record<string, unknown> = {}) {
  const r = await c.post('/api/ops/upload-request/new', {
    folder_id: folder,
    message: 'Photos of the launch, please',
    expires_at: inDays(7),
    max_files: 5,
    max_bytes: 10 * 1024 * 1024,
    allowed_types: ['jpg', 'jpeg', 'png'],
    ...over,
  });
  if (r.statusCode !== 201) throw new Error(`request: ${r.statusCode} ${r.body}`);
  const item = r.json().upload_request;
  return { id: item.id as number, token: (item.url as string).split('/upload/')[1]!, item };
}

const WHO = { uploader_name: 'Ana Agency', uploader_email: 'ana@agency.example' };
function send(
  token: string,
  data: Buffer,
  metadata: Record<string, string>,
  opts: Partial<tus.UploadOptions> & { pass?: string; lang?: string } = {},
) {
  const { pass, lang, ...rest } = opts;
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    let last = { status: 0, body: '' };
    const upload = new tus.Upload(data, {
      endpoint: `${base}/api/upload-request/files`,
      headers: {
        'x-upload-request': token,
        ...(pass ? { 'x-upload-pass': pass } : {}),
        ...(lang ? { 'accept-language': lang } : {}),
      },
      metadata: { ...WHO, ...metadata },
      chunkSize: 64 * 1024,
      retryDelays: [],
      onAfterResponse: (_req, res) => {
        last = { status: res.getStatus(), body: res.getBody() };
      },
      onSuccess: () => resolve(last),
      onError: (err) => reject(Object.assign(err, { last })),
      ...rest,
    });
    upload.start();
  });
}
const failure = (p: Promise<unknown>) =>
  p.then(
    () => ({ status: 0, body: '' }),
    (e: { last: { status: number; body: string } }) => e.last,
  );
const open = (token: string, pass?: string) =>
  t.client().get(`/api/upload-request/open/${token}${pass ? `?pass=${encodeURIComponent(pass)}` : ''}`);

describe('upload requests', () => {
  it('refuses a past expiry, an empty budget and unknown types with field messages', async () => {
    const past = await member.client.post('/api/ops/upload-request/new', {
      folder_id: folder,
      expires_at: inDays(-1),
      max_files: 0,
      max_bytes: 100,
    });
    expect(past.statusCode).toBe(422);
    expect(past.json().error.fields).toHaveProperty('max_files');
    const expiry = await member.client.post('/api/ops/upload-request/new', {
      folder_id: folder,
      expires_at: inDays(-1),
      max_files: 1,
      max_bytes: 100,
    });
    expect(expiry.statusCode).toBe(422);
    expect(expiry.json().error.fields.expires_at).toMatch(/future/);
    const types = await member.client.post('/api/ops/upload-request/new', {
      folder_id: folder,
      expires_at: inDays(1),
      max_files: 1,
      max_bytes: 100,
      allowed_types: ['jpg', 'nope'],
    });
    expect(types.statusCode).toBe(422);
    expect(types.json().error.fields.allowed_types).toMatch(/nope/);
    const bytes = await member.client.post('/api/ops/upload-request/new', {
      folder_id: folder,
      expires_at: inDays(1),
      max_files: 1,
      max_bytes: -5,
    });
    expect(bytes.json().error.fields).toHaveProperty('max_bytes');
    // A folder of a brand the member does not belong to is not found; a guest may not ask.
    const other = await makeBrand(admin, 'Elsewhere');
    const foreign = await member.client.post('/api/ops/upload-request/new', {
      folder_id: other.root,
      expires_at: inDays(1),
      max_files: 1,
      max_bytes: 100,
    });
    expect(foreign.statusCode).toBe(404);
    const guest = await makeUser(t, admin, { roles: ['guest'], brands: [brand.id] });
    const refused = await guest.client.post('/api/ops/upload-request/new', {
      folder_id: folder,
      expires_at: inDays(1),
      max_files: 1,
      max_bytes: 100,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('turns uploads through the link into attributed assets, and tells the requester', async () => {
    const { id, token, item } = await request(member.client);
    expect(item).toMatchObject({ state: 'active', has_password: false, used: { files: 0, bytes: 0 } });
    const page = await open(token);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      brand: { name: 'Request Co' },
      locked: false,
      request: { message: 'Photos of the launch, please', remaining_files: 5, allowed_types: ['jpg', 'jpeg', 'png'] },
    });
    expect(Object.keys(page.json().brand).sort()).toEqual(['accent_color', 'logo_uri', 'name']);

    const data = await photo(600);
    const r = await send(token, data, { filename: 'launch.jpg' });
    expect(r.status).toBe(200);
    const result = JSON.parse(r.body);
    expect(result).toMatchObject({ file_name: 'launch.jpg', status: 'created' });
    const asset = (await member.client.get(`/api/ops/asset/${result.asset_id}/view`)).json().asset;
    expect(asset.folder_id).toBe(folder);
    const origin = (await member.client.get(`/api/ops/asset/${result.asset_id}/upload-origin`)).json();
    expect(origin.origin).toMatchObject({ request_id: id, ...WHO });

    const list = (await member.client.get('/api/ops/upload-request/list')).json();
    const mine = list.items.find((x: { id: number }) => x.id === id);
    expect(mine.used).toMatchObject({ files: 1, bytes: data.length });
    expect(mine.uploads[0]).toMatchObject({ asset_id: result.asset_id, file_name: 'launch.jpg', ...WHO });

    const notes = (await member.client.get('/api/ops/notification/list')).json().items;
    expect(notes[0]).toMatchObject({ kind: 'upload_request', asset: { id: result.asset_id } });
    await t.mailSettled?.();
    expect(t.mails(member.email).some((m) => m.subject.includes('Ana Agency'))).toBe(true);
    const audit = (await admin.get('/api/ops/audit/all?event=upload_request.upload&per_page=50')).json().items;
    expect(audit[0]).toMatchObject({ user: null, info: { request_id: id, uploader_email: 'ana@agency.example' } });
  });

  it('refuses files of other types and over the budget before a byte is stored', async () => {
    const { token } = await request(member.client, { max_files: 1, max_bytes: 200_000 });
    const wrong = await failure(send(token, Buffer.from('hello'), { filename: 'notes.txt' }, { lang: 'es' }));
    expect(wrong.status).toBe(422);
    expect(JSON.parse(wrong.body).error).toMatchObject({ code: 'UPLOAD_REQUEST_TYPE', message: /no acepta/ });
    const big = await failure(send(token, Buffer.alloc(300_000), { filename: 'big.jpg' }));
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body).error.code).toBe('UPLOAD_REQUEST_FULL');
    const ok = await send(token, await photo(300), { filename: 'one.jpg' });
    expect(JSON.parse(ok.body).status).toBe('created');
    const second = await failure(send(token, await photo(300), { filename: 'two.jpg' }));
    expect(second.status).toBe(413);
    expect((await open(token)).json().request).toMatchObject({ remaining_files: 0 });
    // The uploader's name and e-mail are required.
    const anonymous = await failure(
      send(token, await photo(300), { filename: 'x.jpg', uploader_name: '', uploader_email: 'nope' }),
    );
    expect(anonymous.status).toBe(422);
  });

  it('gives the last place to one of several files racing for it', async () => {
    const { token } = await request(member.client, { max_files: 1 });
    const meta = (name: string) =>
      Object.entries({ ...WHO, filename: name })
        .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
        .join(',');
    const answers = await Promise.all(
      ['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg'].map((name) =>
        fetch(`${base}/api/upload-request/files`, {
          method: 'POST',
          headers: {
            'x-upload-request': token,
            'tus-resumable': '1.0.0',
            'upload-length': '1000',
            'upload-metadata': meta(name),
          },
        }).then((r) => r.status),
      ),
    );
    expect(answers.filter((s) => s === 201)).toHaveLength(1);
    expect(answers.filter((s) => s === 413)).toHaveLength(3);
  });

  it('asks for the password before showing the request or taking files', async () => {
    const { token } = await request(member.client, { password: 'agency-pass' });
    expect((await open(token)).json()).toMatchObject({ locked: true, request: null, brand: { name: 'Request Co' } });
    const locked = await failure(send(token, await photo(300), { filename: 'a.jpg' }));
    expect(locked.status).toBe(401);
    const wrong = await t.client().post(`/api/upload-request/open/${token}/unlock`, { password: 'guess' });
    expect(wrong.statusCode).toBe(422);
    const right = await t.client().post(`/api/upload-request/open/${token}/unlock`, { password: 'agency-pass' });
    const { pass } = right.json();
    expect((await open(token, pass)).json()).toMatchObject({ locked: false, request: { remaining_files: 5 } });
    const r = await send(token, await photo(300), { filename: 'a.jpg' }, { pass });
    expect(JSON.parse(r.body).status).toBe('created');
  });

  it('resumes an interrupted upload through the link', async () => {
    const { token } = await request(member.client);
    const data = await photo(1400);
    expect(data.length).toBeGreaterThan(96 * 1024);
    let url: string | null = null;
    await new Promise<void>((resolve, reject) => {
      const first = new tus.Upload(data, {
        endpoint: `${base}/api/upload-request/files`,
        headers: { 'x-upload-request': token },
        metadata: { ...WHO, filename: 'resumed.jpg' },
        chunkSize: 32 * 1024,
        retryDelays: [],
        onChunkComplete: (_size, sent) => {
          if (sent >= 64 * 1024 && !url) {
            url = first.url;
            void first.abort().then(resolve);
          }
        },
        onError: reject,
      });
      first.start();
    });
    const head = await fetch(url!, {
      method: 'HEAD',
      headers: { 'x-upload-request': token, 'tus-resumable': '1.0.0' },
    });
    expect(Number(head.headers.get('upload-offset'))).toBeGreaterThanOrEqual(64 * 1024);
    // Another link's holder does not reach it.
    const other = await request(member.client);
    const peek = await fetch(url!, {
      method: 'HEAD',
      headers: { 'x-upload-request': other.token, 'tus-resumable': '1.0.0' },
    });
    expect(peek.status).toBe(404);
    const r = await send(token, data, {}, { uploadUrl: url!, metadata: {} });
    expect(JSON.parse(r.body)).toMatchObject({ file_name: 'resumed.jpg', status: 'created' });
  });

  it('answers a closed or expired link as an unknown one', async () => {
    expect((await open('x'.repeat(43))).statusCode).toBe(404);
    const closing = await request(member.client);
    // Another member of the brand neither sees nor closes it; a manager of the brand closes it.
    const peer = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    expect((await peer.client.post(`/api/ops/upload-request/${closing.id}/close`)).statusCode).toBe(404);
    const manager = await makeUser(t, admin, { roles: ['manager'], brands: [brand.id] });
    const seen = (await manager.client.get('/api/ops/upload-request/list')).json().items;
    expect(seen.find((x: { id: number }) => x.id === closing.id)).toMatchObject({
      url: null,
      abilities: { close: true },
    });
    const closed = await manager.client.post(`/api/ops/upload-request/${closing.id}/close`);
    expect(closed.json().upload_request).toMatchObject({ state: 'closed', abilities: { close: false } });
    expect((await open(closing.token)).statusCode).toBe(404);
    const late = await failure(send(closing.token, await photo(300), { filename: 'late.jpg' }));
    expect(late.status).toBe(404);
    const audit = (await admin.get('/api/ops/audit/all?event=upload_request.close&per_page=50')).json().items;
    expect(audit[0]).toMatchObject({ target: { type: 'upload_request', id: closing.id } });

    const expiring = await request(member.client, { expires_at: inDays(1) });
    expect((await open(expiring.token)).statusCode).toBe(200);
    t.clock.advance(DAY + 60_000);
    expect((await open(expiring.token)).statusCode).toBe(404);
    const list = (await member.client.get('/api/ops/upload-request/list?state=expired')).json().items;
    expect(list.map((x: { id: number }) => x.id)).toContain(expiring.id);
  });
});
