import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Dialect } from './index.js';
import { dumpPath, freshDump } from './schemaDump.js';

/**
 * `npm run db:dump -w apps/server [-- sqlite|postgres]`: migrates an empty database of each
 * dialect and writes its schema dump (schema.sqlite.sql, schema.postgres.sql beside this file).
 * PostgreSQL: a new database on the server of TEST_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test), dropped afterwards.
 */
const databaseUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const asked = process.argv.slice(2);
const dialects: Dialect[] = asked.length ? (asked as Dialect[]) : ['sqlite', 'postgres'];
for (const d of dialects) {
  if (d !== 'sqlite' && d !== 'postgres') throw new Error(`Unknown dialect ${d}: sqlite or postgres`);
  const text = await freshDump(d, databaseUrl);
  const file = dumpPath(d);
  writeFileSync(file, text);
  console.log(`${relative(process.cwd(), file)}: ${text.split('\n').length - 1} lines`);
}
