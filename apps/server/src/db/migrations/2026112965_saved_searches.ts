import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

const id = (dialect: Dialect, table: any) =>
  dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c: any) => c.primaryKey())
    : table.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());

/**
 * Saved searches (issue 39 §6): a person's named search of a folder of a brand, its body as JSON
 * text, shared with the brand or not, shown as a smart collection or not. Names are unique per
 * owner and brand, case-insensitive. Pins are per person, so anyone may pin a shared search.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await id(dialect, db.schema.createTable('saved_searches'))
    .addColumn('brand_id', 'integer', (c: any) => c.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('owner_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('folder_id', 'integer', (c: any) => c.notNull().references('folders.id').onDelete('cascade'))
    .addColumn('name', 'varchar(80)', (c: any) => c.notNull())
    .addColumn('search_json', 'text', (c: any) => c.notNull())
    .addColumn('shared_with_brand', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('as_collection', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c: any) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c: any) => c.notNull())
    .execute();
  await db.schema
    .createIndex('saved_searches_owner_name')
    .on('saved_searches')
    .unique()
    .expression(sql`owner_id, brand_id, lower(name)`)
    .execute();
  await db.schema
    .createIndex('saved_searches_brand')
    .on('saved_searches')
    .columns(['brand_id', 'shared_with_brand'])
    .execute();
  await db.schema.createIndex('saved_searches_folder').on('saved_searches').column('folder_id').execute();

  await db.schema
    .createTable('saved_search_pins')
    .addColumn('saved_search_id', 'integer', (c: any) =>
      c.notNull().references('saved_searches.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c: any) => c.notNull())
    .addPrimaryKeyConstraint('saved_search_pins_pk', ['user_id', 'saved_search_id'])
    .execute();
  await db.schema.createIndex('saved_search_pins_search').on('saved_search_pins').column('saved_search_id').execute();
}
