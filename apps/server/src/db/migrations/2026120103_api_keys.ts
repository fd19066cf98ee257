import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

const id = (dialect: Dialect, table: any) =>
  dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c: any) => c.primaryKey())
    : table.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());

/**
 * API keys (issue 41 §3): a person's keys for scripts, stored as the SHA-256 of the secret plus
 * its last 4 characters (the secret itself is shown once and kept nowhere). `scopes_json` is the
 * list of permission names the key may use, within its owner's current ones.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await id(dialect, db.schema.createTable('api_keys'))
    .addColumn('user_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(80)', (c: any) => c.notNull())
    .addColumn('key_hash', 'varchar(64)', (c: any) => c.notNull().unique())
    .addColumn('last4', 'varchar(4)', (c: any) => c.notNull())
    .addColumn('scopes_json', 'text', (c: any) => c.notNull())
    .addColumn('expires_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c: any) => c.notNull())
    .addColumn('last_used_at', 'varchar(32)')
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('api_keys_user').on('api_keys').columns(['user_id', 'created_at']).execute();
}
