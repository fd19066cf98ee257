import type { AssetCardRow } from '../assets/assets.view.js';
import { keptPerGeneration } from './search.kept.js';
import type { Under } from './search.kept.js';
import { COMMON_WORD_DOCS, WORD_SET_FROM_ROWS, pgWordsPlan, planInputs } from './search.plans.js';
import { hiddenClasses } from '../access/privacy.js';
import { PageEnds, startOf } from './search.positions.js';
import { isUnfiltered } from './search.repo.js';
import type { After, PageOf, PagePlan, SearchFilters, SearchOrder, SearchRepo } from './search.repo.js';

export interface SearchCoreOptions {
  repo: SearchRepo;
  dialect: 'sqlite' | 'postgres';
  /** Totals are exact up to this, then reported as this with `totalCapped`. */
  exactTotal: number;
  /** Values kept per facet, most frequent first. */
  facetValues: number;
  /** Answers kept per process (0: none; the plan inputs are still kept). Default 500. */
  cacheEntries?: number;
  /** Beyond the exact total, facets are counted over this many first matches. Default 2,000. */
  facetSample?: number;
  /** SQLite: above this many documents for the words, a capped page walks the sort index. */
  commonWordDocs?: number;
  /** SQLite: a common word's walk reads its document set once it would ask FTS5 about more rows than this. */
  wordSetFromRows?: number;
}

type Facets = ReturnType<SearchRepo['emptyFacets']>;

export interface Found {
  ids: number[];
  rows: AssetCardRow[];
  total: number;
  totalCapped: boolean;
  facets: Facets;
  facetsCapped: boolean;
}
type Answer = Omit<Found, 'rows'>;

/** One search: its filters (with PostgreSQL's last words), order, and the brand generation it runs under. */
interface Search {
  f: SearchFilters;
  order: SearchOrder;
  at: Under;
}

/** Where a page starts: `skip` matches after `after` (a kept end) or from the first; `ended` keeps its end. */
interface Place {
  offset: number;
  perPage: number;
  skip: number;
  after?: After;
  ended: (ids: number[]) => number[];
}

/** The count and facets of a filtered search, and its page when the same statements gave it. */
interface Summary {
  count: number;
  facets: Facets;
  ids?: number[];
}

/**
 * The ids of one page, the (bounded) total and the facets, by the cheapest strategy for the
 * query's shape (see README.md in this folder). Answers and plan inputs are kept under the
 * brand's search generation, so a kept answer is never older than the data. Shared with
 * bench/search as "the same SQL".
 */
export function searchCore(o: SearchCoreOptions) {
  const { repo, dialect, exactTotal, facetValues } = o;
  const { facetSample = 2000, commonWordDocs = COMMON_WORD_DOCS, wordSetFromRows = WORD_SET_FROM_ROWS } = o;
  const pg = dialect === 'postgres';
  const remember = keptPerGeneration(o.cacheEntries ?? 500);
  const plans = planInputs(repo, dialect, remember, exactTotal, commonWordDocs);

  const nothing = (facets: Facets): Answer => ({ ids: [], total: 0, totalCapped: false, facets, facetsCapped: false });

  /** The page to take from rows read for the facets, when they are every match. */
  const pageOfRows = (s: Search, p: Place): PageOf => ({
    order: s.order,
    limit: p.perPage,
    offset: p.offset,
    whenAtMost: exactTotal,
  });

  /** The page by `plan`, from the place's start; its end is kept for the next page. */
  const pageBy = (s: Search, p: Place, plan: PagePlan) =>
    repo.page(s.f, s.order, p.perPage, p.skip, 'in', plan, p.after).then(p.ended);

  /** Where a page starts: after the nearest end an earlier page of the same query left (a plan input). */
  async function placeOf(s: Search, page: number, perPage: number): Promise<Place> {
    const offset = (page - 1) * perPage;
    const key = `plan ends ${s.at.brandId} ${JSON.stringify([s.f, s.order])}`;
    const ends = await remember(key, s.at.gen, async () => new PageEnds());
    const { skip, after } = await startOf(ends, offset, (id) => repo.sortKeyOf(id, s.order.key));
    return { offset, perPage, skip, after, ended: (ids) => ends.record(offset, perPage, ids) };
  }

  /** No filter: the page from the sort index; the total and facets, exact, from the count tables. */
  async function fromCountTables(s: Search, p: Place): Promise<Answer> {
    const hidden = hiddenClasses(s.f);
    if (!hidden.length) return nothing(repo.emptyFacets());
    const [ids, c] = await Promise.all([pageBy(s, p, 'any'), repo.counted(s.f.scope, hidden, facetValues)]);
    const capped = c.total > exactTotal;
    return { ids, total: Math.min(c.total, exactTotal), totalCapped: capped, facets: c.facets, facetsCapped: false };
  }

  /**
   * SQLite, a common word: its capped page walked along the sort index on the side connection,
   * handed to `start` before the count begins so the two run side by side.
   */
  async function startCommonWordWalk(s: Search, p: Place, start: (page: Promise<number[]>) => void) {
    const common = await plans.commonWords(s.f, s.at);
    if (!common) return;
    // Rows the walk reads: about (skip + perPage) / the words' share of the documents.
    const set = (p.skip + p.perPage) / common.share > wordSetFromRows;
    const setKey = `${s.at.brandId} ${s.at.gen}`;
    start(repo.pageOfCommonWords(s.f, s.order, p.perPage, p.skip, common.words, setKey, set, p.after));
  }

  /**
   * Words (and PostgreSQL's categories): the matches are read from the table anyway, so they are
   * counted, grouped and (when they are every match) paged in one pass. `whenCapped` runs as
   * soon as the count is known to be over the exact total.
   */
  async function onePass(s: Search, p: Place, whenCapped?: () => void): Promise<Summary> {
    const r = await repo.summary(s.f, exactTotal, facetSample, facetValues, pageOfRows(s, p), whenCapped);
    return { count: r.count, facets: r.facets, ids: r.ids };
  }

  /**
   * No words: counted from the filter's index alone, then facets over every match (with the
   * page from the same rows) or, beyond the exact total, over a sample. `counted`: the count,
   * when already known.
   */
  async function countThenFacets(s: Search, p: Place, counted?: number): Promise<Summary> {
    const n = counted ?? (await repo.count(s.f, exactTotal));
    if (!n) return { count: 0, facets: repo.emptyFacets() };
    const all = n <= exactTotal;
    const r = await repo.facets(s.f, all ? n : facetSample, facetValues, all ? pageOfRows(s, p) : undefined);
    return { count: n, facets: r.facets, ids: r.ids };
  }

  /**
   * PostgreSQL, no words and likely capped: the count, the sampled facets and the page side by
   * side on the pool. Should the count come in at most the exact total after all, the sample and
   * the page are dropped and the facets are counted over every match.
   */
  async function countBesideSample(s: Search, p: Place): Promise<Summary> {
    const counting = repo.count(s.f, exactTotal);
    const sampling = repo.facets(s.f, facetSample, facetValues);
    const paging = pageBy(s, p, await plans.noWordsPlan(s.f, s.at, p.skip + p.perPage, 'any'));
    const [n, sampled, early] = await Promise.all([counting, sampling, paging]);
    if (n > exactTotal) return { count: n, facets: sampled.facets, ids: early };
    return countThenFacets(s, p, n);
  }

  /**
   * The page of a search with more matches than the exact total: the one started early when
   * there is one; without words, a walk of the sort index or a sort of the matches, whichever
   * reads less; PostgreSQL's words walk only while little is left to skip.
   */
  async function cappedPage(s: Search, p: Place, early?: Promise<number[]>): Promise<number[]> {
    if (early) return early;
    const end = p.skip + p.perPage;
    const plan: PagePlan = !s.f.terms.length
      ? await plans.noWordsPlan(s.f, s.at, end, pg ? 'any' : 'walk')
      : pg
        ? pgWordsPlan(end)
        : 'any';
    return pageBy(s, p, plan);
  }

  /**
   * Any filter: a word search's capped page may start first (SQLite's common word, PostgreSQL's
   * word once counted past the cap); the count and facets (kept for every page and sort of the
   * filters) come from one pass over the rows, or from an index count; then the page, unless the
   * count's statements gave it.
   */
  async function filtered(s: Search, p: Place): Promise<Answer> {
    let early = undefined as Promise<number[]> | undefined;
    const start = (page: Promise<number[]>) => {
      early = page.then(p.ended);
      early.catch(() => undefined); // awaited only when capped
    };
    if (!pg && s.f.terms.length) await startCommonWordWalk(s, p, start);
    const whenCapped = pg
      ? () => start(repo.page(s.f, s.order, p.perPage, p.skip, 'in', pgWordsPlan(p.skip + p.perPage), p.after))
      : undefined;
    let ids = undefined as number[] | undefined;
    const { count, facets } = await remember(`summary ${s.at.brandId} ${JSON.stringify(s.f)}`, s.at.gen, async () => {
      const r = repo.readsRows(s.f)
        ? await onePass(s, p, whenCapped)
        : pg && (await plans.likelyCapped(s.f, s.at))
          ? await countBesideSample(s, p)
          : await countThenFacets(s, p);
      ids = r.ids; // only for this page: the kept summary serves other pages and sorts
      return { count: r.count, facets: r.facets };
    });
    if (count === 0) return nothing(facets);
    const capped = count > exactTotal;
    ids ??= capped ? await cappedPage(s, p, early) : await pageBy(s, p, 'any');
    return { ids, total: Math.min(count, exactTotal), totalCapped: capped, facets, facetsCapped: capped };
  }

  return async (
    brandId: number,
    f: SearchFilters,
    order: SearchOrder,
    page: number,
    perPage: number,
    /** The brand's generation when the caller has read it already (with the folder). */
    generation?: number,
  ): Promise<Found> => {
    const gen = generation ?? (await repo.generation(brandId));
    // The cards' rows are kept with the page: the generation also moves when only a card changes.
    return remember(`page ${brandId} ${JSON.stringify([f, order, page, perPage])}`, gen, async () => {
      const at = { brandId, gen };
      const s = { f: await plans.withLastWords(f, at), order, at };
      const p = await placeOf(s, page, perPage);
      const found = isUnfiltered(s.f) ? await fromCountTables(s, p) : await filtered(s, p);
      return { ...found, rows: await repo.rows(found.ids) };
    });
  };
}
