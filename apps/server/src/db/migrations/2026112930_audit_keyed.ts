import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The audit chain is keyed (HMAC with the app key) from `keyed_from` on: entries before it keep
 * their plain SHA-256 links. `keyed_mac` signs that boundary, so moving it needs the key too.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('audit_head').addColumn('keyed_from', 'bigint').execute();
  await db.schema.alterTable('audit_head').addColumn('keyed_mac', 'varchar(64)').execute();
}
