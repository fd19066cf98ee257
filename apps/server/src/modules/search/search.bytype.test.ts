import type { CompiledQuery } from 'kysely';
import { queryPlan } from '../../../test/queryPlan.js';
import { expectIndexWalk, expectOrderInScopes, scrollSearch } from '../../../test/searchPages.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminClient,
  assetRow,
  dialect,
  insertAssets,
  makeBrand,
  makeFolder,
  makeUser,
} from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';
import { startApp } from '../../../test/harness.js';
import { searchRepo } from './search.repo.js';
import type { SearchFilters } from './search.repo.js';

// Sorting by type: type a to z (or z to a), then the name's sort key, then id, all one way.
let t: TestApp;
let admin: Client;
let guest: Client;
let brand: { id: number; root: number };
let top: number;
let sub: number;
let path: string;

const TYPES = ['video', 'image', 'document', 'audio', 'other'] as const;
const EXT: Record<(typeof TYPES)[number], string> = {
  video: 'mp4',
  image: 'jpg',
  document: 'pdf',
  audio: 'mp3',
  other: 'bin',
};

interface Row {
  name: string;
  type: string;
  folder: 'top' | 'sub';
  hidden: boolean;
  author: string;
}
/**
 * 60 assets: types in turn, names out of order and repeating every 7 ("n03" several times in
 * one type), so pages end inside runs of equal keys; every fourth PRIVATE; a third in `sub`.
 */
const rows: Row[] = Array.from({ length: 60 }, (_, i) => ({
  name: `n${String((i * 5) % 7).padStart(2, '0')}-${TYPES[i % 5]}`,
  type: TYPES[i % 5]!,
  folder: i % 3 === 0 ? 'sub' : 'top',
  hidden: i % 4 === 0,
  author: i % 2 ? 'Ana' : 'Bea',
}));
const ids: number[] = [];

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Types Co');
  top = await makeFolder(admin, brand.id, 'Top');
  sub = await makeFolder(admin, brand.id, 'Sub', top);
  guest = (await makeUser(t, admin, { roles: ['guest'], brands: [brand.id] })).client;
  const db = t.built.handle.db;
  await insertAssets(
    db,
    rows.map((r, i) =>
      assetRow(brand.id, r.folder === 'sub' ? sub : top, `bytype-${i}`, {
        name: `${r.name}.${EXT[r.type as keyof typeof EXT]}`,
        ext: EXT[r.type as keyof typeof EXT],
        type: r.type,
        author: r.author,
        visibility: r.hidden ? 'PRIVATE' : 'PUBLIC',
      }),
    ),
  );
  const got = await db
    .selectFrom('assets')
    .select(['id', 'blob_key'])
    .where('brand_id', '=', brand.id)
    .orderBy('id')
    .execute();
  for (const g of got) ids[Number(g.blob_key.replace('test/bytype-', ''))] = g.id;
  path = (await db.selectFrom('folders').select('path').where('id', '=', top).executeTakeFirstOrThrow()).path;
}, 60_000);
afterAll(() => t.close());

/** The expected order of the rows kept by `keep`: type, name, id, in `dir`. */
function expected(dir: 'asc' | 'desc', keep: (r: Row) => boolean) {
  const sign = dir === 'asc' ? 1 : -1;
  return rows
    .map((r, i) => ({ ...r, id: ids[i]!, full: `${r.name}.${EXT[r.type as keyof typeof EXT]}` }))
    .filter(keep)
    .sort(
      (a, b) =>
        sign * (a.type.localeCompare(b.type) || (a.full < b.full ? -1 : a.full > b.full ? 1 : 0) || a.id - b.id),
    )
    .map((r) => r.id);
}

describe('asset search: type sort', () => {
  it('orders by type, then name, then id, both ways, page after page, in every scope', async () => {
    const scopes: [string, number, boolean, (r: Row) => boolean][] = [
      ['brand', brand.root, true, () => true],
      ['subtree', top, true, () => true],
      ['folder', top, false, (r) => r.folder === 'top'],
      ['sub folder', sub, false, (r) => r.folder === 'sub'],
    ];
    await expectOrderInScopes('type', { admin, guest }, scopes, expected);
  });

  it('keeps the order with filters and with words', async () => {
    const ana = (r: Row) => r.author === 'Ana';
    expect(
      await scrollSearch(admin, brand.root, { author: ['Ana'], sort: { attribute: 'type', mode: 'asc' } }, 5),
    ).toEqual(expected('asc', ana));
    expect(
      await scrollSearch(
        admin,
        top,
        { recursive: true, type: ['audio', 'video'], sort: { attribute: 'type', mode: 'desc' } },
        4,
      ),
    ).toEqual(expected('desc', (r) => r.type === 'audio' || r.type === 'video'));
    expect(await scrollSearch(admin, brand.root, { q: 'n03', sort: { attribute: 'type', mode: 'asc' } }, 3)).toEqual(
      expected('asc', (r) => r.name.startsWith('n03')),
    );
    expect(await scrollSearch(admin, brand.root, { q: 'n', sort: { attribute: 'type', mode: 'desc' } }, 9)).toEqual(
      expected('desc', () => true),
    );
  });

  it('orders type latest and oldest by date, as name latest and oldest', async () => {
    for (const mode of ['latest', 'oldest'] as const) {
      const byType = await scrollSearch(admin, brand.root, { sort: { attribute: 'type', mode } }, 200);
      const byDate = await scrollSearch(admin, brand.root, { sort: { attribute: 'date', mode } }, 200);
      expect(byType).toEqual(byDate);
    }
  });

  it('puts a new asset and a retyped one in their new place', async () => {
    const db = t.built.handle.db;
    await insertAssets(db, [
      assetRow(brand.id, top, 'bytype-new', { name: 'a-first.mp3', ext: 'mp3', type: 'audio', author: 'Ana' }),
    ]);
    const added = await db
      .selectFrom('assets')
      .select('id')
      .where('blob_key', '=', 'test/bytype-new')
      .executeTakeFirstOrThrow();
    const asc = { sort: { attribute: 'type', mode: 'asc' } };
    expect((await scrollSearch(admin, brand.root, asc, 10))[0]).toBe(added.id);
    await db.updateTable('assets').set({ type: 'video', ext: 'mp4' }).where('id', '=', added.id).execute();
    // Videos come last: after the 48 assets of the other types, the first of them by name.
    const after = await scrollSearch(admin, brand.root, asc, 10);
    expect(after.indexOf(added.id)).toBe(48);
    expect(after).toHaveLength(61);
  });

  const planOf = (q: CompiledQuery) => queryPlan(t.built.handle.db, dialect, q);

  it('walks the brand type index for the brand and a subtree; sorts one folder (query plans)', async () => {
    const repo = searchRepo(t.built.handle.db, dialect);
    const scopes: SearchFilters['scope'][] = [
      { kind: 'brand', brandId: brand.id },
      { kind: 'subtree', brandId: brand.id, path },
    ];
    for (const scope of scopes)
      for (const dir of ['asc', 'desc'] as const)
        for (const withPrivate of [true, false]) {
          const q = repo.pageQuery({ scope, withPrivate, terms: [] }, { key: 'type', dir }, 50, 100).compile();
          const text = await planOf(q);
          const label = `${scope.kind} ${dir} ${withPrivate}\n${text}`;
          expectIndexWalk(text, 'asset_search_brand_type', dialect, label);
        }
    const folder = { kind: 'folder' as const, folderId: top, brandId: brand.id, path };
    const text = await planOf(
      repo.pageQuery({ scope: folder, withPrivate: true, terms: [] }, { key: 'type', dir: 'asc' }, 50, 0).compile(),
    );
    // The folder's rows from a folder index, then sorted: never the whole brand's type index.
    expect(text).toMatch(/asset_search_folder_/);
  });
});
