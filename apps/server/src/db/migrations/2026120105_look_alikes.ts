import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Colours and look-alikes (issue 42 §4): one row per asset, for the revision analysed. `hash` is a
 * 64-bit difference hash as 16 hex digits, also split into four 16-bit bands (`b0`…`b3`) so a
 * Hamming search can pick candidates by an equal band on both dialects; `colours` is JSON.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('asset_visuals')
    .addColumn('asset_id', 'integer', (c: any) => c.primaryKey().references('assets.id').onDelete('cascade'))
    .addColumn('brand_id', 'integer', (c: any) => c.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('rev', 'integer', (c: any) => c.notNull())
    .addColumn('state', 'varchar(16)', (c: any) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('colours', 'text', (c: any) => c.notNull().defaultTo('[]'))
    .addColumn('hash', 'varchar(16)')
    .addColumn('b0', 'integer')
    .addColumn('b1', 'integer')
    .addColumn('b2', 'integer')
    .addColumn('b3', 'integer')
    .addColumn('analysed_at', 'varchar(32)', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('asset_visuals_brand').on('asset_visuals').columns(['brand_id', 'state']).execute();
  for (const b of ['b0', 'b1', 'b2', 'b3'])
    await db.schema.createIndex(`asset_visuals_${b}`).on('asset_visuals').columns(['brand_id', b]).execute();
}
