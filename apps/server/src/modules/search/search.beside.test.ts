import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, assetRow, insertAssets, makeBrand, makeFolder, startApp } from '../../../test/harness.js';
import type { TestApp } from '../../../test/harness.js';
import type { Actor } from '../../access/principal.js';
import { mediaUrlFactory } from '../../lib/mediaUrl.js';
import { makeRepos } from '../../repos.js';
import type { Deps } from '../../deps/deps.js';
import { searchRepo } from './search.repo.js';
import { searchService } from './search.service.js';
import { contextFor } from '../../lib/requestContext.js';

// Work done side by side: a search the count tables take for capped starts its facet sample and
// page beside the count (PostgreSQL); a common word's page walk starts on SQLite's side
// connection beside its count and facets; a subtree's count-table sums run in two halves. These
// check that the answers are the same as work done one statement after another.
let t: TestApp;
let brand: { id: number; root: number };
let actor: Actor;
let deps: Deps;
let admin: Awaited<ReturnType<typeof adminClient>>;

/** 200 images: 190 from 2025 with author Ana, then 10 from June 2026 with author Bea. */
beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Estimate Co');
  const folder = await makeFolder(admin, brand.id, 'All');
  await insertAssets(
    t.built.handle.db,
    Array.from({ length: 200 }, (_, i) =>
      assetRow(brand.id, folder, `est-${String(i).padStart(3, '0')}`, {
        size: 1000 + i,
        author: i < 190 ? 'Ana' : 'Bea',
        categories: JSON.stringify(i % 2 ? ['Odd'] : ['Even']),
        created_at: new Date(Date.UTC(i < 190 ? 2025 : 2026, 5, 1) + i * 60_000).toISOString(),
      }),
    ),
  );
  actor = (await t.built.services.auth.actorFromHeader(`Bearer ${admin.token}`))!;
  deps = {
    handle: t.built.handle,
    repos: makeRepos(t.built.handle.db),
    media: mediaUrlFactory('test-key', t.clock),
    clock: t.clock,
    config: { searchCacheEntries: 0 },
  } as unknown as Deps;
}, 60_000);
afterAll(() => t.close());

const body = { recursive: true, sort: { attribute: 'name' as const, mode: 'desc' as const } };
const sum = (list: { count: number }[]) => list.reduce((n, f) => n + f.count, 0);

describe('asset search: a capped guess from the count tables', () => {
  it('estimates matches from the count tables, facets taken as independent', async () => {
    const repo = searchRepo(t.built.handle.db, t.built.handle.dialect);
    const scope = { kind: 'brand' as const, brandId: brand.id };
    const about = async (f: object) =>
      (await repo.estimate({ scope, withPrivate: true, terms: [], ...f }, [0, 1]))?.matches;
    expect(await about({})).toBe(200);
    expect(await about({ type: ['image'], author: ['Bea'] })).toBe(10);
    // Dates are not in the count tables: the estimate is of the rest.
    expect(await about({ author: ['Ana'], dateFrom: '2026-01-01T00:00:00.000Z' })).toBe(190);
    expect(await about({ author: ['Ana'], categories: ['Odd'] })).toBe(95);
    expect(await repo.estimate({ scope, withPrivate: true, terms: [] }, [1])).toEqual({ matches: 0, rows: 0 });
    expect(await repo.estimate({ scope, withPrivate: true, terms: [], author: ['Bea'] }, [0, 1])).toEqual({
      matches: 10,
      rows: 200,
    });
  });

  it('answers a guessed-capped search that is capped as a search that did not guess', async () => {
    // Cap 20: 200 images are estimated well past it (3 × 20). Cap 1,000: no guess.
    const guessing = searchService(deps, t.built.services.folders, { exactTotal: 20, facetSample: 30 });
    const plain = searchService(deps, t.built.services.folders, { exactTotal: 1000, facetSample: 30 });
    const r = (await guessing.search(contextFor(actor), brand.root, { ...body, type: ['image'] }, 2, 15)).value();
    expect([r.total, r.total_capped, r.facets_capped, sum(r.facets.type)]).toEqual([20, true, true, 30]);
    const exact = (await plain.search(contextFor(actor), brand.root, { ...body, type: ['image'] }, 2, 15)).value();
    expect(exact.total).toBe(200);
    expect(r.items.map((a) => a.name)).toEqual(exact.items.map((a) => a.name));
    expect(r.items[0]!.name).toBe('est-184.jpg');
  });

  it('counts every match exactly when the guess was wrong (a date the count tables do not hold)', async () => {
    const guessing = searchService(deps, t.built.services.folders, { exactTotal: 20, facetSample: 5 });
    const r = (
      await guessing.search(contextFor(actor), brand.root, { ...body, type: ['image'], date_from: '2026-01-01' }, 1, 50)
    ).value();
    expect([r.total, r.total_capped, r.facets_capped]).toEqual([10, false, false]);
    expect(r.facets.author).toEqual([{ value: 'Bea', count: 10 }]);
    expect(sum(r.facets.category)).toBe(10);
    expect(r.items.map((a) => a.name)).toEqual(Array.from({ length: 10 }, (_, i) => `est-${199 - i}.jpg`));
  });

  it("takes a common word's page from the walk beside the count when capped, and drops it when not", async () => {
    // Every row holds the word "est" (its name): 200 documents, common from 50 on. PostgreSQL
    // starts the page once the count says capped, beside the facets' sample.
    const opts = { facetSample: 30, commonWordDocs: 50 };
    const guessing = searchService(deps, t.built.services.folders, { ...opts, exactTotal: 20 });
    const plain = searchService(deps, t.built.services.folders, { ...opts, exactTotal: 1000 });
    for (const q of ['est', 'es']) {
      const r = (await guessing.search(contextFor(actor), brand.root, { ...body, q }, 3, 15)).value();
      expect([r.total, r.total_capped, r.facets_capped]).toEqual([20, true, true]);
      const exact = (await plain.search(contextFor(actor), brand.root, { ...body, q }, 3, 15)).value();
      expect(r.items.map((a) => a.name)).toEqual(exact.items.map((a) => a.name));
      expect(r.items[0]!.name).toBe('est-169.jpg');
    }
    const few = (
      await guessing.search(contextFor(actor), brand.root, { ...body, q: 'est', author: ['Bea'] }, 1, 4)
    ).value();
    expect([few.total, few.total_capped, few.facets_capped]).toEqual([10, false, false]);
    expect(few.items.map((a) => a.name)).toEqual(['est-199.jpg', 'est-198.jpg', 'est-197.jpg', 'est-196.jpg']);
  });

  it('pages a capped common word as every match read, from its document set or not, until the brand changes', async () => {
    // SQLite: from the first row on, the walk reads the word's document set instead of asking
    // FTS5 (kept per generation on the side connection). PostgreSQL has no set: its capped
    // word pages (a walk, or the GIN index) must answer the same.
    const opts = { facetSample: 30, commonWordDocs: 50, exactTotal: 20 };
    const withSet = searchService(deps, t.built.services.folders, { ...opts, wordSetFromRows: 0 });
    const asking = searchService(deps, t.built.services.folders, { ...opts, wordSetFromRows: 1e9 });
    const plain = searchService(deps, t.built.services.folders, { ...opts, exactTotal: 1000 });
    const names = async (s: typeof plain, b: object, page: number) =>
      (await s.search(contextFor(actor), brand.root, { ...body, ...b }, page, 15)).value().items.map((a) => a.name);
    const sorts = [body.sort, { attribute: 'date', mode: 'oldest' }] as const;
    for (const sort of sorts)
      for (const page of [1, 4, 14]) {
        for (const q of ['est', 'es']) {
          const exact = await names(plain, { q, sort }, page);
          expect(exact).toHaveLength(page === 14 ? 5 : 15);
          expect(await names(withSet, { q, sort }, page)).toEqual(exact);
          expect(await names(asking, { q, sort }, page)).toEqual(exact);
        }
        // Conditions besides the word are the walk's own.
        const b = { q: 'est', sort, author: ['Ana'], type: ['image'] };
        expect(await names(withSet, b, page)).toEqual(await names(plain, b, page));
      }
    // A renamed asset leaves the word's documents: no kept set is used after the change.
    const before = await names(withSet, { q: 'est' }, 1);
    expect(before[0]).toBe('est-199.jpg');
    const renamed = (await t.built.handle.db
      .selectFrom('assets')
      .select('id')
      .where('brand_id', '=', brand.id)
      .where('name', '=', 'est-199.jpg')
      .executeTakeFirstOrThrow()) as { id: number };
    const rename = (name: string) => admin.put(`/api/ops/asset/${renamed.id}/edit`, { name });
    expect((await rename('zz-renamed.jpg')).statusCode).toBe(200);
    const after = await names(withSet, { q: 'est' }, 1);
    expect(after).toEqual(await names(plain, { q: 'est' }, 1));
    expect(after[0]).toBe('est-198.jpg');
    expect((await rename('est-199.jpg')).statusCode).toBe(200);
    expect(await names(withSet, { q: 'est' }, 1)).toEqual(before);
  });

  it("sums a subtree's count tables over every folder in it", async () => {
    const parent = await makeFolder(admin, brand.id, 'Parent');
    const kids = [
      await makeFolder(admin, brand.id, 'Kid A', parent),
      await makeFolder(admin, brand.id, 'Kid B', parent),
    ];
    const placed = [parent, parent, ...kids.flatMap((k, i) => Array.from({ length: 3 + i }, () => k))];
    await insertAssets(
      t.built.handle.db,
      placed.map((folder, i) =>
        assetRow(brand.id, folder, `kid-${i}`, {
          name: `kid-${i}.png`,
          ext: 'png',
          mime: 'image/png',
          author: folder === parent ? 'Cai' : folder === kids[0] ? 'Dee' : 'Eve',
          created_at: new Date(Date.UTC(2026, 1, 1)).toISOString(),
        }),
      ),
    );
    const service = searchService(deps, t.built.services.folders, {});
    const r = (await service.search(contextFor(actor), parent, { ...body }, 1, 50)).value();
    expect([r.total, r.items.length]).toEqual([9, 9]);
    expect(r.facets.author).toEqual([
      { value: 'Eve', count: 4 },
      { value: 'Dee', count: 3 },
      { value: 'Cai', count: 2 },
    ]);
    expect(r.facets.extension).toEqual([{ value: 'png', count: 9 }]);
  });

  it('groups every match of a word in two halves, as one statement over all of them does', async () => {
    const alone = { ...deps, handle: { ...t.built.handle, side: undefined } } as Deps;
    const split = searchService(deps, t.built.services.folders, { exactTotal: 1000 });
    const whole = searchService(alone, t.built.services.folders, { exactTotal: 1000 });
    const sorts = [
      { attribute: 'name', mode: 'asc' },
      { attribute: 'name', mode: 'desc' },
      { attribute: 'date', mode: 'latest' },
      { attribute: 'date', mode: 'oldest' },
    ] as const;
    for (const sort of sorts)
      for (const page of [1, 3, 14]) {
        const b = { recursive: true, q: 'est', sort };
        const a = (await split.search(contextFor(actor), brand.root, b, page, 15)).value();
        const w = (await whole.search(contextFor(actor), brand.root, b, page, 15)).value();
        expect(a.items.map((x) => x.name)).toEqual(w.items.map((x) => x.name));
        expect([a.total, a.facets]).toEqual([w.total, w.facets]);
        expect(a.items.length).toBe(page === 14 ? 5 : 15);
      }
  });

  it('pages a capped filter the same whether it walks the sort index or lists its matches', async () => {
    // Cap 5: author Bea (10 of 200) is capped, and rare enough that its pages list and sort
    // the 10 matches instead of walking 200 rows; Ana (190) walks. Cap 1,000: every match read.
    const capped = searchService(deps, t.built.services.folders, { exactTotal: 5 });
    const plain = searchService(deps, t.built.services.folders, { exactTotal: 1000 });
    for (const author of ['Bea', 'Ana'])
      for (const sort of [body.sort, { attribute: 'date' as const, mode: 'latest' as const }])
        for (const page of [1, 2, 3]) {
          const b = { recursive: true, author: [author], sort };
          const a = (await capped.search(contextFor(actor), brand.root, b, page, 4)).value();
          expect(a.total_capped).toBe(true);
          const w = (await plain.search(contextFor(actor), brand.root, b, page, 4)).value();
          expect(a.items.map((x) => x.name)).toEqual(w.items.map((x) => x.name));
          expect(a.items.length).toBe(author === 'Bea' && page === 3 ? 2 : 4);
        }
  });
});
