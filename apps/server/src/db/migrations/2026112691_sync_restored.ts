import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A sync run counts the files that came back (their removed asset made active again) apart from
 * the new ones: `sync_runs.n_restored`, and `restored` as a `sync_run_items.outcome` (it fits the
 * column's 8 characters). Earlier runs counted them as new and keep 0 here.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('sync_runs')
    .addColumn('n_restored', 'integer', (c: any) => c.notNull().defaultTo(0))
    .execute();
}
