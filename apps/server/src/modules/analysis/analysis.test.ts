import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeBrand, makeFolder, makeUser, multipart, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';
import { until } from '../../../test/throwaway.js';

const solid = (background: string) =>
  sharp({ create: { width: 240, height: 160, channels: 3, background } })
    .png()
    .toBuffer();

async function upload(c: Client, brandId: number, folderId: number, name: string, data: Buffer) {
  const r = await c.form(
    'POST',
    `/api/ops/asset/${brandId}/${folderId}/new?upload_anyway=1`,
    multipart({}, [{ field: 'files', name, type: 'image/png', data }]),
  );
  expect(r.statusCode, r.body).toBe(201);
  return r.json().results[0].asset_id as number;
}

/** Waits for the colours analysis of the asset's current revision to record an outcome. */
async function analysed(c: Client, id: number) {
  let v = { state: 'pending', reason: null as string | null };
  await until(`the visuals of asset ${id}`, async () => {
    v = (await c.get(`/api/ops/asset/${id}/visuals`)).json().visuals;
    return v.state !== 'pending';
  });
  return v;
}

async function jobDone(c: Client, id: number) {
  let job = { status: 'queued', progress: null as { done: number; of: number } | null };
  await until(`job ${id} to finish`, async () => {
    const answer = (await c.get(`/api/jobs/${id}`)).json();
    job = answer.job ?? answer;
    return job.status === 'done' || job.status === 'failed';
  });
  return job;
}

const coloursOf = (a: { analyses: { kind: string }[] }) => a.analyses.find((x) => x.kind === 'colours');

describe('smart search settings', () => {
  let t: TestApp;
  let admin: Client;
  let brand: { id: number; root: number };
  let folder: number;
  beforeAll(async () => {
    t = await startApp({ ANALYSIS: 'colours' });
    admin = await adminClient(t);
    brand = await makeBrand(admin, 'Smart Co');
    folder = await makeFolder(admin, brand.id, 'Photos');
  });
  afterAll(() => t.close());

  it('answers the defaults, what the installation runs and how far colours got', async () => {
    const r = await admin.get(`/api/ops/brand/${brand.id}/analysis`);
    expect(r.statusCode).toBe(200);
    expect(r.json().settings).toEqual({
      text: true,
      objects: true,
      faces: false,
      colours: true,
      object_threshold: 0.5,
    });
    expect(r.json().installation).toEqual(['colours']);
    expect(coloursOf(r.json())).toEqual({ kind: 'colours', running: true, done: 0, pending: 0, failed: 0, skipped: 0 });
  });

  it('saves the switches and threshold, keeps faces as stored, and audits the change', async () => {
    const body = { text: false, objects: true, colours: true, object_threshold: 0.35 };
    const r = await admin.put(`/api/ops/brand/${brand.id}/analysis`, body);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().settings).toEqual({ ...body, faces: false });
    expect((await admin.get(`/api/ops/brand/${brand.id}/analysis`)).json().settings.text).toBe(false);
    const audit = (await admin.get(`/api/ops/audit/all?event=analysis.settings`)).json().items;
    expect(audit[0].target).toMatchObject({ type: 'brand', id: brand.id });
    expect(JSON.stringify(audit[0])).toContain('0.35');
    // Saving the same values again changes nothing and records nothing.
    await admin.put(`/api/ops/brand/${brand.id}/analysis`, body);
    expect((await admin.get(`/api/ops/audit/all?event=analysis.settings`)).json().items).toHaveLength(1);
  });

  it('refuses a threshold out of range or a faces switch with field messages', async () => {
    const url = `/api/ops/brand/${brand.id}/analysis`;
    const high = await admin.put(url, { text: true, objects: true, colours: true, object_threshold: 1.5 });
    expect(high.statusCode).toBe(422);
    expect(high.json().error.fields).toEqual({ object_threshold: expect.stringMatching(/threshold/i) });
    const faces = await admin.put(url, {
      text: true,
      objects: true,
      colours: true,
      object_threshold: 0.5,
      faces: true,
    });
    expect(faces.statusCode).toBe(422);
    expect((await admin.get(url)).json().settings.object_threshold).toBe(0.35);
  });

  it("lets a brand's member neither read nor change the settings", async () => {
    const member = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    expect((await member.client.get(`/api/ops/brand/${brand.id}/analysis`)).statusCode).toBe(403);
    const body = { text: true, objects: true, colours: false, object_threshold: 0.5 };
    expect((await member.client.put(`/api/ops/brand/${brand.id}/analysis`, body)).statusCode).toBe(403);
  });

  it('skips colours while the brand has them off, and the backfill analyses those files once on', async () => {
    const off = { text: true, objects: true, colours: false, object_threshold: 0.35 };
    expect((await admin.put(`/api/ops/brand/${brand.id}/analysis`, off)).statusCode).toBe(200);
    const id = await upload(admin, brand.id, folder, 'while-off.png', await solid('#1040d0'));
    expect(await analysed(admin, id)).toMatchObject({ state: 'skipped', reason: 'turned off' });
    const status = (await admin.get(`/api/ops/brand/${brand.id}/analysis`)).json();
    expect(coloursOf(status)).toMatchObject({ running: false, pending: 1, done: 0 });
    await admin.put(`/api/ops/brand/${brand.id}/analysis`, { ...off, colours: true });
    const r = await admin.post(`/api/ops/brand/${brand.id}/analysis/backfill`);
    expect(r.statusCode).toBe(202);
    expect(r.json().total).toBe(1);
    const job = await jobDone(admin, r.json().job_id);
    expect(job).toMatchObject({ status: 'done', progress: { done: 1, of: 1 } });
    expect((await admin.get(`/api/ops/asset/${id}/visuals`)).json().visuals.state).toBe('done');
    expect(coloursOf((await admin.get(`/api/ops/brand/${brand.id}/analysis`)).json())).toMatchObject({
      running: true,
      pending: 0,
      done: 1,
    });
    const audit = (await admin.get(`/api/ops/audit/all?event=analysis.backfill`)).json().items;
    expect(audit[0].target).toMatchObject({ type: 'brand', id: brand.id });
  });

  it('names colours in English and Spanish for search, and filters by a colour swatch', async () => {
    const red = await upload(admin, brand.id, folder, 'poster-red.png', await solid('#e01010'));
    const blue = await upload(admin, brand.id, folder, 'poster-blue.png', await solid('#1030d0'));
    await analysed(admin, red);
    await analysed(admin, blue);
    const row = await t.built.handle.db
      .selectFrom('assets')
      .select('found_text')
      .where('id', '=', red)
      .executeTakeFirst();
    expect(row?.found_text).toBe('red rojo');
    const find = async (body: object) =>
      (await admin.post(`/api/ops/asset/list/all/${brand.root}`, { recursive: true, ...body }))
        .json()
        .items.map((i: { id: number }) => i.id) as number[];
    expect(await find({ colours: ['red'] })).toEqual([red]);
    expect(await find({ colours: ['red', 'blue'] })).toEqual(expect.arrayContaining([red, blue]));
    expect(await find({ colours: ['blue'] })).not.toContain(red);
    expect(await find({ colours: ['red'], q: 'poster' })).toEqual([red]);
    expect(await find({ colours: ['green'] })).toEqual([]);
    const bad = await admin.post(`/api/ops/asset/list/all/${brand.root}`, { colours: ['crimson'] });
    expect(bad.statusCode).toBe(422);
    // A new version in another colour moves the words and the filter with it.
    const form = multipart({ asset_id: String(red) }, [
      { field: 'file', name: 'v2.png', type: 'image/png', data: await solid('#10c010') },
    ]);
    expect((await admin.form('POST', '/api/ops/asset/version/new', form)).statusCode).toBe(201);
    await until('the new version to be analysed', async () => (await find({ colours: ['green'] })).includes(red));
    expect(await find({ colours: ['red'] })).toEqual([]);
  });
});

describe('an installation that runs no colour analysis', () => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    // Faces only: on for no brand by default, so nothing here loads a model.
    t = await startApp({ ANALYSIS: 'faces' });
    admin = await adminClient(t);
  });
  afterAll(() => t.close());

  it('skips colours as turned off and says so in the settings answer', async () => {
    const brand = await makeBrand(admin, 'Plain Co');
    const folder = await makeFolder(admin, brand.id, 'Photos');
    const id = await upload(admin, brand.id, folder, 'red.png', await solid('#e01010'));
    expect(await analysed(admin, id)).toMatchObject({ state: 'skipped', reason: 'turned off' });
    const status = (await admin.get(`/api/ops/brand/${brand.id}/analysis`)).json();
    expect(status.installation).toEqual(['faces']);
    expect(status.settings.colours).toBe(true);
    expect(coloursOf(status)).toMatchObject({ running: false, pending: 1 });
    const r = await admin.post(`/api/ops/brand/${brand.id}/analysis/backfill`);
    expect(r.json().total).toBe(0);
    expect(await jobDone(admin, r.json().job_id)).toMatchObject({ status: 'done' });
    expect((await admin.get(`/api/ops/asset/${id}/visuals`)).json().visuals.reason).toBe('turned off');
  });
});
