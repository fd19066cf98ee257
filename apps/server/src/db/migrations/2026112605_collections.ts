import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Collections (§3): a user's named sets of assets of any brand they can see, and their one
 * favourites collection (`favorite_of` = the owner; unique, so a race makes one). What a viewer
 * sees of a collection is computed from the assets' state when read, so removing or hiding an
 * asset never touches these rows and restoring it brings it back.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const table = db.schema.createTable('collections');
  await (
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('favorite_of', 'integer', (c) => c.unique().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // One name per owner among named collections (favourites are apart); the list reads by owner.
  await db.schema
    .createIndex('collections_owner_name')
    .on('collections')
    .columns(['owner_id', 'name'])
    .unique()
    .where(sql.ref('favorite_of'), 'is', null)
    .execute();

  await db.schema
    .createTable('collection_assets')
    .addColumn('collection_id', 'integer', (c) => c.notNull().references('collections.id').onDelete('cascade'))
    .addColumn('asset_id', 'integer', (c) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('added_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('collection_assets_pk', ['collection_id', 'asset_id'])
    .execute();
  // Deleting an asset (its folder removed) cascades here.
  await db.schema.createIndex('collection_assets_asset').on('collection_assets').column('asset_id').execute();
}
