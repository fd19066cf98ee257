import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from '../index.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * PostgreSQL: folder paths ("/1/5/9/") compare byte by byte (collation "C"), as they do on
 * SQLite. Under the database's own collation (C.UTF-8, en_US, ...) a btree cannot serve
 * `path like '/1/5/%'`, so every subtree condition was a filter on rows already read: a search
 * in a large section with a word and two filters read 146,000 rows to find its first 10,001
 * (150 ms at a million assets); as an index range it combines with the word's GIN bitmap and
 * reads 10,001 (45 ms). The ext index also takes the path, so "these extensions under this
 * folder" is one index range. SQLite already orders paths bytewise and keeps its indexes.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const stmt of [
    // The trigger names `path` in its column list, which blocks the type change.
    'drop trigger folders_search_au on folders',
    'alter table folders alter column path type text collate "C"',
    'alter table asset_search alter column folder_path type text collate "C"',
    `create trigger folders_search_au after update of path, private_path, status on folders
       for each row execute function asset_search_folder_sync()`,
    'drop index asset_search_brand_ext',
    'create index asset_search_brand_ext on asset_search (brand_id, active, ext, type, folder_path, hidden)',
    // A changed column type loses its statistics.
    'analyze folders',
    'analyze asset_search',
  ])
    await sql.raw(stmt).execute(db);
}
