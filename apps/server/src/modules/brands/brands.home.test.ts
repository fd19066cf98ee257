import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeBrand, makeFolder, makeUser, multipart, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

/** The brand home's header (issue 27 §2): the description and the brand's figures. */
let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
});
afterAll(() => t.close());

let shade = 0;
async function upload(by: Client, brandId: number, folderId: number, key: string) {
  const data = await sharp({
    create: { width: 8, height: 8, channels: 3, background: { r: (shade += 13) % 256, g: 9, b: 4 } },
  })
    .png()
    .toBuffer();
  const r = await by.form(
    'POST',
    `/api/ops/asset/${brandId}/${folderId}/new`,
    multipart({}, [{ field: 'files', name: `${key}.png`, type: 'image/png', data }]),
  );
  expect(r.statusCode).toBe(201);
  return r.json().results[0].asset_id as number;
}
const auditOf = async (brandId: number) =>
  (await admin.get('/api/ops/audit/all?per_page=100&event=brand.update'))
    .json()
    .items.filter((e: { target: { id: number } | null }) => e.target?.id === brandId) as {
    changes: Record<string, { before: unknown; after: unknown }>;
  }[];

describe('brand description', () => {
  it('is set on create, changed and cleared on update, each change audited', async () => {
    const created = await admin.post('/api/ops/brand/create', {
      name: 'Described',
      slug: 'described',
      description: '  Coffee roasters.\nSince 1990.  ',
    });
    expect(created.statusCode).toBe(201);
    const { id, description } = created.json().brand;
    expect(description).toBe('Coffee roasters.\nSince 1990.');
    const listed = (await admin.get('/api/ops/brand/list')).json().items.find((b: { id: number }) => b.id === id);
    expect(listed.description).toBe('Coffee roasters.\nSince 1990.');

    const changed = await admin.form('POST', `/api/ops/brand/${id}/update`, multipart({ description: 'Tea too.' }));
    expect(changed.json().brand.description).toBe('Tea too.');
    const cleared = await admin.post(`/api/ops/brand/${id}/update`, { description: '' });
    expect(cleared.json().brand.description).toBeNull();
    const untouched = await admin.post(`/api/ops/brand/${id}/update`, { name: 'Described Co' });
    expect(untouched.json().brand.description).toBeNull();

    const entries = await auditOf(id);
    expect(entries.map((e) => e.changes.description ?? null)).toEqual([
      null,
      { before: 'Tea too.', after: null },
      { before: 'Coffee roasters.\nSince 1990.', after: 'Tea too.' },
    ]);
  });

  it('refuses more than 1000 characters and control characters with field messages', async () => {
    const long = await admin.post('/api/ops/brand/create', {
      name: 'Long',
      slug: 'long',
      description: 'x'.repeat(1001),
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().error.fields.description).toBeTruthy();
    const { id } = await makeBrand(admin, 'Controlled');
    const bad = await admin.post(`/api/ops/brand/${id}/update`, { description: 'a\u0007b' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields.description).toBeTruthy();
  });
});

describe('brand figures', () => {
  it('counts the live assets each caller may see and the last upload day', async () => {
    const A = await makeBrand(admin, 'Figures Alpha');
    const B = await makeBrand(admin, 'Figures Beta');
    const empty = (await admin.get(`/api/ops/brand/${B.id}`)).json().brand;
    expect(empty.figures).toEqual({ assets: 0, last_upload: null });

    const open = await makeFolder(admin, A.id, 'Open');
    const closed = await makeFolder(admin, A.id, 'Closed', undefined, 'PRIVATE');
    const one = await upload(admin, A.id, open, 'one');
    await upload(admin, A.id, A.root, 'two');
    await upload(admin, A.id, closed, 'secret');
    const today = t.clock.now().toISOString().slice(0, 10);

    const member = await makeUser(t, admin, { roles: ['member'], brands: [A.id, B.id] });
    const guest = await makeUser(t, admin, { roles: ['guest'], brands: [A.id] });
    expect((await admin.get(`/api/ops/brand/${A.id}`)).json().brand.figures).toEqual({ assets: 3, last_upload: today });
    expect((await guest.client.get(`/api/ops/brand/${A.id}`)).json().brand.figures).toEqual({
      assets: 2,
      last_upload: today,
    });

    // The list answers every brand's figures at once.
    const list = async (c: Client) =>
      Object.fromEntries(
        (await c.get('/api/ops/brand/list'))
          .json()
          .items.map((b: { id: number; figures: unknown }) => [b.id, b.figures]),
      );
    expect(await list(member.client)).toEqual({
      [A.id]: { assets: 3, last_upload: today },
      [B.id]: { assets: 0, last_upload: null },
    });
    expect(await list(guest.client)).toEqual({ [A.id]: { assets: 2, last_upload: today } });
    const all = (await admin.get('/api/ops/brand/all?search=figures')).json().items;
    expect(all.map((b: { figures: { assets: number } }) => b.figures.assets)).toEqual([3, 0]);

    // A removed asset leaves the count; the upload stays history.
    expect((await admin.put(`/api/ops/asset/${one}/status/change`)).statusCode).toBe(200);
    expect((await member.client.get(`/api/ops/brand/${A.id}`)).json().brand.figures).toEqual({
      assets: 2,
      last_upload: today,
    });
  });
});
