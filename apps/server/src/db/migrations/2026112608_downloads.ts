import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Zips and PDFs built for a user (§1 downloads): what was asked (`request`, JSON of asset and
 * folder ids), the job building it, and once ready its blob until `expires_at` and `contents`, the
 * ids of the assets it holds (counted as downloaded when it is fetched). `job_id` has no
 * foreign key: finished jobs are purged long before their downloads.
 *
 * A notification may be about a ready download (`notifications.download_id`).
 *
 * `download_counts`: downloads per asset, day, kind (original, zip, pdf, crop) and share link
 * (`link_id` 0 for none, so the key stays a plain primary key on both databases).
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const table = db.schema.createTable('downloads');
  await (
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : table.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement())
  )
    .addColumn('user_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('brand_id', 'integer', (c: any) => c.references('brands.id').onDelete('set null'))
    .addColumn('format', 'varchar(8)', (c: any) => c.notNull())
    .addColumn('layout', 'varchar(8)', (c: any) => c.notNull())
    .addColumn('name', 'varchar(255)', (c: any) => c.notNull())
    .addColumn('state', 'varchar(16)', (c: any) => c.notNull())
    .addColumn('request', 'text', (c: any) => c.notNull())
    .addColumn('lang', 'varchar(8)', (c: any) => c.notNull())
    .addColumn('job_id', 'integer')
    .addColumn('blob_key', 'varchar(512)')
    .addColumn('contents', 'text')
    .addColumn('files', 'integer')
    .addColumn('skipped', 'integer')
    .addColumn('size', 'bigint')
    .addColumn('error', 'text')
    .addColumn('created_at', 'varchar(32)', (c: any) => c.notNull())
    .addColumn('ready_at', 'varchar(32)')
    .addColumn('expires_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('downloads_user').on('downloads').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('downloads_expiry').on('downloads').columns(['state', 'expires_at']).execute();

  await db.schema
    .createTable('download_counts')
    .addColumn('asset_id', 'integer', (c) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('brand_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('link_id', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('download_counts_pk', ['asset_id', 'day', 'kind', 'link_id'])
    .execute();
  await db.schema
    .alterTable('notifications')
    .addColumn('download_id', 'integer', (c) => c.references('downloads.id').onDelete('cascade'))
    .execute();

  await db.schema.createIndex('download_counts_brand').on('download_counts').columns(['brand_id', 'day']).execute();
}
