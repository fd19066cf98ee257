import { mkdirSync } from 'node:fs';
import { totalmem } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { SqliteStatement } from 'kysely';
import pg from 'pg';
import { sideReader } from './sideReader.js';
import type { SideReader } from './sideReader.js';
import { namedStatementClient } from './pgStatements.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
export interface DbHandle {
  db: Db;
  dialect: Dialect;
  /** SQLite: a read-only connection on a worker thread, opened at first use (sideReader.ts). */
  side?: () => SideReader;
  /** PostgreSQL: the pool's clients now (metrics); SQLite has one connection and no pool. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

// int8 (counts, epoch milliseconds) as numbers: every value we store fits in 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

/** The SQLite database's file name in the data directory. */
export const SQLITE_FILE = 'brandvault.sqlite';

export const isPostgresUrl = (url: string | undefined): url is string => !!url && /^postgres(ql)?:\/\//.test(url);

/**
 * Opens SQLite in the data directory unless `databaseUrl` is a postgres:// URL. `pgSchema` puts
 * every table in one schema (tests use a fresh schema per test file).
 */
export function openDb(opts: { databaseUrl?: string; dataDir: string; pgSchema?: string }): DbHandle {
  if (isPostgresUrl(opts.databaseUrl)) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      // A database host that does not answer at all (a failover) fails a request in 5 s with a
      // 503, instead of holding it until the client gives up.
      connectionTimeoutMillis: 5000,
      Client: namedStatementClient(),
      // No parallel plans: requests are short and many at once, and a parallel plan starts worker
      // processes for each statement that compete with the other requests for the same cores (at
      // a million assets on 2 cores, the slowest cold searches' p95 fell by a quarter to a third).
      options: [
        '-c max_parallel_workers_per_gather=0',
        ...(opts.pgSchema ? [`-c search_path=${opts.pgSchema}`] : []),
      ].join(' '),
    });
    // An idle connection the server ends (a restart, a failover, a dropped database) is an
    // `error` event; unheard, it would end the process. pg has already taken that connection out
    // of the pool, so the next query opens a new one.
    pool.on('error', () => undefined);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db, dialect: 'postgres', poolStats, close: () => db.destroy() };
  }
  mkdirSync(opts.dataDir, { recursive: true });
  const file = new SQLite(join(opts.dataDir, SQLITE_FILE));
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = NORMAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  // Reads go through the OS page cache without copying, for the first 2 GB of the file (the most
  // this build of SQLite maps). A library of a million assets is about that size, and what lies
  // beyond (the indexes and full-text segments written last) is read into SQLite's own cache, so
  // it holds up to 512 MB, a 32nd of the machine's memory on smaller ones (with 64 MB, a word
  // search in a subfolder of a 3 GB library read the same pages again and again: 45 to 36 ms at p50).
  file.pragma(`mmap_size = ${SQLITE_MMAP_BYTES}`);
  file.pragma(`cache_size = -${sqliteCacheKb()}`);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(file) }) });
  let reader: SideReader | undefined;
  return {
    db,
    dialect: 'sqlite',
    side: () => (reader ??= sideReader(file.name, SQLITE_MMAP_BYTES)),
    close: async () => {
      await reader?.close();
      await db.destroy();
    },
  };
}

/** The most of an SQLite file this build maps (2 GB). */
const SQLITE_MMAP_BYTES = 2147483648;

/** SQLite's page cache of one connection, in KiB: 512 MiB, or a 32nd of the memory when less. */
const sqliteCacheKb = () => Math.min(512 * 1024, Math.floor(totalmem() / 32 / 1024));

/**
 * Kysely prepares every query anew; a busy list request runs the same few statements each time,
 * and preparing them was a tenth of its CPU. Statements are kept by SQL text (least recently used
 * dropped). Safe because nothing streams (a statement is never reused while still iterating).
 * Rows are read as arrays and shaped by a function made once per statement: better-sqlite3's own
 * objects cost half of a 50-card list query.
 */
function withStatementCache(file: SQLite.Database, size = 500) {
  const kept = new Map<string, SqliteStatement>();
  return {
    close: () => file.close(),
    prepare(text: string) {
      let stmt = kept.get(text);
      if (stmt) kept.delete(text);
      else {
        stmt = keptStatement(file.prepare(text));
        if (kept.size >= size) kept.delete(kept.keys().next().value!);
      }
      kept.set(text, stmt);
      return stmt;
    },
  };
}

function keptStatement(stmt: SQLite.Statement): SqliteStatement {
  if (!stmt.reader) return stmt;
  const names = stmt.columns().map((c) => c.name);
  // A literal with fixed keys gives every row one hidden class; later duplicates win, as before.
  const shape = new Function('a', `return {${names.map((n, i) => `${JSON.stringify(n)}: a[${i}]`).join(', ')}}`) as (
    a: unknown[],
  ) => Record<string, unknown>;
  stmt.raw(true);
  return {
    reader: true,
    all: (p: readonly unknown[]) => (stmt.all(p) as unknown[][]).map(shape),
    run: (p: readonly unknown[]) => stmt.run(p),
    *iterate(p: readonly unknown[]) {
      for (const a of stmt.iterate(p) as Iterable<unknown[]>) yield shape(a);
    },
  };
}
