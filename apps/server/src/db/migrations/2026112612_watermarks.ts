import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Watermarks (issue 25 §4): a brand's watermark and its rules, the two options of a share link,
 * and the trace identifiers handed out in downloaded files (an opaque code naming the link or
 * user, the asset and the time; the recipient's e-mail is never written into a file).
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('brand_watermarks')
    .addColumn('brand_id', 'integer', (c) => c.primaryKey().references('brands.id').onDelete('cascade'))
    .addColumn('image_key', 'text')
    .addColumn('position', 'varchar(16)', (c) => c.notNull().defaultTo('center'))
    .addColumn('opacity', 'integer', (c) => c.notNull().defaultTo(40))
    .addColumn('scale', 'integer', (c) => c.notNull().defaultTo(30))
    .addColumn('apply_to_guests', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('traceable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('share_links')
    .addColumn('watermark', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('share_links')
    .addColumn('traceable', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const table = db.schema.createTable('download_traces');
  await (
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('link_id', 'integer', (c) => c.references('share_links.id').onDelete('set null'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('asset_id', 'integer', (c) => c.references('assets.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}
