import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/index.js';
import type { SideReader } from '../../db/sideReader.js';
import { CARD_COLUMNS } from '../assets/assets.view.js';
import {
  emptyFacets,
  facetLists,
  facetRows,
  grouped,
  pageIds,
  rangeFacetRows,
  rowsOfIds,
} from './search.facets.repo.js';
import { ftsCovers, ftsExact, wordsMatch } from './search.fts.js';
import { countTables } from './search.counts.repo.js';
import { countOverKeys, firstAssets } from './search.ids.repo.js';
import { brandRoot, summaryOfFts, termPlan, wordsStartingWith } from './search.text.repo.js';
import { orderColumns } from './search.types.js';
import type { After, PageOf, SearchFilters, SearchOrder } from './search.types.js';
import { summaryOfWords, wordsCover } from './search.words.repo.js';
import { searchQueries, sortKeyExpr } from './search.where.repo.js';

export type {
  After,
  FacetName,
  PageOf,
  PagePlan,
  Scope,
  SearchFilters,
  SearchOrder,
  TextPlan,
} from './search.types.js';
export { isUnfiltered, searchTerms } from './search.types.js';

/**
 * Every filter, sort, count and facet runs on asset_search and its indexes (see the migration).
 * `side`: SQLite's second connection (sideReader.ts), for a statement that runs beside another.
 */
export function searchRepo(db: Db, dialect: Dialect, side?: () => SideReader) {
  const pg = dialect === 'postgres';
  const { filtered, countRows, drivenByCategories, byCategoryRows, categoryIds, sortedKey, afterRow, pageQuery } =
    searchQueries(db, dialect);

  /** With `order`, the rows also carry its key, so a page can be taken from them. */
  const facetSource = (f: SearchFilters, order?: SearchOrder) =>
    countRows(f)
      .select([
        'asset_search.asset_id',
        'asset_search.author',
        'asset_search.type',
        'asset_search.ext',
        'asset_search.language',
        'asset_search.categories',
      ])
      // The type is there already (a facet); the type order adds the name key.
      .$if(!!order, (q) =>
        q.select(
          orderColumns(order!.key)
            .filter((c) => c !== 'type')
            .map((c) => `asset_search.${c}` as const),
        ),
      );

  /**
   * The facets of one index range (no words, no categories bitmap or index driving) as two
   * statements, (author, type, extension, language) grouped together and the categories, and
   * the page, when wanted, as a third. Each re-reads the range, which the filter's covering
   * index (2026112401) makes cheaper than keeping a copy of its rows; on PostgreSQL the three
   * run side by side on the pool. `rows` bounds a sample; the page is only asked for with every
   * row (no bound).
   */
  async function facetsOfRange(f: SearchFilters, rows: number | undefined, page?: PageOf) {
    const source = () => {
      const q = filtered(f).select([
        'asset_search.author',
        'asset_search.type',
        'asset_search.ext',
        'asset_search.language',
        'asset_search.categories',
      ]);
      return rows === undefined ? q : q.limit(rows);
    };
    const [combos, cats, ids] = await Promise.all([
      db
        .selectFrom(source().as('g'))
        .select(['g.author', 'g.type', 'g.ext', 'g.language', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy(['g.author', 'g.type', 'g.ext', 'g.language'])
        .execute(),
      db
        .selectFrom(source().as('g'))
        .select(['g.categories', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('g.categories')
        .execute(),
      page
        ? // `+` keeps SQLite from walking a sort index: every match is in the filter's range already.
          orderColumns(page.order.key)
            .reduce(
              (q, c) => q.orderBy(pg ? sql.ref(`asset_search.${c}`) : sortedKey(c), page.order.dir),
              filtered(f).select('asset_search.asset_id'),
            )
            .orderBy('asset_search.asset_id', page.order.dir)
            .limit(page.limit)
            .offset(page.offset)
            .execute()
        : undefined,
    ]);
    return { rows: rangeFacetRows(combos, cats), ids: ids?.map((r) => Number(r.asset_id)) };
  }

  return {
    ...countTables(db, side),
    emptyFacets,

    /**
     * Whether the matches come from reading table rows whatever the plan (words; on PostgreSQL
     * also categories, both GIN bitmaps, unless asset_categories holds every condition), so
     * counting and grouping them in one pass costs nothing more than counting them.
     */
    readsRows: (f: SearchFilters) => f.terms.length > 0 || (pg && !!f.categories?.length && !byCategoryRows(f)),

    /** One page of ids in order; ties broken by id in the same direction (matches the indexes). */
    page: async (...args: Parameters<typeof pageQuery>) =>
      (await pageQuery(...args).execute()).map((r) => Number(r.asset_id)),

    /**
     * SQLite, a capped page of a common word (`words`: its exact expansion), on the side
     * connection when there is one, so it runs while this one counts: the sort index walked with
     * every condition but the words, each row checked against the set of the words' documents,
     * kept there under `setKey` (the brand's generation). Unless `buildSet` or the set is kept,
     * the walk asks FTS5 about each row instead, which costs less than reading the set for a
     * page near the start. Without a side connection, the walk asks FTS5.
     */
    async pageOfCommonWords(
      f: SearchFilters,
      order: SearchOrder,
      limit: number,
      offset: number,
      words: string[],
      setKey: string,
      buildSet: boolean,
      after?: After,
    ) {
      const asking = pageQuery(f, order, limit, offset, { exists: words }, 'walk', after);
      if (!side) return (await asking.execute()).map((r) => Number(r.asset_id));
      const match = wordsMatch(f, words);
      return side().walkMembers({
        key: `${setKey} ${match}`,
        members: sql`select max(rowid) as top, group_concat(rowid) as ids from assets_fts
          where assets_fts match ${match}`.compile(db),
        walk: afterRow(filtered({ ...f, terms: [] }, 'in', order), order, after)
          .select('asset_search.asset_id')
          .$call((q) => orderColumns(order.key).reduce((o, c) => o.orderBy(`asset_search.${c}`, order.dir), q))
          .orderBy('asset_search.asset_id', order.dir)
          .compile(),
        offset,
        limit,
        unlessKept: buildSet ? undefined : asking.compile(),
      });
    },

    /** The page query itself, for EXPLAIN in reports and tests. */
    pageQuery,

    /** A match's sort key, for a page that starts after it (null when its row is gone). */
    async sortKeyOf(id: number, key: SearchOrder['key']) {
      const r = await db
        .selectFrom('asset_search')
        .select(sortKeyExpr(key, 'asset_search').as('k'))
        .where('asset_search.asset_id', '=', id)
        .executeTakeFirst();
      return r ? String(r.k) : null;
    },

    /**
     * How many rows match, counting at most `cap + 1`. On SQLite a text query is driven from the
     * FTS index (ids ascending), which stops as soon as enough rows in scope are found.
     */
    async count(f: SearchFilters, cap: number) {
      if (byCategoryRows(f))
        return countOverKeys(
          db,
          f.categories!.map((c) => categoryIds({ ...f, categories: [c] })),
          categoryIds(f),
          cap,
        );
      const inner = countRows(f)
        .select('asset_search.asset_id')
        .limit(cap + 1);
      const r = await db
        .selectFrom(inner.as('x'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    /**
     * Facet counts over the first `rows` matches (index order), grouped in one pass. With `page`,
     * also that page's ids when the rows are every match.
     */
    async facets(f: SearchFilters, rows: number, perFacet: number, page?: PageOf) {
      // The rows are every match: no bound, and the page can be taken from them.
      const all = !!page && rows <= page.whenAtMost;
      if (byCategoryRows(f)) {
        const source = all
          ? rowsOfIds(db, categoryIds(f), page)
          : rowsOfIds(db, firstAssets(db, categoryIds(f), f.categories!.length, rows));
        const r = await grouped(db, source, undefined, all ? page : undefined);
        return { facets: facetLists(facetRows(r), perFacet), ids: pageIds(r, all ? page : undefined) };
      }
      if (!f.terms.length && !(pg ? f.categories?.length : drivenByCategories(f))) {
        const r = await facetsOfRange(f, all ? undefined : rows, all ? page : undefined);
        return { facets: facetLists(r.rows, perFacet), ids: r.ids };
      }
      const r = await grouped(db, facetSource(f, page?.order).limit(rows), undefined, page);
      return { facets: facetLists(facetRows(r), perFacet), ids: pageIds(r, page) };
    },

    /**
     * Count (at most `cap + 1`) and facets in one pass over the same rows, for text queries (their
     * rows are read from the table anyway, so reading the facet columns costs nothing more):
     * facets over all of them, or over the first `sample` beyond `cap`. With `page`, also that
     * page's ids when there are at most `cap` matches. `onCapped`: called as soon as the count
     * is known to be over `cap` when that comes before the facets (PostgreSQL's word rows).
     */
    async summary(
      f: SearchFilters,
      cap: number,
      sample: number,
      perFacet: number,
      page?: PageOf,
      onCapped?: () => void,
    ) {
      if (pg && wordsCover(f)) {
        const r = await summaryOfWords(db, f, cap, sample, page, onCapped);
        return { count: r.count, facets: facetLists(facetRows(r.rows), perFacet), ids: r.ids };
      }
      if (!pg && ftsCovers(f)) {
        const r = await summaryOfFts(db, ftsExact(f, await brandRoot(db, f)), cap, sample, page, side);
        return { count: r.count, facets: facetLists(facetRows(r.rows), perFacet), ids: r.ids };
      }
      const r = await grouped(db, facetSource(f, page?.order).limit(cap + 1), { cap, sample }, page);
      const count = Number(r.find((x) => x.f === 'total')?.n ?? 0);
      return { count, facets: facetLists(facetRows(r), perFacet), ids: pageIds(r, page) };
    },

    /** Plan inputs from the full-text vocabulary (search.text.repo.ts). */
    termPlan: (terms: string[], maxExpansion?: number) => termPlan(db, terms, maxExpansion),
    wordsStartingWith: (prefix: string, max?: number) => wordsStartingWith(db, prefix, max),

    /** The brand's search generation: changes with every change to what its searches answer. */
    async generation(brandId: number) {
      const r = await db
        .selectFrom('search_generations')
        .select('n')
        .where('brand_id', '=', brandId)
        .executeTakeFirst();
      return r ? Number(r.n) : 0;
    },

    /** Full asset rows for a page, in the page's order. */
    async rows(ids: number[]) {
      if (!ids.length) return [];
      const rows = await db.selectFrom('assets').select(CARD_COLUMNS).where('id', 'in', ids).execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
    },
  };
}
export type SearchRepo = ReturnType<typeof searchRepo>;
