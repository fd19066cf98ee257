import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Public links to a brand's guidelines (issue 45): anyone holding one reads the published pages
 * without signing in, until it expires or is revoked. Like collection share links, the token is
 * kept only as its keyed hash (lookup) and sealed with the app key (shown again to managers), the
 * password only as its hash.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const table = db.schema.createTable('guideline_links');
  await (
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : table.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement())
  )
    .addColumn('brand_id', 'integer', (c: any) => c.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('owner_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c: any) => c.notNull().unique())
    .addColumn('token_enc', 'text', (c: any) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('allow_download', 'integer', (c: any) => c.notNull().defaultTo(1))
    .addColumn('expires_at', 'varchar(32)')
    .addColumn('revoked_at', 'varchar(32)')
    .addColumn('views', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c: any) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('guideline_links_brand').on('guideline_links').column('brand_id').execute();
}
