import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { rowsBeside } from '../../db/sideReader.js';
import type { SideReader } from '../../db/sideReader.js';
import { grouped, groupedQuery, pageIds, rowsOfIds } from './search.facets.repo.js';
import type { Grouped } from './search.facets.repo.js';
import type { PageOf, SearchFilters } from './search.types.js';

/** The least string above every string that starts with `prefix` (for a range on words). */
const afterPrefix = (prefix: string) => `${prefix}\u{10FFFF}`;

/**
 * SQLite, brand-wide searches: the brand's root folder when other brands have live rows too (a
 * full-text query must then hold its token), else null (every live row is the brand's, and
 * the token, held by every row, would only slow FTS5 down).
 */
export async function brandRoot(db: Db, f: SearchFilters): Promise<number | null> {
  if (f.scope.kind !== 'brand') return null;
  const r = await sql<{ root: number | null; others: number }>`
    select (select id from folders where brand_id = ${f.scope.brandId} and parent_id is null) as root,
      exists (select 1 from brand_facets where brand_id <> ${f.scope.brandId} and n > 0) as others`.execute(db);
  const row = r.rows[0];
  return row && Number(row.others) ? Number(row.root) : null;
}

/** From this many rows, facets over every match are grouped in two halves side by side. */
const SPLIT_FROM = 100;

/**
 * SQLite, words whose every condition is a full-text token (`ftsCovers`): FTS5 alone lists the
 * first `cap + 1` matches, and only the rows whose facets are counted (all of them, or the
 * first `sample` beyond `cap`) are read, by id. With a side connection, every match (at most the
 * cap) is grouped in two halves side by side, each with the first `offset + limit` of its page,
 * merged here, as reading and grouping the rows is most of such a search.
 */
export async function summaryOfFts(
  db: Db,
  match: string,
  cap: number,
  sample: number,
  page?: PageOf,
  side?: () => SideReader,
) {
  const found = await sql<{ id: number }>`select rowid as id from assets_fts where assets_fts match ${match}
    limit ${cap + 1}`.execute(db);
  const ids = found.rows.map((r) => Number(r.id));
  const all = ids.length <= cap;
  const read = all ? ids : ids.slice(0, sample);
  const readIds = (list: number[]) => sql<number>`(select value from json_each(${JSON.stringify(list)}))`;
  if (!all || !side || read.length < SPLIT_FROM) {
    const rows = await grouped(
      db,
      rowsOfIds(db, readIds(read), all ? page : undefined),
      undefined,
      all ? page : undefined,
    );
    return { count: ids.length, rows, ids: pageIds(rows, all ? page : undefined) };
  }
  const half = Math.ceil(read.length / 2);
  const top = page && { ...page, limit: page.offset + page.limit, offset: 0 };
  const other = groupedQuery(rowsOfIds(db, readIds(read.slice(half)), top), undefined, top).compile(db);
  const [mine, theirs] = await Promise.all([
    grouped(db, rowsOfIds(db, readIds(read.slice(0, half)), top), undefined, top),
    rowsBeside(db, side, other),
  ]);
  const rows = [...mine, ...theirs].filter((r) => r.f !== 'total' && r.f !== 'page');
  return { count: ids.length, rows, ids: page && mergedPage([...mine, ...theirs], page) };
}

/**
 * The page of two halves' first rows (`grouped` page rows: id in `v`, sort key in `w`), ordered
 * as SQLite orders text (by its UTF-8 bytes), then by id.
 */
function mergedPage(rows: Grouped[], page: PageOf): number[] {
  const sign = page.order.dir === 'desc' ? -1 : 1;
  return rows
    .filter((r) => r.f === 'page')
    .map((r) => ({ id: Number(r.v), key: Buffer.from(String(r.w)) }))
    .sort((a, b) => sign * (Buffer.compare(a.key, b.key) || a.id - b.id))
    .slice(page.offset, page.offset + page.limit)
    .map((r) => r.id);
}

/**
 * For choosing a plan (SQLite): how many documents hold the words (the smallest per-word
 * count, the last word as a prefix), the greatest document id (`lastDoc`: ids are nearly dense,
 * so about how many there are), and the exact words the last one's prefix stands for (null
 * beyond `maxExpansion`). From FTS5's vocabulary, which costs about as much as reading the
 * words' lists, so the service caches it per brand generation.
 */
export async function termPlan(db: Db, terms: string[], maxExpansion = 8) {
  let least = Infinity;
  for (const t of terms.slice(0, -1)) {
    const r = await sql<{ n: number }>`select doc as n from assets_fts_vocab where term = ${t}`.execute(db);
    least = Math.min(least, Number(r.rows[0]?.n ?? 0));
  }
  const last = terms.at(-1)!;
  const r = await sql<{ term: string; doc: number }>`
    select term, doc from assets_fts_vocab where term >= ${last} and term < ${afterPrefix(last)}
    limit ${maxExpansion + 1}`.execute(db);
  const expansion = r.rows.length <= maxExpansion ? r.rows.map((x) => x.term) : null;
  least = Math.min(
    least,
    r.rows.reduce((n, x) => n + Number(x.doc), 0),
  );
  const top = await sql<{ n: number | null }>`select max(rowid) as n from assets_fts`.execute(db);
  return { docs: least, expansion, lastDoc: Number(top.rows[0]?.n ?? 0) };
}

/**
 * PostgreSQL: the indexed words that start with `prefix`, or null when there are more than
 * `max` (a prefix that common is as cheap to match as a prefix) or one is not a plain word.
 */
export async function wordsStartingWith(db: Db, prefix: string, max = 8): Promise<string[] | null> {
  const rows = await db
    .selectFrom('search_vocabulary')
    .select('word')
    .where('word', '>=', prefix)
    .where('word', '<', afterPrefix(prefix))
    .orderBy('word')
    .limit(max + 1)
    .execute();
  const words = rows.map((r) => r.word);
  return words.length <= max && words.every((w) => /^[\p{L}\p{N}]+$/u.test(w)) ? words : null;
}
