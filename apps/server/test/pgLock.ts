import pg from 'pg';

const KEY = 734_211; // any constant shared by every test process

/**
 * Runs `fn` while holding a database-wide advisory lock. Test files run in parallel processes,
 * each in its own schema; Kysely's migrator introspects every schema, and PostgreSQL fails that
 * scan ("schema … does not exist") when another process drops its schema at the same moment.
 * Creating, migrating and dropping test schemas one at a time removes the race.
 */
export async function withPgLock<T>(databaseUrl: string, fn: () => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await c.query('select pg_advisory_lock($1)', [KEY]);
    return await fn();
  } finally {
    await c.query('select pg_advisory_unlock($1)', [KEY]).catch(() => {});
    await c.end();
  }
}
