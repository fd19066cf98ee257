import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from '../index.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A subfolder's search walks the brand's name or date index and keeps the rows under the folder's
 * path. Without the path in the index every row walked was a table read (page 100 of a big
 * subtree read ~30,000 rows); with it the walk never leaves the index.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  for (const stmt of [
    'create index asset_search_brand_name_path on asset_search (brand_id, active, name_lc, asset_id, hidden, folder_path)',
    'create index asset_search_brand_date_path on asset_search (brand_id, active, sort_date, asset_id, hidden, folder_path)',
    'drop index asset_search_brand_name',
    'drop index asset_search_brand_date',
    // Fresh statistics, so the planner knows the new indexes at once.
    'analyze asset_search',
  ])
    await sql.raw(stmt).execute(db);
}
