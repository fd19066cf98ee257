import pg from 'pg';

/** Runs statements one at a time on a connection of their own (CREATE DATABASE cannot share a transaction). */
export async function adminQuery(url: string, ...statements: string[]): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    for (const s of statements) await c.query(s);
  } finally {
    await c.end();
  }
}

/** TEST_DATABASE_URL, which a run with TEST_DB=postgres must have: no silent skip. */
export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return url;
}

/** The URL of database `name` on the server (and as the user) of `url`. */
export function urlOf(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A name no other test, file or run on the same server uses. */
export const uniqueName = (prefix: string) =>
  `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;

/**
 * WAL_LOG copies a small template through the WAL; FILE_COPY forces two checkpoints, which made
 * each copy of the migrated template about ten times slower here (see the commit that chose it).
 */
const STRATEGY = 'wal_log';

/**
 * Creates database `name`, empty or as a copy of `template` (which nobody may be connected to).
 * Its connections skip waiting for the WAL flush at commit: test data need not survive a crash.
 */
export async function createDatabase(url: string, name: string, template?: string): Promise<string> {
  await adminQuery(
    url,
    template ? `create database ${name} template ${template} strategy ${STRATEGY}` : `create database ${name}`,
    `alter database ${name} set synchronous_commit = off`,
  );
  return urlOf(url, name);
}

/** Drops database `name`, ending whatever connections it still has. */
export const dropDatabase = (url: string, name: string) =>
  adminQuery(url, `drop database if exists ${name} with (force)`);
