import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';
import { grantPermission } from './support/permissions.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

const id = (dialect: Dialect, table: any) =>
  dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c: any) => c.primaryKey())
    : table.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());

/**
 * Brand guidelines (issue 45): a brand's chapters and pages in a tree, ordered by `position`
 * among siblings, each with its draft (title, cover, blocks as JSON, an optional Spanish title and blocks)
 * and its published versions; `guideline_assets` lists the assets each page's published version
 * shows. Grants `guidelines.manage` to the admin and manager roles.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await id(dialect, db.schema.createTable('guideline_pages'))
    .addColumn('brand_id', 'integer', (c: any) => c.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer', (c: any) => c.references('guideline_pages.id'))
    .addColumn('kind', 'varchar(16)', (c: any) => c.notNull())
    .addColumn('position', 'integer', (c: any) => c.notNull())
    .addColumn('title', 'varchar(120)', (c: any) => c.notNull())
    .addColumn('title_es', 'varchar(120)')
    .addColumn('cover_asset_id', 'integer', (c: any) => c.references('assets.id').onDelete('set null'))
    .addColumn('blocks_json', 'text', (c: any) => c.notNull())
    .addColumn('es_json', 'text')
    .addColumn('published_version', 'integer')
    .addColumn('unpublished_changes', 'integer', (c: any) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c: any) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c: any) => c.notNull())
    .execute();
  await db.schema
    .createIndex('guideline_pages_tree')
    .on('guideline_pages')
    .columns(['brand_id', 'parent_id', 'position'])
    .execute();
  await db.schema.createIndex('guideline_pages_parent').on('guideline_pages').column('parent_id').execute();

  await id(dialect, db.schema.createTable('guideline_versions'))
    .addColumn('page_id', 'integer', (c: any) => c.notNull().references('guideline_pages.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c: any) => c.notNull())
    .addColumn('title', 'varchar(120)', (c: any) => c.notNull())
    .addColumn('title_es', 'varchar(120)')
    .addColumn('cover_asset_id', 'integer')
    .addColumn('blocks_json', 'text', (c: any) => c.notNull())
    .addColumn('es_json', 'text')
    .addColumn('published_by', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    .addColumn('published_at', 'varchar(32)', (c: any) => c.notNull())
    .execute();
  await db.schema
    .createIndex('guideline_versions_number')
    .on('guideline_versions')
    .unique()
    .columns(['page_id', 'number'])
    .execute();

  await db.schema
    .createTable('guideline_assets')
    .addColumn('page_id', 'integer', (c: any) => c.notNull().references('guideline_pages.id').onDelete('cascade'))
    .addColumn('asset_id', 'integer', (c: any) => c.notNull().references('assets.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('guideline_assets_pk', ['page_id', 'asset_id'])
    .execute();
  await db.schema.createIndex('guideline_assets_asset').on('guideline_assets').column('asset_id').execute();

  await grant(db);
}

async function grant(db: Kysely<any>): Promise<void> {
  const roles = await db.selectFrom('roles').select('id').where('name', 'in', ['admin', 'manager']).execute();
  await grantPermission(
    db,
    'guidelines.manage',
    roles.map((r: { id: number }) => r.id),
  );
}
