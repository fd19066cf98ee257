import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * When each user last signed in (issue 26: a column the users table needs), kept on the user so
 * the list reads it with the row; filled from the audit log's sign-ins for existing databases.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('users').addColumn('last_login_at', 'varchar(32)').execute();
  await sql`update users set last_login_at = (
    select max(a.created_at) from audit_log a where a.event = 'auth.login' and a.user_id = users.id
  )`.execute(db);
}
