import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The onboarding tour (issue 27): when the user completed it and when they stopped it, kept on the
 * user so it follows them from browser to browser; it starts by itself only while both are empty.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('users').addColumn('tour_completed_at', 'varchar(32)').execute();
  await db.schema.alterTable('users').addColumn('tour_dismissed_at', 'varchar(32)').execute();
}
