import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminClient,
  assetRow,
  insertAssets,
  makeBrand,
  makeFolder,
  makeUser,
  startApp,
} from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

type Vocab = { id: number; name: string; kind: string; system: string | null };
type Option = { id: number; label_en: string; label_es: string };

let t: TestApp;
let admin: Client;
let manager: Client;
let member: Client;
let spanish: Client;
let brand: { id: number; root: number };
const ids: Record<string, number> = {};

const edit = (c: Client, id: number, body: Record<string, unknown>) => c.put(`/api/ops/asset/${id}/edit`, body);
const assetOf = async (id: number) =>
  (await admin.get(`/api/ops/asset/${id}/view`)).json().asset as { categories: string[]; language: string | null };
const vocabs = async () =>
  (await admin.get(`/api/ops/brand/${brand.id}/metadata/vocabularies`)).json().items as Vocab[];
const system = async (key: string) => (await vocabs()).find((v) => v.system === key)!;
const optionsOf = async (key: string) =>
  (await admin.get(`/api/ops/metadata/vocabulary/${(await system(key)).id}/options`)).json().items as Option[];

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Themes Co');
  manager = (await makeUser(t, admin, { roles: ['manager'], brands: [brand.id] })).client;
  member = (await makeUser(t, admin, { roles: ['member'], brands: [brand.id] })).client;
  spanish = (await makeUser(t, admin, { roles: ['member'], brands: [brand.id], lang: 'es' })).client;
  const folder = await makeFolder(admin, brand.id, 'Work');
  await insertAssets(
    t.built.handle.db,
    ['th-1', 'th-2', 'th-3'].map((k) => assetRow(brand.id, folder, k)),
  );
  for (const k of ['th-1', 'th-2', 'th-3'])
    ids[k] = (
      await t.built.handle.db.selectFrom('assets').select('id').where('name', '=', `${k}.jpg`).executeTakeFirstOrThrow()
    ).id;
});
afterAll(() => t.close());

describe('themes and visual language as vocabularies', () => {
  it('gives a new brand its Themes, Visual language and Channels lists, which cannot be deleted', async () => {
    const mine = (await vocabs()).filter((v) => v.system);
    expect(mine.map((v) => [v.name, v.kind, v.system])).toEqual([
      ['Channels', 'list', 'channels'],
      ['Themes', 'list', 'themes'],
      ['Visual language', 'list', 'language'],
    ]);
    expect((await optionsOf('channels')).map((o) => o.label_en)).toEqual([
      'Web',
      'Social',
      'Print',
      'OOH',
      'Broadcast',
    ]);
    const r = await admin.req('DELETE', `/api/ops/metadata/vocabulary/${mine[0]!.id}`);
    expect(r.statusCode).toBe(409);
    expect((await vocabs()).filter((v) => v.system)).toHaveLength(3);
  });

  it('adds a new theme as an option for a metadata manager; others pick options in any case or language', async () => {
    const r = await edit(manager, ids['th-1']!, { categories: ['Sunset', 'Beach'], language: 'Minimal' });
    expect(r.statusCode, r.body).toBe(200);
    expect((await optionsOf('themes')).map((o) => o.label_en)).toEqual(['Sunset', 'Beach']);
    expect((await optionsOf('language')).map((o) => o.label_en)).toEqual(['Minimal']);
    const beach = (await optionsOf('themes')).find((o) => o.label_en === 'Beach')!;
    await admin.patch(`/api/ops/metadata/option/${beach.id}`, { label_es: 'Playa' });

    const ok = await edit(member, ids['th-2']!, { categories: ['sunset', 'PLAYA'], language: 'minimal' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await assetOf(ids['th-2']!)).toMatchObject({ categories: ['Sunset', 'Beach'], language: 'Minimal' });
  });

  it('refuses a theme or visual language the brand lacks to someone who cannot define metadata (422, nothing written)', async () => {
    const r = await edit(member, ids['th-3']!, { name: 'renamed.jpg', categories: ['Sunset', 'Xyz'] });
    expect(r.statusCode).toBe(422);
    expect(r.json().error.fields.categories).toBe("Themes: 'Xyz' is not one of the brand's options");
    const es = await edit(spanish, ids['th-3']!, { language: 'Brutalist' });
    expect(es.json().error.fields.language).toBe('Lenguaje visual: «Brutalist» no es una de las opciones de la marca');
    expect(await assetOf(ids['th-3']!)).toMatchObject({ categories: [], language: null });
    expect((await admin.get(`/api/ops/asset/${ids['th-3']}/view`)).json().asset.name).toBe('th-3.jpg');
    expect((await optionsOf('themes')).map((o) => o.label_en)).toEqual(['Sunset', 'Beach']);
  });

  it('renaming or merging an option rewrites the themes and visual language of the assets holding it', async () => {
    const sunset = (await optionsOf('themes')).find((o) => o.label_en === 'Sunset')!;
    const r = await manager.patch(`/api/ops/metadata/option/${sunset.id}`, { label_en: 'Golden hour' });
    expect(r.statusCode, r.body).toBe(200);
    expect((await assetOf(ids['th-1']!)).categories).toEqual(['Golden hour', 'Beach']);
    expect((await assetOf(ids['th-2']!)).categories).toEqual(['Golden hour', 'Beach']);

    const beach = (await optionsOf('themes')).find((o) => o.label_en === 'Beach')!;
    const merged = await manager.post(`/api/ops/metadata/option/${beach.id}/merge`, { into: sunset.id });
    expect(merged.statusCode, merged.body).toBe(200);
    expect((await assetOf(ids['th-1']!)).categories).toEqual(['Golden hour']);
    expect((await optionsOf('themes')).map((o) => o.label_en)).toEqual(['Golden hour']);

    const minimal = (await optionsOf('language')).find((o) => o.label_en === 'Minimal')!;
    await manager.patch(`/api/ops/metadata/option/${minimal.id}`, { label_en: 'Minimalist' });
    expect((await assetOf(ids['th-2']!)).language).toBe('Minimalist');
    const audit = (await admin.get('/api/ops/audit/all?event=metadata.option.update&per_page=5')).json().items;
    expect(audit[0].info).toMatchObject({ assets: 2 });
  });

  it('suggests the brand’s most used keywords starting with what was typed', async () => {
    await edit(manager, ids['th-1']!, { keywords: ['Sunrise', 'sea'] });
    await edit(manager, ids['th-2']!, { keywords: ['sunrise', 'Summer'] });
    await edit(manager, ids['th-3']!, { keywords: ['Summit', 'Sunrise'] });
    const r = await member.get(`/api/ops/brand/${brand.id}/keywords/suggest?prefix=su`);
    expect(r.statusCode).toBe(200);
    expect(r.json().items.map((k: { value: string; count: number }) => `${k.value}:${k.count}`)).toEqual([
      'Sunrise:3',
      'Summer:1',
      'Summit:1',
    ]);
  });
});
