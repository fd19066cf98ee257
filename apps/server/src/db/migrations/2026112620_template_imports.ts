import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Spreadsheet template imports (§1, §4): the uploaded file (`blob_key`), its preview counts, the
 * job working on it (no foreign key: finished jobs are purged first), a scheduled apply's time
 * (`run_at`) and, once applied, the result sheet (`result_key`) until `expires_at`.
 *
 * `template_import_rows`: one per data row of the sheet: its outcome in the preview (change,
 * refused, unchanged), the changes as JSON ({field, before, after}), the values to write
 * (`patch`, JSON), the version the export recorded, and after the apply its result.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const table = db.schema.createTable('template_imports');
  await (
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : table.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement())
  )
    .addColumn('user_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(8)', (c: any) => c.notNull())
    .addColumn('brand_id', 'integer', (c: any) => c.references('brands.id').onDelete('set null'))
    .addColumn('name', 'varchar(255)', (c: any) => c.notNull())
    .addColumn('state', 'varchar(16)', (c: any) => c.notNull())
    .addColumn('lang', 'varchar(8)', (c: any) => c.notNull())
    .addColumn('blob_key', 'varchar(512)')
    .addColumn('result_key', 'varchar(512)')
    .addColumn('job_id', 'integer')
    .addColumn('run_at', 'varchar(32)')
    .addColumn('rows_total', 'integer')
    .addColumn('n_change', 'integer')
    .addColumn('n_refused', 'integer')
    .addColumn('n_unchanged', 'integer')
    .addColumn('n_applied', 'integer')
    .addColumn('n_apply_refused', 'integer')
    .addColumn('n_apply_unchanged', 'integer')
    .addColumn('error', 'text')
    .addColumn('created_at', 'varchar(32)', (c: any) => c.notNull())
    .addColumn('previewed_at', 'varchar(32)')
    .addColumn('applied_at', 'varchar(32)')
    .addColumn('expires_at', 'varchar(32)', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('template_imports_user').on('template_imports').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('template_imports_expiry').on('template_imports').columns(['expires_at']).execute();

  await db.schema
    .createTable('template_import_rows')
    .addColumn('import_id', 'integer', (c) => c.notNull().references('template_imports.id').onDelete('cascade'))
    .addColumn('row_no', 'integer', (c) => c.notNull())
    .addColumn('target_id', 'integer')
    .addColumn('label', 'varchar(320)')
    .addColumn('outcome', 'varchar(10)', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('patch', 'text')
    .addColumn('version', 'varchar(64)')
    .addColumn('reason', 'varchar(32)')
    .addColumn('reason_vars', 'text')
    .addColumn('result', 'varchar(10)')
    .addColumn('result_reason', 'varchar(32)')
    .addColumn('result_vars', 'text')
    .addPrimaryKeyConstraint('template_import_rows_pk', ['import_id', 'row_no'])
    .execute();
  await db.schema
    .createIndex('template_import_rows_outcome')
    .on('template_import_rows')
    .columns(['import_id', 'outcome', 'row_no'])
    .execute();
}
