import { sql } from 'kysely';
import type { QueryExecutorProvider, SelectQueryBuilder } from 'kysely';

/**
 * One page of a filtered query and the filtered total, read together. `rows` adds what the page
 * selects and how it is ordered (with a unique tie-break, so pages never overlap).
 */
export async function paged<DB, TB extends keyof DB, O>(
  q: SelectQueryBuilder<DB, TB, object>,
  rows: (q: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
  page: number,
  perPage: number,
): Promise<{ total: number; items: O[] }> {
  const [total, items] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    rows(q)
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
  ]);
  // Generic over the table, TypeScript cannot see the alias through Selection<>; it is there.
  return { total: Number((total as { n: number | string }).n), items };
}

/** The statement of `countUpTo`: `q`'s rows, no more than `cap + 1` of them, counted. */
export const countUpToQuery = <DB, TB extends keyof DB>(q: SelectQueryBuilder<DB, TB, object>, cap: number) =>
  sql<{
    n: number | string;
  }>`select count(*) as n from (${q.select(sql<number>`1`.as('one')).limit(cap + 1)}) as matches`;

/**
 * How many rows `q` matches, counting no further than `cap + 1`: a count that stops early on a big
 * table (the caller reports `cap`, and that there are more, when the answer exceeds it).
 */
export async function countUpTo<DB, TB extends keyof DB>(
  db: QueryExecutorProvider,
  q: SelectQueryBuilder<DB, TB, object>,
  cap: number,
): Promise<number> {
  const r = await countUpToQuery(q, cap).execute(db);
  return Number(r.rows[0]?.n ?? 0);
}
