import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../index.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */
const req = (c: ColumnDefinitionBuilder) => c.notNull();

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const table = db.schema.createTable('jobs');
  // A queue churns through ids for years: 64-bit on PostgreSQL (SQLite integers already are).
  await (
    dialect === 'postgres'
      ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('name', 'varchar(100)', req)
    .addColumn('payload', 'text', req)
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', req)
    .addColumn('run_at', 'varchar(32)', req)
    .addColumn('locked_by', 'varchar(100)')
    .addColumn('locked_until', 'varchar(32)')
    .addColumn('last_error', 'text')
    // Unique but nullable: both dialects let any number of rows have no key.
    .addColumn('dedupe_key', 'varchar(255)', (c) => c.unique())
    .addColumn('created_at', 'varchar(32)', req)
    .addColumn('updated_at', 'varchar(32)', req)
    .addColumn('finished_at', 'varchar(32)')
    .execute();
  // Claims read `status = 'queued' and run_at <= now order by run_at, id`; the lease reaper reads
  // `status = 'running' and locked_until <= now` (few rows); clean-up reads by status.
  await db.schema.createIndex('jobs_status_run_at').on('jobs').columns(['status', 'run_at', 'id']).execute();
}
