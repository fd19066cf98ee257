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

// Sorting by size: bytes smallest first (asc) or largest first (desc), then id, both one way.
let t: TestApp;
let admin: Client;
let guest: Client;
let brand: { id: number; root: number };
let top: number;
let sub: number;
let path: string;

interface Row {
  size: number;
  folder: 'top' | 'sub';
  hidden: boolean;
  author: string;
}
/**
 * 60 assets: sizes out of order and repeating every 9 (pages end inside runs of equal sizes),
 * some past 4 GiB (more than 32 bits); every fourth PRIVATE; a third in `sub`.
 */
const SIZES = [700, 12, 5_000_000_000, 12, 90_000, 1, 4_294_967_296, 700, 33];
const rows: Row[] = Array.from({ length: 60 }, (_, i) => ({
  size: SIZES[(i * 5) % 9]!,
  folder: i % 3 === 0 ? 'sub' : 'top',
  hidden: i % 4 === 0,
  author: i % 2 ? 'Ana' : 'Bea',
}));
const ids: number[] = [];

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Sizes Co');
  top = await makeFolder(admin, brand.id, 'Top');
  sub = await makeFolder(admin, brand.id, 'Sub', top);
  guest = (await makeUser(t, admin, { roles: ['guest'], brands: [brand.id] })).client;
  const db = t.built.handle.db;
  await insertAssets(
    db,
    rows.map((r, i) =>
      assetRow(brand.id, r.folder === 'sub' ? sub : top, `bysize-${i}`, {
        name: `s${i % 7}.jpg`,
        size: r.size,
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
  for (const g of got) ids[Number(g.blob_key.replace('test/bysize-', ''))] = g.id;
  path = (await db.selectFrom('folders').select('path').where('id', '=', top).executeTakeFirstOrThrow()).path;
}, 60_000);
afterAll(() => t.close());

/** The expected order of the rows kept by `keep`: size, then id, in `dir`. */
function expected(dir: 'asc' | 'desc', keep: (r: Row, i: number) => boolean) {
  const sign = dir === 'asc' ? 1 : -1;
  return rows
    .map((r, i) => ({ ...r, id: ids[i]!, keep: keep(r, i) }))
    .filter((r) => r.keep)
    .sort((a, b) => sign * (a.size - b.size || a.id - b.id))
    .map((r) => r.id);
}

describe('asset search: size sort', () => {
  it('orders by size, then id, both ways, page after page, in every scope', async () => {
    const scopes: [string, number, boolean, (r: Row) => boolean][] = [
      ['brand', brand.root, true, () => true],
      ['subtree', top, true, () => true],
      ['folder', top, false, (r) => r.folder === 'top'],
      ['sub folder', sub, false, (r) => r.folder === 'sub'],
    ];
    await expectOrderInScopes('size', { admin, guest }, scopes, expected);
  });

  it('keeps the order with filters and with words', async () => {
    const ana = (r: Row) => r.author === 'Ana';
    expect(
      await scrollSearch(admin, brand.root, { author: ['Ana'], sort: { attribute: 'size', mode: 'desc' } }, 5),
    ).toEqual(expected('desc', ana));
    expect(await scrollSearch(admin, brand.root, { q: 's3', sort: { attribute: 'size', mode: 'asc' } }, 3)).toEqual(
      expected('asc', (_r, i) => i % 7 === 3),
    );
    expect(await scrollSearch(admin, brand.root, { q: 's', sort: { attribute: 'size', mode: 'desc' } }, 9)).toEqual(
      expected('desc', () => true),
    );
  });

  it('orders size latest and oldest by date, as name latest and oldest', async () => {
    for (const mode of ['latest', 'oldest'] as const) {
      const bySize = await scrollSearch(admin, brand.root, { sort: { attribute: 'size', mode } }, 200);
      const byDate = await scrollSearch(admin, brand.root, { sort: { attribute: 'date', mode } }, 200);
      expect(bySize).toEqual(byDate);
    }
  });

  it('puts an asset whose file grew (a new version) in its new place', async () => {
    const db = t.built.handle.db;
    const desc = { sort: { attribute: 'size', mode: 'desc' } };
    const smallest = (await scrollSearch(admin, brand.root, desc, 100)).at(-1)!;
    await db.updateTable('assets').set({ size: 6_000_000_000 }).where('id', '=', smallest).execute();
    expect((await scrollSearch(admin, brand.root, desc, 10))[0]).toBe(smallest);
  });

  const planOf = (q: CompiledQuery) => queryPlan(t.built.handle.db, dialect, q);

  it('walks a size index in every scope, reading no table and sorting nothing (query plans)', async () => {
    const repo = searchRepo(t.built.handle.db, dialect);
    const scopes: [SearchFilters['scope'], string][] = [
      [{ kind: 'brand', brandId: brand.id }, 'asset_search_brand_size'],
      [{ kind: 'subtree', brandId: brand.id, path }, 'asset_search_brand_size'],
      [{ kind: 'folder', folderId: top, brandId: brand.id, path }, 'asset_search_folder_size'],
    ];
    for (const [scope, index] of scopes)
      for (const dir of ['asc', 'desc'] as const)
        for (const withPrivate of [true, false]) {
          const q = repo
            .pageQuery({ scope, withPrivate, terms: [] }, { key: 'size', dir }, 50, 100, 'in', 'walk')
            .compile();
          const text = await planOf(q);
          const label = `${scope.kind} ${dir} ${withPrivate}\n${text}`;
          expectIndexWalk(text, index, dialect, label);
        }
  });
});
