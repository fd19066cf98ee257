import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from '../index.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * SQLite: prefix indexes for 5 to 8 characters too. Without one, FTS5 answers a prefix by reading
 * every list of the words that start with it in full before the first match, even when that is a
 * single word: the first 10,001 matches of "summer" took 25 ms as a prefix and 1 ms as a word, at
 * a million assets. People type whole words (the last one is always searched as a prefix), so
 * those lengths matter most; the index grows by about as much as the words it covers.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  for (const stmt of [
    'drop table assets_fts',
    `create virtual table assets_fts using fts5(
       name, description, keywords, categories,
       content = 'assets', content_rowid = 'id',
       tokenize = 'unicode61 remove_diacritics 2',
       prefix = '2 3 4 5 6 7 8'
     )`,
    `insert into assets_fts (assets_fts) values ('rebuild')`,
  ])
    await sql.raw(stmt).execute(db);
}
