import type { SelectQueryBuilder } from 'kysely';

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
