import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Share links of collections (§3). The token itself is never stored: `token_hash` is its HMAC
 * with the app key (the lookup), `token_enc` the token encrypted with a key derived from the app
 * key, so the owner can copy the link again. Views and downloads are counted on the row.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const table = db.schema.createTable('share_links');
  await (
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('collection_id', 'integer', (c) => c.notNull().references('collections.id').onDelete('cascade'))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('token_enc', 'text', (c) => c.notNull())
    .addColumn('audience', 'varchar(16)', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('allow_download', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('message', 'text')
    .addColumn('expires_at', 'varchar(32)')
    .addColumn('revoked_at', 'varchar(32)')
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('downloads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('share_links_collection').on('share_links').column('collection_id').execute();
  await db.schema.createIndex('share_links_owner').on('share_links').column('owner_id').execute();
  await db.schema
    .createTable('share_link_users')
    .addColumn('link_id', 'integer', (c) => c.notNull().references('share_links.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('share_link_users_pk', ['link_id', 'user_id'])
    .execute();
  await db.schema.createIndex('share_link_users_user').on('share_link_users').column('user_id').execute();
}
