import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Bulk edits of metadata fields (issue 39 §5): one row an edit, with its assets and operations,
 * and the values each changed asset held before, one row per asset and field, for the undo.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const table = db.schema.createTable('bulk_edits');
  await (
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : table.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement())
  )
    .addColumn('brand_id', 'integer', (c: any) => c.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'varchar(16)', (c: any) => c.notNull())
    .addColumn('ops', 'text', (c: any) => c.notNull())
    .addColumn('asset_ids', 'text', (c: any) => c.notNull())
    .addColumn('matched', 'integer', (c: any) => c.notNull())
    .addColumn('changed', 'integer', (c: any) => c.notNull())
    .addColumn('done', 'integer', (c: any) => c.notNull())
    .addColumn('job_id', 'integer')
    .addColumn('undo_job_id', 'integer')
    .addColumn('created_at', 'varchar(32)', (c: any) => c.notNull())
    .addColumn('applied_at', 'varchar(32)')
    .addColumn('undone_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('bulk_edits_user').on('bulk_edits').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('bulk_edit_values')
    .addColumn('bulk_edit_id', 'integer', (c: any) => c.notNull().references('bulk_edits.id').onDelete('cascade'))
    .addColumn('asset_id', 'integer', (c: any) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('field_id', 'integer', (c: any) => c.notNull().references('metadata_fields.id').onDelete('cascade'))
    .addColumn('before', 'text', (c: any) => c.notNull())
    .addPrimaryKeyConstraint('bulk_edit_values_pkey', ['bulk_edit_id', 'asset_id', 'field_id'])
    .execute();
}
