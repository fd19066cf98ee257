import sharp from 'sharp';
import type { CompiledQuery } from 'kysely';
import { queryPlan } from '../../../test/queryPlan.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, dialect, makeBrand, makeFolder, multipart, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';
import { searchRepo } from './search.repo.js';
import type { SearchFilters, SearchOrder } from './search.repo.js';

// Sorting by name follows the language: case and accents are ignored (migration 2026112601).
let t: TestApp;
let admin: Client;
let brand: { id: number; root: number };
let letters: number;
let sub: number;
const ids: Record<string, number> = {};

async function upload(folderId: number, name: string, seed: number) {
  const data = await sharp({ create: { width: 8 + seed, height: 8, channels: 3, background: { r: seed, g: 0, b: 0 } } })
    .jpeg()
    .toBuffer();
  const r = await admin.form(
    'POST',
    `/api/ops/asset/${brand.id}/${folderId}/new`,
    multipart({}, [{ field: 'files', name, type: 'image/jpeg', data }]),
  );
  if (r.statusCode !== 201) throw new Error(`upload ${name}: ${r.statusCode} ${r.body}`);
  return r.json().results[0].asset_id as number;
}

type Page = { items: { name: string }[]; total: number };
async function names(folderId: number, body: Record<string, unknown>, qs = '?per_page=200') {
  const r = await admin.post(`/api/ops/asset/list/all/${folderId}${qs}`, body);
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as Page).items.map((i) => i.name);
}
const asc = { sort: { attribute: 'name', mode: 'asc' } };
const desc = { sort: { attribute: 'name', mode: 'desc' } };

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Names Co');
  letters = await makeFolder(admin, brand.id, 'Letters');
  sub = await makeFolder(admin, brand.id, 'More', letters);
  // Uploaded out of order, so no order by id or date could pass for the name order.
  const uploads: [number, string][] = [
    [letters, 'zebra.jpg'],
    [letters, 'Árbol.jpg'],
    [sub, 'apple.jpg'],
    [letters, 'Banana.jpg'],
    [sub, 'éclair.jpg'],
    [letters, 'Zebra.jpg'],
    [sub, 'arbol.jpg'],
  ];
  for (const [i, [folder, name]] of uploads.entries()) ids[name] = await upload(folder, name, i + 1);
}, 60_000);
afterAll(() => t.close());

/** Names that fold alike ("Zebra", "zebra") sort by their own bytes: capitals first, accents after. */
const byName = ['apple.jpg', 'arbol.jpg', 'Árbol.jpg', 'Banana.jpg', 'éclair.jpg', 'Zebra.jpg', 'zebra.jpg'];

describe('asset search: name sort', () => {
  it('ignores case and accents, both ways, over HTTP', async () => {
    expect(await names(brand.root, asc)).toEqual(byName);
    expect(await names(brand.root, desc)).toEqual([...byName].reverse());
  });

  it('keeps that order in a subfolder, in one folder, with filters and with words', async () => {
    const inSub = ['apple.jpg', 'arbol.jpg', 'éclair.jpg'];
    expect(await names(letters, { ...asc, recursive: true })).toEqual(byName);
    expect(await names(letters, { ...asc, recursive: false })).toEqual(byName.filter((n) => !inSub.includes(n)));
    expect(await names(sub, { ...desc, recursive: false })).toEqual([...inSub].reverse());
    expect(await names(brand.root, { ...asc, type: ['image'], extension: ['jpg'] })).toEqual(byName);
    expect(await names(brand.root, { ...desc, q: 'jpg' })).toEqual([...byName].reverse());
    expect(await names(brand.root, { ...asc, q: 'arbol' })).toEqual(['arbol.jpg', 'Árbol.jpg']);
  });

  it('pages through the order, each page starting after the last one ended', async () => {
    for (const [sort, order] of [
      [asc, byName],
      [desc, [...byName].reverse()],
    ] as const) {
      const pages: string[] = [];
      for (let page = 1; page <= 4; page++) pages.push(...(await names(brand.root, sort, `?per_page=2&page=${page}`)));
      expect(pages).toEqual(order);
    }
  });

  it('moves a renamed asset to its new place', async () => {
    const r = await admin.put(`/api/ops/asset/${ids['Banana.jpg']}/edit`, { name: 'Ñandú.jpg' });
    expect(r.statusCode, r.body).toBe(200);
    const renamed = ['apple.jpg', 'arbol.jpg', 'Árbol.jpg', 'éclair.jpg', 'Ñandú.jpg', 'Zebra.jpg', 'zebra.jpg'];
    expect(await names(brand.root, asc)).toEqual(renamed);
    expect(await names(brand.root, desc)).toEqual([...renamed].reverse());
  });

  const planOf = (q: CompiledQuery) => queryPlan(t.built.handle.db, dialect, q);

  it('takes a name-sorted page from a name index, never sorting the scope (query plans)', async () => {
    const repo = searchRepo(t.built.handle.db, dialect);
    const path = (
      await t.built.handle.db.selectFrom('folders').select('path').where('id', '=', letters).executeTakeFirstOrThrow()
    ).path;
    const scopes: SearchFilters['scope'][] = [
      { kind: 'brand', brandId: brand.id },
      { kind: 'subtree', brandId: brand.id, path },
      { kind: 'folder', folderId: letters, brandId: brand.id, path },
    ];
    for (const scope of scopes)
      for (const dir of ['asc', 'desc'] as const)
        for (const withPrivate of [true, false]) {
          const order: SearchOrder = { key: 'name_lc', dir };
          const text = await planOf(repo.pageQuery({ scope, withPrivate, terms: [] }, order, 50, 100).compile());
          const label = `${scope.kind} ${dir} ${withPrivate ? 'member' : 'guest'}\n${text}`;
          if (dialect === 'sqlite') {
            expect(text, label).toMatch(/USING (COVERING )?INDEX asset_search_(brand|folder)_name/);
            expect(text, label).not.toMatch(/TEMP B-TREE/);
          } else {
            expect(text, label).toMatch(/Index (Only )?Scan (Backward )?using asset_search_(brand|folder)_name/);
            expect(text, label).not.toMatch(/Sort/);
          }
        }
  });
});
