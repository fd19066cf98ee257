import { sql } from 'kysely';
import type { Db } from '../src/db/index.js';
import { until } from './throwaway.js';

/**
 * Waits until some session of this test's PostgreSQL database is blocked on a lock: the moment a
 * racing request has read what another transaction is changing and now waits on it to write.
 */
export async function untilBlockedOnLock(db: Db, what: string) {
  await until(what, async () => {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
    return Number(rows[0]?.n ?? 0) > 0;
  });
}
