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
 * A brand's own metadata (issue 39 §1, §2): vocabularies (lists or trees of options), typed
 * fields, and each asset's values (one row a value; several for a multi select). An option's
 * `path` is its ancestors' ids and its own (`/12/40/`), so a node's descendants are found with
 * `path LIKE '/12/%'`. Labels are unique among siblings (case-insensitive).
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await id(dialect, db.schema.createTable('vocabularies'))
    .addColumn('brand_id', 'integer', (c: any) => c.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('name', 'varchar(80)', (c: any) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c: any) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c: any) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c: any) => c.notNull())
    .execute();
  await db.schema
    .createIndex('vocabularies_brand_name')
    .on('vocabularies')
    .unique()
    .columns(['brand_id', 'name'])
    .execute();

  await id(dialect, db.schema.createTable('vocabulary_options'))
    .addColumn('vocabulary_id', 'integer', (c: any) => c.notNull().references('vocabularies.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer', (c: any) => c.references('vocabulary_options.id').onDelete('cascade'))
    .addColumn('label_en', 'varchar(120)', (c: any) => c.notNull())
    .addColumn('label_es', 'varchar(120)', (c: any) => c.notNull())
    .addColumn('position', 'integer', (c: any) => c.notNull())
    .addColumn('retired_at', 'varchar(32)')
    .addColumn('path', 'text', (c: any) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c: any) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c: any) => c.notNull())
    .execute();
  await db.schema
    .createIndex('vocabulary_options_label')
    .on('vocabulary_options')
    .unique()
    .expression(sql`vocabulary_id, coalesce(parent_id, 0), lower(label_en)`)
    .execute();
  await db.schema.createIndex('vocabulary_options_parent').on('vocabulary_options').column('parent_id').execute();
  await db.schema
    .createIndex('vocabulary_options_path')
    .on('vocabulary_options')
    .columns(['vocabulary_id', 'path'])
    .execute();

  await id(dialect, db.schema.createTable('metadata_fields'))
    .addColumn('brand_id', 'integer', (c: any) => c.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('key', 'varchar(64)', (c: any) => c.notNull())
    .addColumn('type', 'varchar(16)', (c: any) => c.notNull())
    .addColumn('label_en', 'varchar(80)', (c: any) => c.notNull())
    .addColumn('label_es', 'varchar(80)', (c: any) => c.notNull())
    .addColumn('help_en', 'text', (c: any) => c.notNull())
    .addColumn('help_es', 'text', (c: any) => c.notNull())
    .addColumn('required', 'integer', (c: any) => c.notNull())
    .addColumn('asset_types', 'text', (c: any) => c.notNull())
    .addColumn('on_share', 'integer', (c: any) => c.notNull())
    .addColumn('on_pdf', 'integer', (c: any) => c.notNull())
    .addColumn('is_filter', 'integer', (c: any) => c.notNull())
    .addColumn('position', 'integer', (c: any) => c.notNull())
    .addColumn('vocabulary_id', 'integer', (c: any) => c.references('vocabularies.id'))
    .addColumn('created_at', 'varchar(32)', (c: any) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c: any) => c.notNull())
    .execute();
  await db.schema
    .createIndex('metadata_fields_brand_key')
    .on('metadata_fields')
    .unique()
    .columns(['brand_id', 'key'])
    .execute();
  await db.schema.createIndex('metadata_fields_vocabulary').on('metadata_fields').column('vocabulary_id').execute();

  await db.schema
    .createTable('asset_field_values')
    .addColumn('asset_id', 'integer', (c: any) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('field_id', 'integer', (c: any) => c.notNull().references('metadata_fields.id').onDelete('cascade'))
    .addColumn('option_id', 'integer', (c: any) => c.references('vocabulary_options.id').onDelete('cascade'))
    .addColumn('value_text', 'text')
    .addColumn('value_number', 'double precision')
    .addColumn('value_date', 'varchar(10)')
    .addColumn('value_bool', 'integer')
    .execute();
  await db.schema
    .createIndex('asset_field_values_option')
    .on('asset_field_values')
    .unique()
    .columns(['field_id', 'option_id', 'asset_id'])
    .execute();
  await db.schema
    .createIndex('asset_field_values_number')
    .on('asset_field_values')
    .columns(['field_id', 'value_number'])
    .execute();
  await db.schema
    .createIndex('asset_field_values_date')
    .on('asset_field_values')
    .columns(['field_id', 'value_date'])
    .execute();
  await db.schema.createIndex('asset_field_values_asset').on('asset_field_values').column('asset_id').execute();
  await db.schema.createIndex('asset_field_values_by_option').on('asset_field_values').column('option_id').execute();

  // Managers and administrators define their brands' metadata. The seed gives new roles their
  // permissions; roles of a database made before this migration get this one here.
  const roles = await db.selectFrom('roles').select('id').where('name', 'in', ['admin', 'manager']).execute();
  if (roles.length === 0) return;
  let perm = await db.selectFrom('permissions').select('id').where('name', '=', 'metadata.manage').executeTakeFirst();
  if (!perm)
    perm = await db
      .insertInto('permissions')
      .values({ name: 'metadata.manage' })
      .returning('id')
      .executeTakeFirstOrThrow();
  const permissionId = perm.id;
  await db
    .insertInto('role_permissions')
    .values(roles.map((r: { id: number }) => ({ role_id: r.id, permission_id: permissionId })))
    .execute();
}
