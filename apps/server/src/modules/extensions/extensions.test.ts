import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeBrand, makeUser, multipart, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

let t: TestApp;
let admin: Client;
let brand: { id: number; root: number };
beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Extensions Brand');
});
afterAll(() => t.close());

type Ext = { id: number; name: string; mime_type: string; status: string; dangerous: boolean };
const list = async (query = '') => {
  const r = await admin.get(`/api/ops/extension/all?per_page=100&${query}`);
  expect(r.statusCode).toBe(200);
  return r.json() as { items: Ext[]; total: number };
};
const byName = async (name: string) => (await list(`q=${name}`)).items.find((e) => e.name === name)!;
const spanishAdmin = async () => (await makeUser(t, admin, { roles: ['admin'], lang: 'es' })).client;
const uploadTxt = (name: string) =>
  admin.form(
    'POST',
    `/api/ops/asset/${brand.id}/${brand.root}/new`,
    multipart({}, [{ field: 'files', name, type: 'text/plain', data: Buffer.from(`plain words of ${name}`) }]),
  );

describe('extensions', () => {
  it('lists the allow-list, searched by name or MIME type and filtered by status', async () => {
    const all = await list();
    expect(all.total).toBeGreaterThan(10);
    expect((await list('q=image/png')).items.map((e) => e.name)).toEqual(['png']);
    const svg = await byName('svg');
    expect(svg).toMatchObject({ mime_type: 'image/svg+xml', dangerous: true });
    expect((await byName('png')).dangerous).toBe(false);
    // A typed % matches itself, not everything.
    expect((await list('q=%25')).total).toBe(0);
    const inactive = await list('status=INACTIVE');
    expect(inactive.items.every((e) => e.status === 'INACTIVE')).toBe(true);
  });

  it('refuses the next upload of a type set INACTIVE, with the spec text, and allows it again', async () => {
    const txt = await byName('txt');
    expect((await uploadTxt('before.txt')).statusCode).toBe(201);
    const off = await admin.put(`/api/ops/extension/${txt.id}/status/change`, { status: 'INACTIVE' });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ extension: { status: 'INACTIVE' }, warning: null });
    // The upload dialog's list, which members read too, leaves it out meanwhile.
    const member = (await makeUser(t, admin, { roles: ['member'], brands: [brand.id] })).client;
    const allowed = async () =>
      ((await member.get('/api/ops/extension/allowed')).json() as { items: { name: string }[] }).items.map(
        (e) => e.name,
      );
    expect(await allowed()).not.toContain('txt');
    expect(await allowed()).toContain('png');
    const refused = await uploadTxt('after.txt');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().results[0].error).toMatchObject({
      code: 'EXTENSION_NOT_ALLOWED',
      message: 'Files of this type are not allowed.',
    });
    const on = await admin.put(`/api/ops/extension/${txt.id}/status/change`, { status: 'ACTIVE' });
    expect(on.statusCode).toBe(200);
    expect((await uploadTxt('again.txt')).statusCode).toBe(201);
    expect(await allowed()).toContain('txt');

    const audit = (await admin.get('/api/ops/audit/all?event=extension.status&per_page=10')).json().items;
    expect(audit[0]).toMatchObject({
      target: { type: 'extension', id: txt.id, label: 'txt' },
      changes: { status: { before: 'INACTIVE', after: 'ACTIVE' } },
    });
    expect(audit[1].changes.status).toEqual({ before: 'ACTIVE', after: 'INACTIVE' });
  });

  it('adds an extension (normalised, audited) and warns when a dangerous type is enabled', async () => {
    const r = await admin.post('/api/ops/extension/create', { name: '.BKit', mime_type: 'Application/X-Brandkit' });

    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({
      extension: { name: 'bkit', mime_type: 'application/x-brandkit', status: 'ACTIVE', dangerous: false },
      warning: null,
    });
    const audit = (await admin.get('/api/ops/audit/all?event=extension.create')).json().items;
    expect(audit[0].target).toMatchObject({ type: 'extension', label: 'bkit' });

    const sh = await admin.post('/api/ops/extension/create', { name: 'sh', mime_type: 'application/x-sh' });
    expect(sh.statusCode).toBe(201);
    expect(sh.json().warning).toMatch(/run code/);
    const es = await (
      await spanishAdmin()
    ).put(`/api/ops/extension/${sh.json().extension.id}/status/change`, {
      status: 'ACTIVE',
    });
    expect(es.json().warning).toMatch(/ejecutar código/);
    const off = await admin.put(`/api/ops/extension/${sh.json().extension.id}/status/change`, { status: 'INACTIVE' });
    expect(off.json().warning).toBeNull();
  });

  it('answers 422 with field messages for bad names, MIME types and duplicates; 404 for unknown ids', async () => {
    const bad = await admin.post('/api/ops/extension/create', { name: 'no spaces!', mime_type: 'notamime' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toEqual({
      name: 'Name must be a file extension such as png or .tar.gz',
      mime_type: 'MIME type must be a MIME type such as image/png',
    });
    const es = await (await spanishAdmin()).post('/api/ops/extension/create', { name: 'ok', mime_type: 'text' });
    expect(es.json().error.fields.mime_type).toBe('Tipo MIME debe ser un tipo MIME como image/png');
    const dup = await admin.post('/api/ops/extension/create', { name: 'png', mime_type: 'image/png' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().error.fields.name).toBe('Name has already been taken');
    const status = await admin.put('/api/ops/extension/1/status/change', { status: 'MAYBE' });
    expect(status.statusCode).toBe(422);
    expect((await admin.put('/api/ops/extension/999999/status/change', { status: 'ACTIVE' })).statusCode).toBe(404);
  });

  it('is for administrators only', async () => {
    const { client } = await makeUser(t, admin, { roles: ['manager'], brands: [brand.id] });
    expect((await client.get('/api/ops/extension/all')).statusCode).toBe(403);
    expect((await client.post('/api/ops/extension/create', { name: 'zz', mime_type: 'a/b' })).statusCode).toBe(403);
  });
});
