import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Expiry notices (issue 40 §2): owners and the brand's rights managers hear of an asset 30, 7
 * and 1 days before the end of its rights and once it has expired. A row per asset, threshold
 * (30, 7, 1; 0 for "expired") and end date, so each is sent once; a new end (a licence renewed)
 * starts the count again. A notification kind that is not a comment's carries its date in
 * `detail`.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('expiry_notices')
    .addColumn('asset_id', 'integer', (c: any) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('threshold', 'integer', (c: any) => c.notNull())
    .addColumn('until', 'varchar(10)', (c: any) => c.notNull())
    .addColumn('sent_at', 'varchar(32)', (c: any) => c.notNull())
    .addPrimaryKeyConstraint('expiry_notices_pk', ['asset_id', 'threshold', 'until'])
    .execute();
  await db.schema.alterTable('notifications').addColumn('detail', 'varchar(64)').execute();
}
