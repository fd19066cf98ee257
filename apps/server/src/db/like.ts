import { sql } from 'kysely';
import type { RawBuilder, SqlBool } from 'kysely';

/** A LIKE pattern matching `text` anywhere, case-folded, with LIKE's own wildcards escaped. */
export const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Whether any of `columns`, case-folded, contains `text` literally. The escape character is
 * named: SQLite's LIKE has none by default, so `_` or `%` in a search would be wildcards there.
 */
export function containsAny(columns: readonly string[], text: string): RawBuilder<SqlBool> {
  const pattern = containsPattern(text);
  const parts = columns.map((c) => sql`lower(${sql.ref(c)}) like ${pattern} escape '\\'`);
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}
