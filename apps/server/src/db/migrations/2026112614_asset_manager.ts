import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The all-assets admin table (/asset/manager) sorts and filters a brand's assets, removed ones
 * included. Name, date and type orders walk the search table's indexes (asset_search_brand_*);
 * these two serve what that table does not hold: the order by size (walked per brand, ties by id) and
 * the uploader filter (a person's assets per brand, counted from the index alone with the other
 * filters: status, type, upload time).
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.createIndex('assets_manager_size').on('assets').columns(['brand_id', 'size', 'id']).execute();
  await db.schema
    .createIndex('assets_manager_uploader')
    .on('assets')
    .columns(['created_by', 'brand_id', 'status', 'type', 'created_at'])
    .execute();
}
