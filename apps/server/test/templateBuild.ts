import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { SQLITE_FILE, openDb } from '../src/db/index.js';
import type { Dialect } from '../src/db/index.js';
import { migrate } from '../src/db/migrate.js';
import { createDatabase, dropDatabase, testDatabaseUrl, uniqueName } from './pgDatabases.js';

/** This run's migrated database, which each test copies (templateCopy.ts). */
export type TemplateDb = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    templateDb: TemplateDb;
  }
}

/**
 * Migrates a new database once for the whole run: an SQLite file in a temp dir, or a PostgreSQL
 * database with a name of this run's own. `remove` deletes it and, on PostgreSQL, every copy of
 * it a test left behind (a file that failed before closing its app).
 */
export async function buildTemplate(dialect: Dialect): Promise<{ template: TemplateDb; remove(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'bv-template-'));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  if (dialect === 'sqlite') {
    const h = openDb({ dataDir: dir });
    try {
      await migrate(h.db, 'sqlite');
    } finally {
      await h.close();
    }
    return { template: { dialect, file: join(dir, SQLITE_FILE) }, remove: async () => removeDir() };
  }
  const url = testDatabaseUrl();
  const name = uniqueName('bv_tpl');
  const remove = async () => {
    await Promise.all([...(await copiesOf(url, name)), name].map((db) => dropDatabase(url, db)));
    removeDir();
  };
  try {
    const h = openDb({ databaseUrl: await createDatabase(url, name), dataDir: dir });
    try {
      await migrate(h.db, 'postgres');
    } finally {
      await h.close();
    }
  } catch (err) {
    await remove();
    throw err;
  }
  return { template: { dialect, name }, remove };
}

/** Databases named after the template (templateCopy.ts names its copies so). */
async function copiesOf(url: string, template: string): Promise<string[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [`${template}_`],
    );
    return rows.map((r) => r.datname);
  } finally {
    await c.end();
  }
}
