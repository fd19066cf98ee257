import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Two-factor sign-in codes (issue 41 §2). Each user's TOTP secret is sealed with the app key
 * (`user_two_factor`, with the last accepted time step so a code is never accepted twice); the
 * recovery codes are hashes, each spent once; a role may require two-factor of its holders.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('user_two_factor')
    .addColumn('user_id', 'integer', (c: any) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret_enc', 'text', (c: any) => c.notNull())
    .addColumn('enabled_at', 'varchar(32)')
    .addColumn('last_step', 'integer')
    .addColumn('created_at', 'varchar(32)', (c: any) => c.notNull())
    .execute();

  const table = db.schema.createTable('two_factor_recovery_codes');
  await (
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : table.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement())
  )
    .addColumn('user_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c: any) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c: any) => c.notNull())
    .execute();
  await db.schema
    .createIndex('two_factor_recovery_codes_user')
    .on('two_factor_recovery_codes')
    .columns(['user_id', 'code_hash'])
    .execute();

  await db.schema
    .alterTable('roles')
    .addColumn('requires_two_factor', 'integer', (c: any) => c.notNull().defaultTo(0))
    .execute();
}
