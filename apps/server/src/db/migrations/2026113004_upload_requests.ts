import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Upload request links (issue 40 §4). As share links, the token is never stored: `token_hash` is
 * its HMAC with the app key (the lookup), `token_enc` the token sealed so the owner can copy the
 * link again. `upload_request_files` holds each file sent through a link from the moment its
 * upload is created (it counts against the budget while it arrives) to the asset it became, with
 * the name and e-mail its sender gave: the attribution.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = (t: any) =>
    dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());
  await id(db.schema.createTable('upload_requests'))
    .addColumn('brand_id', 'integer', (c: any) => c.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('folder_id', 'integer', (c: any) => c.notNull().references('folders.id').onDelete('cascade'))
    .addColumn('owner_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c: any) => c.notNull().unique())
    .addColumn('token_enc', 'text', (c: any) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('message', 'text')
    .addColumn('expires_at', 'varchar(32)', (c: any) => c.notNull())
    .addColumn('closed_at', 'varchar(32)')
    .addColumn('max_files', 'integer', (c: any) => c.notNull())
    .addColumn('max_bytes', 'bigint', (c: any) => c.notNull())
    .addColumn('allowed_types', 'text', (c: any) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'varchar(32)', (c: any) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('upload_requests_owner').on('upload_requests').column('owner_id').execute();
  await db.schema.createIndex('upload_requests_brand').on('upload_requests').column('brand_id').execute();
  await id(db.schema.createTable('upload_request_files'))
    .addColumn('request_id', 'integer', (c: any) => c.notNull().references('upload_requests.id').onDelete('cascade'))
    .addColumn('tus_id', 'varchar(100)', (c: any) => c.notNull().unique())
    .addColumn('state', 'varchar(16)', (c: any) => c.notNull())
    .addColumn('file_name', 'text', (c: any) => c.notNull())
    .addColumn('size', 'bigint', (c: any) => c.notNull())
    .addColumn('uploader_name', 'varchar(100)', (c: any) => c.notNull())
    .addColumn('uploader_email', 'varchar(255)', (c: any) => c.notNull())
    .addColumn('asset_id', 'integer', (c: any) => c.references('assets.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c: any) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c: any) => c.notNull())
    .execute();
  await db.schema
    .createIndex('upload_request_files_request')
    .on('upload_request_files')
    .columns(['request_id', 'state'])
    .execute();
  await db.schema.createIndex('upload_request_files_asset').on('upload_request_files').column('asset_id').execute();
}
