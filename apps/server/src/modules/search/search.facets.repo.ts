import { sql } from 'kysely';
import type { RawBuilder, SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { parseList } from '../assets/assets.view.js';
import { orderColumns } from './search.types.js';
import { sortKeyExpr } from './search.where.repo.js';
import type { FacetName, PageOf } from './search.types.js';

/** Facet counts as a search answers them: the most frequent values first. */
export type Facets = Record<FacetName, { value: string; count: number }[]>;
export function facetLists(rows: { f: FacetName; v: string; n: number | string }[], perFacet: number): Facets {
  const out: Facets = { author: [], type: [], category: [], language: [], extension: [] };
  for (const row of rows) if (Number(row.n) > 0) out[row.f].push({ value: String(row.v), count: Number(row.n) });
  for (const k of Object.keys(out) as FacetName[])
    out[k] = out[k]
      .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
      .slice(0, perFacet);
  return out;
}

export const emptyFacets = (): Facets => ({ author: [], type: [], category: [], language: [], extension: [] });

/**
 * A row of `grouped`: `te` holds a type (v) and an extension (w), `al` an author and a language,
 * `categories` a row's whole list as JSON text.
 */
export type Grouped = { f: 'te' | 'al' | 'categories' | 'total' | 'page'; v: unknown; w: unknown; n: number | string };

/**
 * The facet rows of `grouped`. Facets are grouped in pairs that vary together (three groupings of
 * the rows, not five), and categories lists whole (few lists are distinct), then split here,
 * which costs less than splitting each row's list in SQL (json_each, unnest).
 */
export function facetRows(rows: Grouped[]) {
  const out: { f: FacetName; v: string; n: number }[] = [];
  const add = (facet: FacetName, v: unknown, n: number | string) => {
    if (v !== null && v !== undefined && v !== '') out.push({ f: facet, v: String(v), n: Number(n) });
  };
  for (const r of rows)
    if (r.f === 'te') {
      add('type', r.v, r.n);
      add('extension', r.w, r.n);
    } else if (r.f === 'al') {
      add('author', r.v, r.n);
      add('language', r.w, r.n);
    } else if (r.f === 'categories') for (const c of categoryList(r.v)) add('category', c, r.n);
  return sumRows(out);
}
const categoryList = (v: unknown): string[] => (typeof v === 'string' ? parseList(v) : []);

/** Rows with the same facet and value, summed (facetLists keeps one row a value). */
export function sumRows(rows: { f: FacetName; v: string; n: number }[]) {
  const by = new Map<string, { f: FacetName; v: string; n: number }>();
  for (const r of rows) {
    const k = `${r.f}\u0000${r.v}`;
    const seen = by.get(k);
    if (seen) seen.n += r.n;
    else by.set(k, { ...r });
  }
  return [...by.values()];
}

/**
 * Groups the rows of `inner` by each facet; with `total`, also counts them all. With `page`, the
 * same statement also takes that page from the rows (ordered as `pageQuery`), when they are
 * every match: a query with few matches then needs no second statement for its page. The rows
 * are counted once (`n`), not once for each use of the count.
 */
export async function grouped(
  db: Db,
  inner: SelectQueryBuilder<Database, never, object>,
  total?: { cap: number; sample: number },
  page?: PageOf,
) {
  return (await groupedQuery(inner, total, page).execute(db)).rows;
}

/** The statement of `grouped`; its page rows also hold their sort key (`w`), for merging pages. */
export function groupedQuery(
  inner: SelectQueryBuilder<Database, never, object>,
  total?: { cap: number; sample: number },
  page?: PageOf,
) {
  const g = total
    ? sql`(select * from s limit case when (select c from n) > ${sql.lit(total.cap)} then ${sql.lit(total.sample)} else ${sql.lit(total.cap + 1)} end)`
    : sql`(select * from s)`;
  const dir = sql.raw(page?.order.dir === 'desc' ? 'desc' : 'asc');
  const pageRows = page
    ? sql`union all select 'page', cast(p.asset_id as varchar(20)), cast(p.k as varchar(255)), row_number() over (order by p.k ${dir}, p.asset_id ${dir})
        from (select s.asset_id, ${sortKeyExpr(page.order.key, 's')} as k from s
          where (select c from n) <= ${sql.lit(page.whenAtMost)}
          order by k ${dir}, s.asset_id ${dir} limit ${sql.lit(page.limit)} offset ${sql.lit(page.offset)}) p`
    : sql``;
  return sql<Grouped>`
    with s as materialized ${inner}, n as materialized (select count(*) as c from s), g as ${g}
    select 'total' as f, '' as v, '' as w, c as n from n
    union all select 'te', g.type, g.ext, count(*) from g group by g.type, g.ext
    union all select 'al', g.author, g.language, count(*) from g group by g.author, g.language
    union all select 'categories', g.categories, null, count(*) from g group by g.categories
    ${pageRows}`;
}

/**
 * The search rows of the ids `ids` yields, with the facet columns (and the page's sort key), for
 * `grouped`: the matches a full-text query or the category rows found, read by id.
 */
export const rowsOfIds = <DB, TB extends keyof DB>(
  db: Db,
  ids: RawBuilder<number> | SelectQueryBuilder<DB, TB, { asset_id: number }>,
  page?: PageOf,
) =>
  db
    .selectFrom('asset_search')
    .select(['asset_id', 'author', 'type', 'ext', 'language', 'categories'])
    .$if(!!page, (q) => q.select(orderColumns(page!.order.key).filter((c) => c !== 'type')))
    .where('asset_id', 'in', ids);

/** The page's ids from `grouped` rows, in order; undefined when it took none (too many rows). */
export const pageIds = (rows: Grouped[], page?: PageOf) => {
  if (!page) return undefined;
  const total = Number(rows.find((x) => x.f === 'total')?.n ?? 0);
  if (total > page.whenAtMost) return undefined;
  return rows
    .filter((x) => x.f === 'page')
    .sort((a, b) => Number(a.n) - Number(b.n))
    .map((x) => Number(x.v));
};

/**
 * Facet rows from (author, type, extension, language) combinations and whole categories lists,
 * each with its count.
 */
export function rangeFacetRows(
  combos: { author: string | null; type: string; ext: string; language: string | null; n: number | string }[],
  cats: { categories: string; n: number | string }[],
) {
  const out: { f: FacetName; v: string; n: number }[] = [];
  const add = (facet: FacetName, v: string | null, n: number) => {
    if (v !== null && v !== '') out.push({ f: facet, v, n });
  };
  for (const c of combos) {
    add('author', c.author, Number(c.n));
    add('type', c.type, Number(c.n));
    add('extension', c.ext, Number(c.n));
    add('language', c.language, Number(c.n));
  }
  for (const c of cats) for (const v of categoryList(c.categories)) add('category', v, Number(c.n));
  return sumRows(out);
}
