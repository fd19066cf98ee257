import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { DbHandle } from './index.js';

/** The advisory lock every process of one PostgreSQL database takes to migrate and seed. */
const PG_STARTUP_LOCK = 7_301_947_113;

/**
 * Runs `fn` (migrations, the first-start seed) in one process at a time: processes started at
 * the same moment on a fresh database would otherwise race to create the same tables and the
 * same first administrator. PostgreSQL: a session advisory lock on a connection of its own;
 * SQLite: a lock file beside the database, taken over when its holder died (not renewed for 10 s).
 */
export async function withStartupLock<T>(handle: DbHandle, dataDir: string, fn: () => Promise<T>): Promise<T> {
  if (handle.dialect === 'postgres') {
    return handle.db.connection().execute(async (conn) => {
      await sql`select pg_advisory_lock(${PG_STARTUP_LOCK})`.execute(conn);
      try {
        return await fn();
      } finally {
        await sql`select pg_advisory_unlock(${PG_STARTUP_LOCK})`.execute(conn);
      }
    });
  }
  mkdirSync(dataDir, { recursive: true });
  const { lock } = await import('proper-lockfile');
  const release = await lock(dataDir, {
    lockfilePath: join(dataDir, 'startup.lock'),
    stale: 10_000,
    retries: { retries: 600, minTimeout: 50, maxTimeout: 250 },
    // A lost lock (its file touched by someone else) must not end the process: the work is idempotent.
    onCompromised: () => undefined,
  });
  try {
    return await fn();
  } finally {
    await release().catch(() => undefined);
  }
}
