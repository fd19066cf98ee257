import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Profile photos (issue 26): a user's photo stored as two square WebP pictures (the photo and its
 * avatar thumbnail), and the uploads waiting to be framed and set. `users.photo_uri` stays for
 * addresses that come from the external provider. An upload nobody sets is removed after a day.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('users').addColumn('photo_key', 'varchar(255)').execute();
  await db.schema.alterTable('users').addColumn('photo_thumb_key', 'varchar(255)').execute();
  const table = db.schema.createTable('user_photo_uploads');
  await (
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('original_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // The sweep of uploads never set reads them by age.
  await db.schema.createIndex('user_photo_uploads_created_at').on('user_photo_uploads').column('created_at').execute();
  await db.schema.createIndex('user_photo_uploads_user_id').on('user_photo_uploads').column('user_id').execute();
}
