import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from '../index.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A filter without words whose page is deep (one author in one visual language, page 50 at a
 * million assets: 80,000 matches, 1 row in 12) either sorted every match (SQLite 30 ms,
 * PostgreSQL 50 ms on a slow machine) or walked a sort index reading each row's author and
 * language from the table (100 ms to 1.3 s). The sort indexes now also hold the author and the
 * visual language, and the name indexes the date, so a walk checks every condition but the
 * categories inside the index: 30,000 index rows in 4.7 ms on SQLite and 10.6 ms on PostgreSQL
 * (an index-only scan). The folder indexes get the same columns, as the plan choice
 * (search.service.ts) does not tell a folder's walk from the brand's.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const pg = dialect === 'postgres';
  const wide = (keys: string, covered: string[]) =>
    pg ? `(${keys}) include (${covered.join(', ')})` : `(${keys}, ${covered.join(', ')})`;
  const indexes: [string, string, string[]][] = [
    ['asset_search_brand_name_path', 'brand_id, active, name_lc, asset_id, hidden, folder_path', ['sort_date']],
    ['asset_search_brand_date_path', 'brand_id, active, sort_date, asset_id, hidden, folder_path', []],
    ['asset_search_folder_name', 'folder_id, active, name_lc, asset_id, hidden', ['sort_date']],
    ['asset_search_folder_date', 'folder_id, active, sort_date, asset_id, hidden', []],
  ];
  for (const [name, keys, more] of indexes) {
    await sql.raw(`drop index ${name}`).execute(db);
    await sql
      .raw(`create index ${name} on asset_search ${wide(keys, ['type', 'ext', 'author', 'language', ...more])}`)
      .execute(db);
  }
  await sql.raw('analyze asset_search').execute(db);
}
