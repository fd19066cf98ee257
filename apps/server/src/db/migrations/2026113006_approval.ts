import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Approval of uploads (issue 40 §3). A brand names the roles whose uploads wait for review
 * (`brand_approval_roles`, none by default); each review step of an asset (submitted, approved,
 * rejected with the reason) is a row of `asset_reviews`, the history the asset page shows. The
 * review queue and each uploader's own list read the assets in review through partial indexes,
 * which stay small because nearly every asset is approved.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('brand_approval_roles')
    .addColumn('brand_id', 'integer', (c: any) => c.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c: any) => c.notNull().references('roles.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('brand_approval_roles_pk', ['brand_id', 'role_id'])
    .execute();

  const table = db.schema.createTable('asset_reviews');
  await (
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : table.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement())
  )
    .addColumn('asset_id', 'integer', (c: any) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('state', 'varchar(16)', (c: any) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('version', 'integer')
    .addColumn('actor_id', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('asset_reviews_asset').on('asset_reviews').columns(['asset_id', 'id']).execute();

  await sql
    .raw(
      `create index assets_in_review on assets (brand_id, review_state, created_at, id) where review_state <> 'approved'`,
    )
    .execute(db);
  await sql
    .raw(`create index assets_review_uploader on assets (created_by, created_at, id) where review_state <> 'approved'`)
    .execute(db);
}
