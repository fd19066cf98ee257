import type { SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/index.js';

/**
 * Asset ids from index ranges with one range per key (a category, a word), in which an asset
 * comes at most once per key: `asset_categories` and PostgreSQL's `asset_words`.
 */
type Ids<DB, TB extends keyof DB> = SelectQueryBuilder<DB, TB, { asset_id: number }>;

/** How many rows `ids` yields. */
export async function countOf<DB, TB extends keyof DB>(db: Db, ids: Ids<DB, TB>): Promise<number> {
  const r = await db
    .selectFrom(ids.as('x'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * Distinct assets over the keys' ranges, counting at most `cap + 1` of each. Each key is counted
 * alone first: the matches hold at least the most of them, so one beyond the cap settles it
 * without taking distinct ids over all. Only otherwise, every key's range being complete, are the
 * distinct ids of all counted.
 */
export async function countOverKeys<DB, TB extends keyof DB>(
  db: Db,
  eachKey: Ids<DB, TB>[],
  allKeys: Ids<DB, TB>,
  cap: number,
): Promise<number> {
  const each = await Promise.all(eachKey.map((ids) => countOf(db, ids.limit(cap + 1))));
  const most = Math.max(...each);
  return most > cap || each.length === 1 ? most : countOf(db, allKeys.distinct().limit(cap + 1));
}

/**
 * The first `rows` distinct assets over `keys` keys' ranges, as a subquery. An asset comes at most
 * once per key, so `keys` times `rows` of the rows hold them (when there are as many); a distinct
 * over the ranges themselves would take every match first (PostgreSQL then reads the primary key
 * in id order instead of the ranges' index).
 */
export const firstAssets = <DB, TB extends keyof DB>(db: Db, ids: Ids<DB, TB>, keys: number, rows: number) =>
  db
    .selectFrom(ids.limit(rows * keys).as('k'))
    .select('k.asset_id')
    .$if(keys > 1, (q) => q.distinct())
    .limit(rows);
