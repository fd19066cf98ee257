import { sql } from 'kysely';

/**
 * Rows whose path starts with `path`. Paths hold only digits and '/' and compare bytewise on both
 * databases (collation "C" on PostgreSQL), so the prefix is the range [path, path with its last
 * '/' raised to '0'), which any btree on the column serves.
 */
export const underPath = (col: string, path: string) =>
  sql<boolean>`${sql.ref(col)} >= ${path} and ${sql.ref(col)} < ${`${path.slice(0, -1)}0`}`;
