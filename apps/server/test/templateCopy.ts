import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { SQLITE_FILE } from '../src/db/index.js';
import type { Dialect } from '../src/db/index.js';
import { createDatabase, dropDatabase, testDatabaseUrl } from './pgDatabases.js';
import './templateBuild.js';

/**
 * A migrated database of its own for one app or test, copied from this run's template
 * (globalSetup.ts) instead of migrated: the SQLite file put into `dataDir`, or a new PostgreSQL
 * database whose URL it answers, dropped by `drop`.
 */
export async function templateCopy(
  dialect: Dialect,
  dataDir: string,
): Promise<{ databaseUrl?: string; drop(): Promise<void> }> {
  const template = inject('templateDb');
  if (template?.dialect !== dialect)
    throw new Error(`no ${dialect} template database: run the tests through vitest (see test/globalSetup.ts)`);
  if (template.dialect === 'sqlite') {
    copyFileSync(template.file, join(dataDir, SQLITE_FILE));
    return { drop: async () => undefined };
  }
  const url = testDatabaseUrl();
  // Named after the template, so the run's teardown finds a copy that a failed file left behind.
  const name = `${template.name}_${Math.random().toString(36).slice(2, 10)}`;
  return { databaseUrl: await createDatabase(url, name, template.name), drop: () => dropDatabase(url, name) };
}
