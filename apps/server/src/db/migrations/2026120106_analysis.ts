import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * What is inside files (issue 42): each brand's analysis settings, and the words each analysis
 * found per asset (`asset_found_words`, one row per asset and kind: text, objects, people,
 * colours). `assets.found_text` joins them for the full text, written with them in one
 * transaction (analysis.repo.ts `setFoundWords`).
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('brand_analysis')
    .addColumn('brand_id', 'integer', (c: any) => c.primaryKey().references('brands.id').onDelete('cascade'))
    .addColumn('text', 'integer', (c: any) => c.notNull().defaultTo(1))
    .addColumn('objects', 'integer', (c: any) => c.notNull().defaultTo(1))
    .addColumn('faces', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('colours', 'integer', (c: any) => c.notNull().defaultTo(1))
    .addColumn('object_threshold', 'real', (c: any) => c.notNull().defaultTo(0.5))
    .addColumn('updated_at', 'varchar(32)', (c: any) => c.notNull())
    .execute();
  await db.schema
    .createTable('asset_found_words')
    .addColumn('asset_id', 'integer', (c: any) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c: any) => c.notNull())
    .addColumn('words', 'text', (c: any) => c.notNull())
    .addPrimaryKeyConstraint('asset_found_words_pk', ['asset_id', 'kind'])
    .execute();
  await db.schema
    .alterTable('assets')
    .addColumn('found_text', 'text', (c: any) => c.notNull().defaultTo(''))
    .execute();
}
