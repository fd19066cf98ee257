import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssetSearchBody } from '@brandvault/contract';
import { adminClient, assetRow, insertAssets, makeBrand, makeFolder, startApp } from '../../../test/harness.js';
import type { TestApp } from '../../../test/harness.js';
import { searchRepo } from './search.repo.js';
import { searchCore } from './search.core.js';
import { filtersOf, orderOf } from './search.service.js';

// Pages that start after an earlier page's end (an infinite scroll) must be the pages counted
// from the first match: same ids, whatever the plan, with ties of name and date broken by id.
let t: TestApp;
let brand: { id: number; root: number };

/**
 * 150 assets: names repeat every 7 ("pos-3.jpg" eleven times or more) and dates every 5, so
 * pages end inside runs of equal keys; every name holds the word "pos"; authors Ana (2 in 3)
 * and Bea.
 */
beforeAll(async () => {
  t = await startApp();
  const admin = await adminClient(t);
  brand = await makeBrand(admin, 'Positions Co');
  const folder = await makeFolder(admin, brand.id, 'All');
  const rows = Array.from({ length: 150 }, (_, i) =>
    assetRow(brand.id, folder, `pos-${i}`, {
      name: `pos-${i % 7}.jpg`,
      author: i % 3 ? 'Ana' : 'Bea',
      created_at: new Date(Date.UTC(2026, 0, 1 + (i % 5))).toISOString(),
      // Types in runs of four, so the type order's pages end inside runs of equal keys too.
      type: ['image', 'video', 'document'][Math.floor(i / 4) % 3],
      // Sizes in runs of three, past 32 bits for some, for the size order.
      size: [5_000_000_000, 10, 900][Math.floor(i / 3) % 3],
    }),
  );
  await insertAssets(t.built.handle.db, rows);
}, 60_000);
afterAll(() => t.close());

describe('asset search: pages after a kept page end', () => {
  it('pages an infinite scroll as pages counted from the first match, for every plan', async () => {
    const { db, dialect, side } = t.built.handle;
    const repo = searchRepo(db, dialect, side);
    let keysRead = 0;
    const counting = {
      ...repo,
      sortKeyOf: (id: number, key: 'name_lc' | 'sort_date' | 'type' | 'size') => {
        keysRead++;
        return repo.sortKeyOf(id, key);
      },
    };
    // Cap 20: every filtered query here is capped, so its pages come from the plans of many
    // matches (a walk, a sort, a common word's walk with or without its document set).
    const make = (r: typeof repo, setFrom: number) =>
      searchCore({
        repo: r,
        dialect,
        exactTotal: 20,
        facetValues: 50,
        cacheEntries: 0,
        facetSample: 30,
        commonWordDocs: 50,
        wordSetFromRows: setFrom,
      });
    const root = await db.selectFrom('folders').selectAll().where('id', '=', brand.root).executeTakeFirstOrThrow();
    const bodies = [
      {},
      { sort: { attribute: 'date', mode: 'latest' } },
      { author: ['Ana'], sort: { attribute: 'name', mode: 'asc' } },
      { author: ['Bea'], sort: { attribute: 'date', mode: 'oldest' } },
      { q: 'pos', sort: { attribute: 'name', mode: 'desc' } },
      { q: 'po', sort: { attribute: 'date', mode: 'latest' } },
      { sort: { attribute: 'type', mode: 'asc' } },
      { author: ['Ana'], sort: { attribute: 'type', mode: 'desc' } },
      { q: 'pos', sort: { attribute: 'type', mode: 'asc' } },
      { sort: { attribute: 'size', mode: 'desc' } },
      { author: ['Bea'], sort: { attribute: 'size', mode: 'asc' } },
      { q: 'pos', sort: { attribute: 'size', mode: 'asc' } },
    ];
    for (const setFrom of [0, 1e9])
      for (const b of bodies) {
        const body = AssetSearchBody.parse({ ...b, recursive: true });
        const f = filtersOf(root, body, { withPrivate: true }, dialect);
        const order = orderOf(body.sort);
        const scrolling = make(counting, setFrom);
        const total = b.author?.[0] === 'Bea' ? 50 : b.author ? 100 : 150;
        for (let page = 1; page <= Math.ceil(total / 12) + 1; page++) {
          const scrolled = await scrolling(brand.id, f, order, page, 12);
          const counted = await make(repo, setFrom)(brand.id, f, order, page, 12);
          expect(scrolled.ids, `${JSON.stringify(b)} page ${page}`).toEqual(counted.ids);
          expect(scrolled.ids).toHaveLength(Math.max(0, Math.min(12, total - (page - 1) * 12)));
        }
      }
    // Every page after the first started from the last full page's end: 13 pages of 150
    // matches (and one past the end), 9 of Ana's 100, 5 of Bea's 50, for each set setting.
    expect(keysRead).toBe(2 * (13 + 13 + 9 + 5 + 13 + 13 + 13 + 9 + 13 + 13 + 5 + 13));
  });
});
