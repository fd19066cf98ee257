import { AssetSearchResponse, SEARCH_EXACT_TOTAL } from '@brandvault/contract';
import type { AssetSearchBody } from '@brandvault/contract';
import type { z } from 'zod';
import type { Deps } from '../../services.js';
import type { Actor } from '../auth/actor.js';
import { abilitiesKey, seesPrivate } from '../assets/assets.policy.js';
import { JsonText } from '../../lib/jsonText.js';
import { linkExpiry } from '../../lib/signedUrl.js';
import { assetCard } from '../assets/assets.view.js';
import type { AssetCardRow } from '../assets/assets.view.js';
import type { FoldersService } from '../folders/folders.service.js';
import { PageEnds, startOf } from './search.positions.js';
import { isUnfiltered, searchRepo, searchTerms } from './search.repo.js';
import type { PagePlan, Scope, SearchFilters, SearchOrder, SearchRepo } from './search.repo.js';

type Body = z.output<typeof AssetSearchBody>;

export interface SearchOptions {
  /** Totals are exact up to this, then reported as this with `total_capped`. */
  exactTotal?: number;
  /** Beyond the exact total, facets are counted over this many first matches. */
  facetSample?: number;
  /** Values kept per facet, most frequent first. */
  facetValues?: number;
  /** SQLite: above this many documents for the words, a capped page walks the sort index. */
  commonWordDocs?: number;
  /** SQLite: a common word's walk reads its document set once it would ask FTS5 about more rows than this. */
  wordSetFromRows?: number;
}

/**
 * Sorts: name asc/desc by lower-cased name; name with latest/oldest sorts by date. Date:
 * asc/oldest oldest first, desc/latest newest first. The date is the upload date (created_at).
 * Ties by id in the same direction.
 */
export function orderOf(sort: Body['sort']): SearchOrder {
  const { attribute, mode } = sort;
  if (attribute === 'name' && (mode === 'asc' || mode === 'desc')) return { key: 'name_lc', dir: mode };
  return { key: 'sort_date', dir: mode === 'asc' || mode === 'oldest' ? 'asc' : 'desc' };
}

/** Privacy classes (asset_search.hidden) the query may see: 0 public, 1 private. */
function hiddenClasses(f: SearchFilters): number[] {
  const allowed = f.withPrivate ? [0, 1] : [0];
  if (!f.visibility) return allowed;
  const wanted = f.visibility === 'PRIVATE' ? 1 : 0;
  return allowed.filter((h) => h === wanted);
}

/** PostgreSQL walks the sort index for a word's page only while the page ends within this many matches. */
const PG_WALK_ROWS = 1000;

/** PostgreSQL, a capped page of words ending `end` matches in: a walk of the sort index or the GIN bitmap. */
const pgWordsPlan = (end: number): PagePlan => (end <= PG_WALK_ROWS ? 'walk' : 'any');

/** Above this many documents for the words, a page is found by walking the sort index (SQLite). */
const COMMON_WORD_DOCS = 100_000;

/**
 * SQLite: a common word's page walk reads the set of its documents (kept per generation) when
 * it would otherwise ask FTS5 about more rows than this. Asked from a walk, FTS5 took ~20 µs a
 * row at 1M (1,700 rows: 36 ms); reading the set of 600,000 ids takes ~40 ms once, and then
 * every page of the word costs a few ms.
 */
const WORD_SET_FROM_ROWS = 500;

/** The count tables' estimate, in exact totals, from which a PostgreSQL search is taken to be capped. */
const CAPPED_FROM_ESTIMATE = 3;

/**
 * A filter without words walks the sort index for its page while that reads fewer rows than
 * this share of its matches; beyond, listing and sorting the matches costs less. The sort
 * indexes hold every condition but the categories (2026112407), so such a walk reads no table
 * row: at 1M, one author in one language (80,000 matches, 1 row in 12), page 50 walked 30,000
 * index rows in 4.7 ms against a 30 ms sort on SQLite, and in 10.6 against 50 ms on PostgreSQL
 * (one slow machine); page 200 (120,000 rows) in 17 against 30 ms on SQLite. A walk costs
 * 0.15 (SQLite) to 0.33 µs (PostgreSQL) a row, a sort 0.37 to 0.62 µs a match.
 */
const WALK_SHARE = 1.5;

/**
 * The same for a categories filter, which a walk checks by reading each row (SQLite: its
 * asset_categories rows; PostgreSQL: the row's own list). Walked that way, before the sort
 * indexes held them, page 50 of one author in one language took 26 ms against a 12 ms sort on
 * SQLite, and 54 to 350 ms against 28 on PostgreSQL (a fast machine).
 */
const WALK_SHARE_READING_ROWS = 1 / 4;

export interface Found {
  ids: number[];
  rows: AssetCardRow[];
  total: number;
  totalCapped: boolean;
  facets: ReturnType<SearchRepo['emptyFacets']>;
  facetsCapped: boolean;
}

/**
 * The ids of one page, the (bounded) total and the facets, by the cheapest route: unfiltered
 * scopes read the count tables; filtered ones count and group their first `exactTotal + 1`
 * matches in one pass. Answers (and SQLite's plan inputs) are kept under the brand's search
 * generation, which every change to the brand's searchable rows bumps in its own transaction,
 * so a kept answer is never older than the data. Shared with bench/search as "the same SQL".
 */
export function searchCore(
  repo: SearchRepo,
  dialect: 'sqlite' | 'postgres',
  exactTotal: number,
  facetValues: number,
  /** Answers kept per process (0: none; the plan inputs are still kept). */
  cacheEntries = 500,
  facetSample = 2000,
  commonWordDocs = COMMON_WORD_DOCS,
  wordSetFromRows = WORD_SET_FROM_ROWS,
) {
  const kept = new Map<string, { gen: number; value: unknown }>();
  async function remember<T>(key: string, gen: number, make: () => Promise<T>): Promise<T> {
    const hit = kept.get(key);
    if (!cacheEntries && !key.startsWith('plan ')) return make();
    if (hit && hit.gen === gen) {
      kept.delete(key); // most recently used goes last
      kept.set(key, hit);
      return hit.value as T;
    }
    const value = await make();
    kept.delete(key);
    kept.set(key, { gen, value });
    if (kept.size > Math.max(cacheEntries, 100)) kept.delete(kept.keys().next().value!);
    return value;
  }

  /** PostgreSQL: the last term as the exact words it stands for, when there are few (kept as a plan input). */
  async function withLastWords(f: SearchFilters, gen: number, brandId: number): Promise<SearchFilters> {
    const last = f.terms.at(-1);
    if (dialect !== 'postgres' || last === undefined) return f;
    const words = await remember(`plan words ${brandId} ${last}`, gen, () => repo.wordsStartingWith(last));
    return words?.length ? { ...f, lastWords: words } : f;
  }

  /**
   * SQLite: the exact words of a query whose words are common (more than `commonWordDocs`
   * documents) and whose last word stands for few, else null; from the vocabulary, kept as a
   * plan input. Their capped pages walk the sort index checking each row against them.
   */
  async function commonWords(f: SearchFilters, gen: number, brandId: number) {
    const plan = await remember(`plan ${brandId} ${f.terms.join(' ')}`, gen, () => repo.termPlan(f.terms));
    return plan.expansion?.length && plan.docs > commonWordDocs
      ? { words: plan.expansion, share: plan.docs / Math.max(plan.lastDoc, plan.docs) }
      : null;
  }

  /** The count tables' estimate of a search's matches (`estimate`), kept as a plan input. */
  async function estimateOf(f: SearchFilters, gen: number, brandId: number) {
    const hidden = hiddenClasses(f);
    const key = JSON.stringify([f.scope, hidden, f.type, f.extension, f.author, f.language, f.categories]);
    return remember(`plan estimate ${brandId} ${key}`, gen, () => repo.estimate(f, hidden));
  }

  /**
   * PostgreSQL, a filtered search without words: whether its estimated matches are so far above
   * the exact total that it is very likely capped. A wrong guess costs a facet sample and a
   * page, never a wrong answer.
   */
  async function likelyCapped(f: SearchFilters, gen: number, brandId: number): Promise<boolean> {
    const about = await estimateOf(f, gen, brandId);
    return about !== null && about.matches > CAPPED_FROM_ESTIMATE * exactTotal;
  }

  /**
   * A capped filter without words: walk the sort index while that reads fewer rows (about
   * `end / density`, `end` the matches the page reads to: what is left to skip, then the page)
   * than a share of the matches (`WALK_SHARE`, less when the walk reads rows), else sort them;
   * `fallback` when the count tables cannot estimate the scope.
   */
  async function noWordsPlan(f: SearchFilters, gen: number, brandId: number, end: number, fallback: PagePlan) {
    const about = await estimateOf(f, gen, brandId);
    if (!about || about.matches <= 0) return fallback;
    const share = f.categories?.length ? WALK_SHARE_READING_ROWS : WALK_SHARE;
    return (end * about.rows) / about.matches <= share * about.matches ? 'walk' : 'sort';
  }

  async function compute(
    f: SearchFilters,
    order: SearchOrder,
    page: number,
    perPage: number,
    gen: number,
    brandId: number,
  ): Promise<Omit<Found, 'rows'>> {
    const offset = (page - 1) * perPage;
    // A page after one kept starts from its end (plan input: kept with no answers kept too).
    const ends = await remember(`plan ends ${brandId} ${JSON.stringify([f, order])}`, gen, async () => new PageEnds());
    const { skip, after } = await startOf(ends, offset, (id) => repo.sortKeyOf(id, order.key));
    const ended = (ids: number[]) => ends.record(offset, perPage, ids);
    if (isUnfiltered(f)) {
      const hidden = hiddenClasses(f);
      if (!hidden.length)
        return { ids: [], total: 0, totalCapped: false, facets: repo.emptyFacets(), facetsCapped: false };
      const [ids, c] = await Promise.all([
        repo.page(f, order, perPage, skip, 'in', 'any', after).then(ended),
        repo.counted(f.scope, hidden, facetValues),
      ]);
      return {
        ids,
        total: Math.min(c.total, exactTotal),
        totalCapped: c.total > exactTotal,
        facets: c.facets,
        facetsCapped: false,
      };
    }
    // Queries whose matches are read from the table anyway (see `readsRows`) count and group
    // facets in one pass. Others count from an index alone first, and read rows for the facets
    // only as far as needed. When those rows are every match, the same statement takes the page
    // from them (the kept answer holds the count and facets only: other pages and sorts use it).
    const want = { order, limit: perPage, offset, whenAtMost: exactTotal };
    let taken = undefined as number[] | undefined;
    let ahead = undefined as number[] | undefined;
    // A capped word search's page, started before its count and facets are done; used only when
    // the search turns out to be capped. SQLite, a common word: its page walks the sort index
    // checking each row against the words (a list of every match would first gather hundreds of
    // thousands of ids), on the side connection, while this one counts and groups.
    let started: Promise<number[]> | undefined;
    const start = (page: Promise<number[]>) => {
      started = page.then(ended);
      started.catch(() => undefined);
    };
    if (dialect === 'sqlite' && f.terms.length) {
      const common = await commonWords(f, gen, brandId);
      if (common) {
        // Rows the walk reads: about (skip + perPage) / the words' share of the documents.
        const set = (skip + perPage) / common.share > wordSetFromRows;
        start(repo.pageOfCommonWords(f, order, perPage, skip, common.words, `${brandId} ${gen}`, set, after));
      }
    }
    // PostgreSQL, a word: its page starts once the count says it is capped, while the facets'
    // sample is still being read (common word, page 100 at 1M: 50 ms one after the other).
    const pageWhenCapped =
      dialect === 'postgres'
        ? () => start(repo.page(f, order, perPage, skip, 'in', pgWordsPlan(skip + perPage), after))
        : undefined;
    const { count, facets } = await remember(`summary ${brandId} ${JSON.stringify(f)}`, gen, async () => {
      if (repo.readsRows(f)) {
        const r = await repo.summary(f, exactTotal, facetSample, facetValues, want, pageWhenCapped);
        taken = r.ids;
        return { count: r.count, facets: r.facets };
      }
      // PostgreSQL, when the count tables say the matches are likely far more than the exact
      // total: the sample's facets and the page do not wait for the count (three statements side
      // by side on the pool). Should the count come in at most the exact total after all, both
      // are dropped and the facets are counted over every match, as below.
      const guess = dialect === 'postgres' && (await likelyCapped(f, gen, brandId));
      const [n, sampled, early] = await Promise.all([
        repo.count(f, exactTotal),
        guess ? repo.facets(f, facetSample, facetValues) : undefined,
        guess
          ? repo
              .page(f, order, perPage, skip, 'in', await noWordsPlan(f, gen, brandId, skip + perPage, 'any'), after)
              .then(ended)
          : undefined,
      ]);
      if (!n) return { count: 0, facets: repo.emptyFacets() };
      if (n > exactTotal && sampled && early) {
        ahead = early;
        return { count: n, facets: sampled.facets };
      }
      const all = n <= exactTotal;
      const r = await repo.facets(f, all ? n : facetSample, facetValues, all ? want : undefined);
      taken = r.ids;
      return { count: n, facets: r.facets };
    });
    const capped = count > exactTotal;
    if (count === 0) return { ids: [], total: 0, totalCapped: false, facets, facetsCapped: false };
    if (taken) return { ids: taken, total: count, totalCapped: false, facets, facetsCapped: false };
    if (ahead) return { ids: ahead, total: exactTotal, totalCapped: true, facets, facetsCapped: true };
    // Many matches: a word's page is the one started above when there is one (SQLite's common
    // word, PostgreSQL's word rows); a filter without words walks the sort index or sorts its
    // matches, whichever reads less. PostgreSQL walks for words only while little is left to
    // skip (early pages, or the page after a kept end):
    // at 1% density page 1 reads ~5,000 rows, page 100 half a million, where the GIN bitmap and
    // a sort cost the same on every page.
    let plan: PagePlan = 'any';
    if (capped && !f.terms.length)
      plan = await noWordsPlan(f, gen, brandId, skip + perPage, dialect === 'postgres' ? 'any' : 'walk');
    else if (capped && dialect === 'postgres') plan = pgWordsPlan(skip + perPage);
    const ids = capped && started ? await started : ended(await repo.page(f, order, perPage, skip, 'in', plan, after));
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
      const found = await compute(await withLastWords(f, gen, brandId), order, page, perPage, gen, brandId);
      return { ...found, rows: await repo.rows(found.ids) };
    });
  };
}

const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00.000Z`) + 86_400_000).toISOString();

/**
 * The filters of a search body under `folder`: the folder alone, or with its subfolders (the
 * brand's root: the whole brand). Shared with bench/search, which times the same work as SQL.
 */
export function filtersOf(
  folder: { id: number; brand_id: number; parent_id: number | null; path: string },
  body: Body,
  withPrivate: boolean,
  dialect: 'sqlite' | 'postgres',
): SearchFilters {
  const scope: Scope = !body.recursive
    ? { kind: 'folder', folderId: folder.id, brandId: folder.brand_id, path: folder.path }
    : folder.parent_id === null
      ? { kind: 'brand', brandId: folder.brand_id }
      : { kind: 'subtree', brandId: folder.brand_id, path: folder.path };
  return {
    scope,
    withPrivate,
    terms: searchTerms(body.q, dialect),
    author: body.author,
    type: body.type,
    categories: body.categories,
    language: body.language,
    extension: body.extension,
    dateFrom: body.date_from ? `${body.date_from}T00:00:00.000Z` : undefined,
    dateBefore: body.date_to ? nextDay(body.date_to) : undefined,
    visibility: body.visibility,
  };
}

export function searchService(deps: Deps, folders: FoldersService, opts: SearchOptions = {}) {
  const { handle, media, clock } = deps;
  // Serialised bodies per kept answer: a new generation makes new answers, and these go with the old.
  type Answer = z.output<typeof AssetSearchResponse>;
  const sent = new WeakMap<Found, Map<string, JsonText<Answer>>>();
  const answer = (a: z.input<typeof AssetSearchResponse>) =>
    new JsonText<Answer>(JSON.stringify(AssetSearchResponse.parse(a)));
  const repo = searchRepo(handle.db, handle.dialect, handle.side);
  const exactTotal = opts.exactTotal ?? SEARCH_EXACT_TOTAL;
  const facetValues = opts.facetValues ?? 50;
  const core = searchCore(
    repo,
    handle.dialect,
    exactTotal,
    facetValues,
    deps.config.searchCacheEntries,
    opts.facetSample,
    opts.commonWordDocs,
    opts.wordSetFromRows,
  );

  return {
    /**
     * A page of the assets under a folder the actor can see (404 otherwise). Brand, privacy and
     * status are conditions of the SQL itself, so totals and facets never count what the actor
     * may not see.
     */
    async search(actor: Actor, folderId: number, body: Body, page: number, perPage: number) {
      const { folder, searchGeneration } = await folders.visibleWithGeneration(actor, folderId);
      const filters = filtersOf(folder, body, seesPrivate(actor), handle.dialect);
      // A query with no searchable word ("!!!") matches nothing rather than everything.
      if (body.q && body.q.trim() && !filters.terms.length)
        return answer({
          items: [],
          total: 0,
          total_capped: false,
          page,
          per_page: perPage,
          facets: repo.emptyFacets(),
          facets_capped: false,
        });
      const found = await core(folder.brand_id, filters, orderOf(body.sort), page, perPage, searchGeneration);
      // The body depends only on the kept answer, the caller's abilities and the links' day.
      const linkDay = linkExpiry(clock.now());
      const key = `${abilitiesKey(actor)} ${linkDay}`;
      const bodies = sent.get(found) ?? sent.set(found, new Map()).get(found)!;
      let text = bodies.get(key);
      if (!text) {
        text = answer({
          items: found.rows.map((a) => assetCard(actor, a, media)),
          total: found.total,
          total_capped: found.totalCapped,
          page,
          per_page: perPage,
          facets: found.facets,
          facets_capped: found.facetsCapped,
        });
        // One links' day at a time; ability sets of that day share the answer side by side.
        for (const k of bodies.keys()) if (!k.endsWith(` ${linkDay}`)) bodies.delete(k);
        bodies.set(key, text);
      }
      return text;
    },
  };
}
export type SearchService = ReturnType<typeof searchService>;
