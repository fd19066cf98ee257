import { sql } from 'kysely';
import type { CompiledQuery } from 'kysely';
import type { Db, Dialect } from '../src/db/index.js';

/**
 * The plan of a compiled statement as text, one line a step. `costAside`: PostgreSQL picks its
 * plan by cost, and on a test's tiny tables that may be no index at all, so sequential scans and
 * sorts are priced out (the same statement over a million rows chooses the index by itself).
 */
export async function queryPlan(db: Db, dialect: Dialect, q: CompiledQuery, costAside = true): Promise<string> {
  const sqlite = dialect === 'sqlite';
  const explain = await db.transaction().execute(async (tx) => {
    if (costAside && !sqlite) await sql`set local enable_seqscan = off`.execute(tx);
    if (costAside && !sqlite) await sql`set local enable_sort = off`.execute(tx);
    return tx.executeQuery({ ...q, sql: `${sqlite ? 'explain query plan' : 'explain'} ${q.sql}` });
  });
  return (explain.rows as Record<string, string>[]).map((r) => (sqlite ? r.detail : r['QUERY PLAN'])).join('\n');
}
