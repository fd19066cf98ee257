import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from '../index.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */
type B = CreateTableBuilder<string, never>;
const id = (t: B, dialect: Dialect) =>
  dialect === 'postgres'
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
const req = (c: ColumnDefinitionBuilder) => c.notNull();

/** Brands' pictures, the extension allow-list, the folder tree, assets and their versions. */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const float = dialect === 'postgres' ? 'double precision' : 'real';

  await db.schema.alterTable('brands').addColumn('image_key', 'varchar(255)').execute();
  await db.schema.alterTable('brands').addColumn('logo_key', 'varchar(255)').execute();

  await id(db.schema.createTable('extensions'), dialect)
    .addColumn('name', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('mime_type', 'varchar(255)', req)
    .addColumn('asset_type', 'varchar(16)', req)
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('ACTIVE'))
    .addColumn('created_at', 'varchar(32)', req)
    .addColumn('updated_at', 'varchar(32)', req)
    .execute();

  // `path` is the chain of ancestor ids including the folder itself ("/1/5/9/"): a subtree is one
  // prefix match, and a move rewrites one prefix. `private_path` is 1 when the folder or any
  // ancestor is PRIVATE, so visibility is checked without walking up the tree.
  await id(db.schema.createTable('folders'), dialect)
    .addColumn('brand_id', 'integer', (c) => c.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer', (c) => c.references('folders.id').onDelete('cascade'))
    .addColumn('name', 'varchar(510)', req)
    .addColumn('visibility', 'varchar(16)', req)
    .addColumn('private_path', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('ACTIVE'))
    .addColumn('image_key', 'varchar(255)')
    .addColumn('path', 'text', req)
    .addColumn('depth', 'integer', req)
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', req)
    .addColumn('updated_at', 'varchar(32)', req)
    .execute();
  await db.schema
    .createIndex('folders_brand_parent')
    .on('folders')
    .columns(['brand_id', 'parent_id', 'name'])
    .execute();
  await db.schema.createIndex('folders_path').on('folders').column('path').execute();

  await id(db.schema.createTable('assets'), dialect)
    .addColumn('brand_id', 'integer', (c) => c.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('folder_id', 'integer', (c) => c.notNull().references('folders.id').onDelete('cascade'))
    .addColumn('name', 'varchar(255)', req)
    .addColumn('ext', 'varchar(20)', req)
    .addColumn('mime', 'varchar(255)', req)
    .addColumn('type', 'varchar(16)', req)
    .addColumn('size', 'bigint', req)
    .addColumn('sha256', 'varchar(64)', req)
    .addColumn('blob_key', 'varchar(255)', req)
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('duration_seconds', float)
    .addColumn('author', 'varchar(255)')
    .addColumn('description', 'text')
    .addColumn('keywords', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('categories', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('language', 'varchar(100)')
    .addColumn('visibility', 'varchar(16)', req)
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('ACTIVE'))
    .addColumn('name_locked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('taken_at', 'varchar(32)')
    .addColumn('camera', 'text')
    .addColumn('derivatives', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('derivative_rev', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('thumb_key', 'varchar(255)')
    .addColumn('preview_key', 'varchar(255)')
    .addColumn('current_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', req)
    .addColumn('updated_at', 'varchar(32)', req)
    .execute();
  await db.schema.createIndex('assets_brand_sha').on('assets').columns(['brand_id', 'sha256']).execute();
  await db.schema.createIndex('assets_folder_listing').on('assets').columns(['folder_id', 'status', 'name']).execute();

  await id(db.schema.createTable('asset_versions'), dialect)
    .addColumn('asset_id', 'integer', (c) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('number', 'integer', req)
    .addColumn('name', 'varchar(255)', req)
    .addColumn('ext', 'varchar(20)', req)
    .addColumn('mime', 'varchar(255)', req)
    .addColumn('size', 'bigint', req)
    .addColumn('sha256', 'varchar(64)', req)
    .addColumn('blob_key', 'varchar(255)', req)
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('thumb_key', 'varchar(255)')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', req)
    .addUniqueConstraint('asset_versions_number', ['asset_id', 'number'])
    .execute();
}
