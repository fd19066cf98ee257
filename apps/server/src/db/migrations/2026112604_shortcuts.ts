import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Shortcuts (spec §3): a user's named way back to an asset or a folder. `shortable_type` is the
 * namespaced class name of the target ("App\Models\Folder"); the target has no foreign key (it is
 * one of two tables), so a shortcut whose target is gone is left out when read. One per user and
 * target: the unique key settles two creates racing each other.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const table = db.schema.createTable('shortcuts');
  await (
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('brand_id', 'integer', (c) => c.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('shortable_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('shortable_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('shortcuts_user_target', ['user_id', 'shortable_type', 'shortable_id'])
    .execute();
  // Removing a brand cascades here.
  await db.schema.createIndex('shortcuts_brand_id').on('shortcuts').column('brand_id').execute();
}
