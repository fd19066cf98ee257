import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeBrand, makeFolder, makeUser, multipart, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';
import { until } from '../../../test/throwaway.js';
import { enqueueAny } from '../../jobs/queue.js';
import { makeRepos } from '../../repos.js';
import type { Repos } from '../../repos.js';
import { ANALYSIS_DEFAULTS } from '../analysis/switch/analysis.repo.js';

let t: TestApp;
let admin: Client;
let repos: Repos;
/** Objects turned off for the brand: its uploads never run the model; tests store labels directly. */
let brand: { id: number; root: number };
let folder: number;

const db = () => t.built.handle.db;
const picture = (background: string) =>
  sharp({ create: { width: 320, height: 200, channels: 3, background } })
    .jpeg()
    .toBuffer();
async function upload(folderId: number, brandId: number, name: string, data: Buffer) {
  const r = await admin.form(
    'POST',
    `/api/ops/asset/${brandId}/${folderId}/new?upload_anyway=1`,
    multipart({}, [{ field: 'files', name, type: 'image/jpeg', data }]),
  );
  expect(r.statusCode, r.body).toBe(201);
  return r.json().results[0].asset_id as number;
}
/** Waits for the object analysis of the asset's current revision; answers that revision. */
async function analysed(id: number) {
  let rev = 0;
  await until(`the object analysis of asset ${id}`, async () => {
    const a = await db().selectFrom('assets').select('derivative_rev').where('id', '=', id).executeTakeFirstOrThrow();
    const run = await db().selectFrom('asset_objects').select('rev').where('asset_id', '=', id).executeTakeFirst();
    rev = a.derivative_rev;
    return run?.rev === rev;
  });
  return rev;
}
/** Stores labels as the job does (the model's run aside), for the asset's current revision. */
async function found(id: number, labels: Record<string, number>, brandId = brand.id) {
  const rev = await analysed(id);
  const { object_threshold } = await repos.analysis.settings(brandId);
  await repos.labels.saveAnalysis({
    assetId: id,
    brandId,
    rev,
    state: 'done',
    reason: null,
    found: new Map(Object.entries(labels)),
    threshold: object_threshold,
    now: new Date().toISOString(),
  });
}
const labelsOf = async (c: Client, id: number) => {
  const r = await c.get(`/api/ops/asset/${id}/labels`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().labels as {
    state: string;
    reason: string | null;
    items: { key: string; name_es: string; score: number; state: string }[];
    can_decide: boolean;
  };
};
/** The words the objects analysis gave search (colours add their own beside them). */
const words = async (id: number) =>
  (
    await db()
      .selectFrom('asset_found_words')
      .select('words')
      .where('asset_id', '=', id)
      .where('kind', '=', 'objects')
      .executeTakeFirst()
  )?.words ?? '';
const detected = async (c: Client, labels: string[], root = brand.root) => {
  const r = await c.post(`/api/ops/asset/list/all/${root}`, { detected: labels });
  expect(r.statusCode, r.body).toBe(200);
  return (r.json().items as { id: number }[]).map((i) => i.id);
};
const threshold = (brandId: number, object_threshold: number) =>
  repos.analysis.saveSettings(brandId, { ...ANALYSIS_DEFAULTS, object_threshold }, new Date().toISOString());

beforeAll(async () => {
  t = await startApp({ ANALYSIS: 'colours,objects' });
  admin = await adminClient(t);
  repos = makeRepos(db());
  brand = await makeBrand(admin, 'Labels Co');
  await repos.analysis.saveSettings(brand.id, { ...ANALYSIS_DEFAULTS, objects: false }, new Date().toISOString());
  folder = await makeFolder(admin, brand.id, 'Photos');
});
afterAll(() => t.close());

describe('objects and scenes', () => {
  it('finds a person in a photo with the real model, with its words in both languages', async () => {
    const model = await makeBrand(admin, 'Model Co');
    await threshold(model.id, 0.3);
    const photos = await makeFolder(admin, model.id, 'People');
    const require = createRequire(import.meta.url);
    const sample = join(dirname(require.resolve('@vladmandic/human')), '..', 'assets', 'samples.jpg');
    const id = await upload(photos, model.id, 'people.jpg', readFileSync(sample));
    let l = await labelsOf(admin, id);
    await until(
      'the labels of the sample photo',
      async () => (l = await labelsOf(admin, id)).state !== 'pending',
      90_000,
    );
    expect(l.state, l.reason ?? '').toBe('done');
    expect(l.items.map((i) => i.key)).toContain('person');
    expect(await words(id)).toMatch(/\bperson persona\b/);
  }, 120_000);

  it('skips the analysis of a brand that turned it off, with the reason', async () => {
    const id = await upload(folder, brand.id, 'off.jpg', await picture('#336699'));
    await analysed(id);
    expect(await labelsOf(admin, id)).toMatchObject({ state: 'skipped', reason: 'turned off', items: [] });
  });

  it('accepts a label into keywords in the caller language, audited, for editors only', async () => {
    const id = await upload(folder, brand.id, 'dog.jpg', await picture('#aa8844'));
    await found(id, { dog: 0.92, cat: 0.71 });
    const l = await labelsOf(admin, id);
    expect(l.items.map((i) => [i.key, i.state])).toEqual([
      ['dog', 'suggested'],
      ['cat', 'suggested'],
    ]);
    expect(await words(id)).toBe('dog perro cat gato');
    const guest = await makeUser(t, admin, { roles: ['guest'], brands: [brand.id] });
    expect((await labelsOf(guest.client, id)).can_decide).toBe(false);
    expect((await guest.client.post(`/api/ops/asset/${id}/labels/dog/accept`)).statusCode).toBe(403);
    const member = await makeUser(t, admin, { roles: ['member'], brands: [brand.id], lang: 'es' });
    const r = await member.client.post(`/api/ops/asset/${id}/labels/dog/accept`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().labels.items.find((i: { key: string }) => i.key === 'dog').state).toBe('accepted');
    const view = (await admin.get(`/api/ops/asset/${id}/view`)).json().asset;
    expect(view.keywords).toEqual(['perro']);
    const audit = JSON.stringify((await admin.get('/api/ops/audit/all?event=labels.accept')).json());
    expect(audit).toContain('perro');
    const edits = JSON.stringify((await admin.get('/api/ops/audit/all?event=asset.update')).json());
    expect(edits).toContain('perro');
    // A label the asset does not hold is not found; an unknown class is bad input.
    expect((await member.client.post(`/api/ops/asset/${id}/labels/zebra/accept`)).statusCode).toBe(404);
    expect((await member.client.post(`/api/ops/asset/${id}/labels/unicorn/accept`)).statusCode).toBe(422);
  });

  it('never suggests a rejected label again, even after a new version', async () => {
    const id = await upload(folder, brand.id, 'rejected.jpg', await picture('#224422'));
    await found(id, { dog: 0.88, bench: 0.6 });
    const r = await admin.post(`/api/ops/asset/${id}/labels/dog/reject`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().labels.items.map((i: { key: string }) => i.key)).toEqual(['bench']);
    expect(await words(id)).toBe('bench banco');
    expect(JSON.stringify((await admin.get('/api/ops/audit/all?event=labels.reject')).json())).toContain('dog');
    const form = multipart({ asset_id: String(id) }, [
      { field: 'file', name: 'v2.jpg', type: 'image/jpeg', data: await picture('#446644') },
    ]);
    expect((await admin.form('POST', '/api/ops/asset/version/new', form)).statusCode).toBe(201);
    await found(id, { dog: 0.95, car: 0.8 });
    const after = await labelsOf(admin, id);
    expect(after.items.map((i) => i.key)).toEqual(['car']);
    expect(await words(id)).toBe('car coche');
    expect(await detected(admin, ['dog'])).not.toContain(id);
  });

  it("hides labels under the brand's threshold everywhere, and rewrites words when it changes", async () => {
    const other = await makeBrand(admin, 'Threshold Co');
    await repos.analysis.saveSettings(other.id, { ...ANALYSIS_DEFAULTS, objects: false }, new Date().toISOString());
    const f = await makeFolder(admin, other.id, 'Shots');
    const id = await upload(f, other.id, 'weak.jpg', await picture('#884422'));
    await found(id, { cat: 0.42, dog: 0.9 }, other.id);
    expect((await labelsOf(admin, id)).items.map((i) => i.key)).toEqual(['dog']);
    expect(await words(id)).toBe('dog perro');
    expect(await detected(admin, ['cat'], other.root)).toEqual([]);
    expect((await admin.get(`/api/ops/brand/${other.id}/labels`)).json().items).toEqual([
      { key: 'dog', name_en: 'dog', name_es: 'perro', count: 1 },
    ]);
    await threshold(other.id, 0.4);
    const job = (await enqueueAny(db(), 'objects.rewords', { brand_id: other.id }))!;
    t.built.worker?.wake();
    await until('the words to be rewritten', async () => {
      const row = await db().selectFrom('jobs').select('status').where('id', '=', job).executeTakeFirstOrThrow();
      return row.status === 'done';
    });
    expect(await words(id)).toBe('dog perro cat gato');
    expect((await labelsOf(admin, id)).items.map((i) => i.key)).toEqual(['dog', 'cat']);
    expect(await detected(admin, ['cat'], other.root)).toEqual([id]);
  });

  it('filters by detected label, counting only what the caller may see', async () => {
    const secret = await makeFolder(admin, brand.id, 'Secret', undefined, 'PRIVATE');
    const open = await upload(folder, brand.id, 'horse-open.jpg', await picture('#aa2222'));
    const hidden = await upload(secret, brand.id, 'horse-hidden.jpg', await picture('#22aa22'));
    const plain = await upload(folder, brand.id, 'plain.jpg', await picture('#2222aa'));
    await found(open, { horse: 0.8 });
    await found(hidden, { horse: 0.85 });
    await found(plain, { bench: 0.7 });
    expect((await detected(admin, ['horse'])).sort()).toEqual([open, hidden].sort());
    const guest = await makeUser(t, admin, { roles: ['guest'], brands: [brand.id] });
    expect(await detected(guest.client, ['horse'])).toEqual([open]);
    const count = async (c: Client) =>
      (await c.get(`/api/ops/brand/${brand.id}/labels`)).json().items.find((i: { key: string }) => i.key === 'horse')
        ?.count;
    expect(await count(admin)).toBe(2);
    expect(await count(guest.client)).toBe(1);
    expect((await guest.client.get(`/api/ops/asset/${hidden}/labels`)).statusCode).toBe(404);
    const stranger = await makeUser(t, admin, { roles: ['member'], brands: [] });
    expect((await stranger.client.get(`/api/ops/brand/${brand.id}/labels`)).statusCode).toBe(404);
    const bad = await admin.post(`/api/ops/asset/list/all/${brand.root}`, { detected: ['unicorn'] });
    expect(bad.statusCode).toBe(422);
  });
});
