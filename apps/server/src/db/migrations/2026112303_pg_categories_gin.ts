import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from '../index.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * PostgreSQL: a categories filter read every asset of the categories from asset_categories into
 * a hash before its first row (117,000 for two common themes: 36 ms at a million assets). A GIN
 * index over each row's categories as an array gives the same rows as a bitmap in 9 ms, and
 * combines with the other conditions on the row itself. Overlap (&&) on arrays is exact, so
 * rows are not re-parsed; the JSON text stays the one stored form.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const stmt of [
    `create function search_categories(text) returns text[] language sql immutable parallel safe
       as $$ select coalesce(array_agg(c), '{}') from jsonb_array_elements_text($1::jsonb) c $$`,
    'create index asset_search_categories on asset_search using gin (search_categories(categories))',
    'analyze asset_search',
  ])
    await sql.raw(stmt).execute(db);
}
