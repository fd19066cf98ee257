import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from '../index.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * PostgreSQL: facets over a sample or every match read the matches' search rows by id (the words'
 * or categories' rows give only ids). At a million assets the table (about 400 MB) does not stay
 * in PostgreSQL's default 128 MB of shared buffers, so each row cost a page read from the OS:
 * ~20 µs, 2,000 rows 40 ms. The facet columns alongside the id in an index (70 MB) are read
 * without the table, ~5 µs a row. SQLite reads its rows through a memory map and needs none.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`create index asset_search_facet_columns on asset_search (asset_id)
    include (type, ext, author, language, categories)`.execute(db);
}
