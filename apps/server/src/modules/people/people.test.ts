import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeBrand, makeFolder, makeUser, multipart, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';
import { until } from '../../../test/throwaway.js';
import { encodeDescriptor } from './people.faces.js';
import { makeRepos } from '../../repos.js';

let t: TestApp;
let admin: Client;
let member: Client;
let guest: Client;
let brand: { id: number; root: number };
let pub: number;
let priv: number;

const require = createRequire(import.meta.url);
/** Five people side by side (Human's own sample picture). */
const groupPhoto = join(dirname(require.resolve('@vladmandic/human')), '..', 'assets/screenshot-facedetect.jpg');

const db = () => t.built.handle.db;
const upload = async (folderId: number, name: string, data: Buffer) => {
  const r = await admin.form(
    'POST',
    `/api/ops/asset/${brand.id}/${folderId}/new?upload_anyway=1`,
    multipart({}, [{ field: 'files', name, type: 'image/jpeg', data }]),
  );
  expect(r.statusCode, r.body).toBe(201);
  return r.json().results[0].asset_id as number;
};
let shade = 0;
/** A plain picture, each a different grey (same bytes would be refused as a duplicate). */
const plain = () =>
  sharp({ create: { width: 200, height: 150, channels: 3, background: { r: ++shade, g: 128, b: 128 } } })
    .jpeg()
    .toBuffer();

/** A person with faces in these assets, written as the job would (no model run). */
async function personIn(assetIds: number[], seed: number) {
  const at = new Date().toISOString();
  const p = await db()
    .insertInto('people')
    .values({ brand_id: brand.id, name: null, hidden: 0, cover_face_id: null, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const faces: number[] = [];
  for (const asset_id of assetIds) {
    const descriptor = encodeDescriptor(Array.from({ length: 1024 }, (_, i) => Math.sin(seed * 31 + i) / 10));
    const f = await db()
      .insertInto('asset_faces')
      .values({
        asset_id,
        brand_id: brand.id,
        rev: 1,
        box: '0.2000,0.2000,0.4000,0.4000',
        score: 0.95,
        descriptor,
        person_id: p.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    faces.push(f.id);
  }
  return { id: p.id, faces };
}
const names = async (c: Client, body: Record<string, unknown>) => {
  const r = await c.post(`/api/ops/asset/list/all/${brand.root}?per_page=100`, body);
  expect(r.statusCode, r.body).toBe(200);
  return (r.json().items as { name: string }[]).map((i) => i.name).sort();
};
const peopleWords = async (assetId: number) =>
  (
    await db()
      .selectFrom('asset_found_words')
      .select('words')
      .where('asset_id', '=', assetId)
      .where('kind', '=', 'people')
      .executeTakeFirst()
  )?.words ?? '';
const count = async (table: 'people' | 'asset_faces') =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('brand_id', '=', brand.id)
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await startApp({ ANALYSIS: 'colours,faces' });
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'People Co');
  pub = await makeFolder(admin, brand.id, 'Team');
  priv = await makeFolder(admin, brand.id, 'Private team', undefined, 'PRIVATE');
  member = (await makeUser(t, admin, { roles: ['member'], brands: [brand.id] })).client;
  guest = (await makeUser(t, admin, { roles: ['guest'], brands: [brand.id] })).client;
});
afterAll(() => t.close());

describe('turning faces on and off', () => {
  it('refuses enabling without the notice acknowledged, and refuses non-admins', async () => {
    const r = await admin.put(`/api/ops/brand/${brand.id}/faces`, { enabled: true });
    expect(r.statusCode).toBe(422);
    expect(r.json().error.fields.acknowledged).toMatch(/personal-data notice/);
    const m = await member.put(`/api/ops/brand/${brand.id}/faces`, { enabled: true, acknowledged: true });
    expect(m.statusCode).toBe(403);
    expect((await member.get(`/api/ops/brand/${brand.id}/people`)).json()).toMatchObject({ enabled: false, items: [] });
  });

  it('finds the five people of a group photo and groups a smaller copy of it with them', async () => {
    const on = await admin.put(`/api/ops/brand/${brand.id}/faces`, { enabled: true, acknowledged: true });
    expect(on.statusCode, on.body).toBe(200);
    const done = (id: number) =>
      until(
        `the faces of asset ${id}`,
        async () => (await admin.get(`/api/ops/asset/${id}/people`)).json().state !== 'pending',
        120_000,
      );
    // One after the other: the second picture's faces are grouped with the first's.
    const first = await upload(pub, 'group.jpg', await sharp(groupPhoto).jpeg().toBuffer());
    await done(first);
    const small = await sharp(groupPhoto).resize(600).jpeg({ quality: 60 }).toBuffer();
    const second = await upload(pub, 'group-small.jpg', small);
    await done(second);
    const a = (await member.get(`/api/ops/asset/${first}/people`)).json();
    expect(a.state).toBe('done');
    expect(a.people).toHaveLength(5);
    const b = (await member.get(`/api/ops/asset/${second}/people`)).json();
    expect(b.people.map((p: { id: number }) => p.id).sort()).toEqual(a.people.map((p: { id: number }) => p.id).sort());
    const list = (await member.get(`/api/ops/brand/${brand.id}/people`)).json();
    expect(list.items).toHaveLength(5);
    expect(list.items.every((p: { faces: number }) => p.faces === 2)).toBe(true);
    const crop = await member.get(list.items[0].cover_url);
    expect(crop.statusCode).toBe(200);
    expect(crop.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(crop.rawPayload).metadata()).width).toBe(160);
  }, 180_000);

  it('turning off deletes every face, person and people word of the brand, audited', async () => {
    const asset = await upload(pub, 'named.jpg', await plain());
    // Its own analysis first (no faces), so the rows below are not replaced by it.
    await until(
      'the faces of named.jpg',
      async () => (await admin.get(`/api/ops/asset/${asset}/people`)).json().state !== 'pending',
    );
    const p = await personIn([asset], 9);
    await admin.put(`/api/ops/person/${p.id}/name`, { name: 'Offelia' });
    expect(await peopleWords(asset)).toBe('Offelia');
    expect(await count('asset_faces')).toBeGreaterThan(0);
    const off = await admin.put(`/api/ops/brand/${brand.id}/faces`, { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(await count('asset_faces')).toBe(0);
    expect(await count('people')).toBe(0);
    expect(await peopleWords(asset)).toBe('');
    const audit = (await admin.get('/api/ops/audit/all?event=faces.disable')).json().items;
    expect(audit[0].target).toMatchObject({ type: 'brand', id: brand.id });
    expect((await admin.get('/api/ops/audit/all?event=faces.enable')).json().items).toHaveLength(1);
  });
});

describe('naming, merging, splitting and hiding', () => {
  let one: number;
  let two: number;
  let hidden: number;
  beforeAll(async () => {
    one = await upload(pub, 'one.jpg', await plain());
    two = await upload(pub, 'two.jpg', await plain());
    hidden = await upload(priv, 'secret.jpg', await plain());
    // Faces off while their derivatives are made (no face job), then on: rows are written directly.
    for (const id of [one, two, hidden])
      await until(
        `the derivatives of ${id}`,
        async () => (await admin.get(`/api/ops/asset/${id}/visuals`)).json().visuals.state !== 'pending',
      );
    await db().updateTable('brand_analysis').set({ faces: 1 }).where('brand_id', '=', brand.id).execute();
  });

  it('two face jobs saving the same new face at once make one person, not two', async () => {
    // Each job on its own connection (PostgreSQL runs them side by side; SQLite one after another).
    const repos = makeRepos(db());
    const descriptor = encodeDescriptor(Array.from({ length: 1024 }, (_, i) => Math.cos(77 * 13 + i) / 10));
    const face = { box: '0.1000,0.1000,0.3000,0.3000', score: 0.97, descriptor };
    const at = new Date().toISOString();
    const save = (assetId: number) =>
      repos.people.saveAnalysis({
        assetId,
        brandId: brand.id,
        rev: 1,
        state: 'done',
        reason: null,
        faces: [face],
        now: at,
      });
    await Promise.all([save(one), save(two)]);
    const rows = await db()
      .selectFrom('asset_faces')
      .select('person_id')
      .where('asset_id', 'in', [one, two])
      .where('descriptor', '=', descriptor)
      .execute();
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.person_id)).size).toBe(1);
    await Promise.all(
      [one, two].map((id) =>
        repos.people.saveAnalysis({
          assetId: id,
          brandId: brand.id,
          rev: 1,
          state: 'done',
          reason: null,
          faces: [],
          now: at,
        }),
      ),
    );
  });

  it('a member names a person: found words, filter by person, audit entry', async () => {
    const p = await personIn([one, two], 1);
    const r = await member.put(`/api/ops/person/${p.id}/name`, { name: 'Ana Ruiz' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().person).toMatchObject({ name: 'Ana Ruiz', faces: 2 });
    expect(await peopleWords(one)).toBe('Ana Ruiz');
    expect(await names(member, { people: [p.id] })).toEqual(['one.jpg', 'two.jpg']);
    expect((await member.get(`/api/ops/asset/${one}/people`)).json().people).toEqual([
      expect.objectContaining({ id: p.id, name: 'Ana Ruiz' }),
    ]);
    const audit = (await admin.get('/api/ops/audit/all?event=people.name')).json().items;
    expect(audit[0].target).toMatchObject({ type: 'person', id: p.id, label: 'Ana Ruiz' });
    expect((await guest.put(`/api/ops/person/${p.id}/name`, { name: 'X' })).statusCode).toBe(403);
    expect((await member.put(`/api/ops/person/${p.id}/name`, { name: '' })).statusCode).toBe(422);
  });

  it('merges a person into another: their faces and names follow, the first goes', async () => {
    const a = await personIn([one], 2);
    const b = await personIn([two], 3);
    await member.put(`/api/ops/person/${b.id}/name`, { name: 'Bea' });
    const r = await member.post(`/api/ops/person/${a.id}/merge`, { into: b.id });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().person).toMatchObject({ id: b.id, faces: 2 });
    expect((await member.get(`/api/ops/person/${a.id}`)).statusCode).toBe(404);
    expect(await peopleWords(one)).toContain('Bea');
    expect(await names(member, { people: [b.id] })).toEqual(['one.jpg', 'two.jpg']);
    expect((await admin.get('/api/ops/audit/all?event=people.merge')).json().items).toHaveLength(1);
    expect((await member.post(`/api/ops/person/${b.id}/merge`, { into: b.id })).statusCode).toBe(422);
  });

  it('splits selected faces into a new person', async () => {
    const p = await personIn([one, two], 4);
    const r = await member.post(`/api/ops/person/${p.id}/split`, { faces: [p.faces[1]], name: 'Carla' });
    expect(r.statusCode, r.body).toBe(201);
    const split = r.json().person;
    expect(split).toMatchObject({ name: 'Carla', faces: 1 });
    expect((await member.get(`/api/ops/person/${p.id}`)).json().person.faces).toBe(1);
    expect(await names(member, { people: [split.id] })).toEqual(['two.jpg']);
    expect((await member.post(`/api/ops/person/${p.id}/split`, { faces: [999999] })).statusCode).toBe(422);
  });

  it('hides a person from asset pages, filters and found words, and shows them again', async () => {
    const p = await personIn([one], 5);
    await member.put(`/api/ops/person/${p.id}/name`, { name: 'Dora' });
    expect((await member.put(`/api/ops/person/${p.id}/hidden`, { hidden: true })).statusCode).toBe(200);
    const ids = (await member.get(`/api/ops/asset/${one}/people`)).json().people.map((x: { id: number }) => x.id);
    expect(ids).not.toContain(p.id);
    expect(await names(member, { people: [p.id] })).toEqual([]);
    expect(await peopleWords(one)).not.toContain('Dora');
    const shown = (await member.get(`/api/ops/brand/${brand.id}/people`)).json().items.map((x: { id: number }) => x.id);
    expect(shown).not.toContain(p.id);
    expect((await member.get(`/api/ops/brand/${brand.id}/people?hidden=1`)).json().items).toEqual([
      expect.objectContaining({ id: p.id, hidden: true }),
    ]);
    await member.put(`/api/ops/person/${p.id}/hidden`, { hidden: false });
    expect(await peopleWords(one)).toContain('Dora');
  });

  it('an <img> opens a face crop by the link it is given, worth what its user may see now', async () => {
    const red = { r: 220, g: 40, b: 60 };
    const asset = await upload(
      pub,
      'guest-face.jpg',
      await sharp({ create: { width: 200, height: 150, channels: 3, background: red } })
        .jpeg()
        .toBuffer(),
    );
    const p = await personIn([asset], 7);
    const linkFor = async (c: Client) =>
      (await c.get(`/api/ops/asset/${asset}/people`)).json().people.find((x: { id: number }) => x.id === p.id)
        .crop_url as string;
    const guestLink = await linkFor(guest);
    expect(guestLink).toMatch(/^\/api\/ops\/face\/\d+\/crop\?u=\d+&exp=\d+&sig=/);
    // No bearer token, as an <img> sends none.
    const anon = t.client();
    const ok = await anon.get(guestLink);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.headers['content-type']).toBe('image/jpeg');
    expect((await anon.get(guestLink.replace(/sig=./, 'sig=0'))).statusCode).toBe(401);
    expect((await anon.get(`/api/ops/face/${p.faces[0]}/crop`)).statusCode).toBe(401);
    // The asset turns PRIVATE: the guest's link stops working, a member's does not.
    const memberLink = await linkFor(member);
    await admin.put(`/api/ops/asset/${asset}/edit`, { visibility: 'PRIVATE' });
    expect((await anon.get(guestLink)).statusCode).toBe(404);
    expect((await anon.get(memberLink)).statusCode).toBe(200);
  });

  it('a guest cannot see a person seen only in a PRIVATE asset, nor its face', async () => {
    const p = await personIn([hidden], 6);
    expect((await member.get(`/api/ops/person/${p.id}`)).statusCode).toBe(200);
    expect((await guest.get(`/api/ops/person/${p.id}`)).statusCode).toBe(404);
    expect((await guest.get(`/api/ops/face/${p.faces[0]}/crop`)).statusCode).toBe(404);
    const listed = (await guest.get(`/api/ops/brand/${brand.id}/people`)).json().items.map((x: { id: number }) => x.id);
    expect(listed).not.toContain(p.id);
  });
});
