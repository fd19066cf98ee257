import type { Kysely } from 'kysely';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Failed sign-ins per e-mail address, from any source address: the progressive slow-down and
 * the temporary lock. Keyed by the address as typed (lower-cased), known account or not, so an
 * unknown address is slowed and locked exactly like a real one and answers tell nothing apart.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_throttles')
    .addColumn('email', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    // Epoch milliseconds, as rate_limits keeps them.
    .addColumn('last_at', 'bigint', (c) => c.notNull())
    .addColumn('next_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint')
    .execute();
}
