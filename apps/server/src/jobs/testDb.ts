import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDb } from '../db/index.js';
import type { DbHandle } from '../db/index.js';
import { migrate } from '../db/migrate.js';
import { withPgLock } from '../../test/pgLock.js';
import type { JobLog } from './types.js';

/**
 * For the queue's tests only: a migrated database without the app (no seed, no HTTP), as a temp
 * SQLite file or a fresh PostgreSQL schema when TEST_DB=postgres, plus extra connections to the
 * same database to play other worker processes.
 */
export async function openTestDb() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bv-jobs-'));
  let databaseUrl: string | undefined;
  let pgSchema: string | undefined;
  if (process.env.TEST_DB === 'postgres') {
    databaseUrl = process.env.TEST_DATABASE_URL;
    if (!databaseUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    pgSchema = `j_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  }
  const handles: DbHandle[] = [];
  const connect = () => {
    const h = openDb({ databaseUrl, dataDir, pgSchema });
    handles.push(h);
    return h;
  };
  const main = connect();
  const setUp = async () => {
    if (databaseUrl && pgSchema) await admin(databaseUrl, `create schema ${pgSchema}`);
    await migrate(main.db, main.dialect, pgSchema);
  };
  if (databaseUrl) await withPgLock(databaseUrl, setUp);
  else await setUp();
  return {
    ...main,
    /** Another connection (pool) to the same database, as a second process would have. */
    connect,
    async close() {
      for (const h of handles) await h.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (databaseUrl && pgSchema)
        await withPgLock(databaseUrl, () => admin(databaseUrl!, `drop schema ${pgSchema} cascade`));
    },
  };
}
export type TestDb = Awaited<ReturnType<typeof openTestDb>>;

async function admin(url: string, statement: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(statement);
  await c.end();
}

/** Keeps log lines for assertions instead of printing them. */
export function memoryLog() {
  const lines: { level: string; msg: string | undefined; obj: object }[] = [];
  const at = (level: string) => (obj: object, msg?: string) => void lines.push({ level, msg, obj });
  const log: JobLog = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { log, lines };
}
