import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Jobs a person follows (a zip, a PDF sheet, a template run): who started it, how far it got and
 * what it produced. `last_error` (already there) is the short text shown to that person when it
 * failed. Progress counts may be bytes, so 64-bit.
 *
 * `job_schedules`: recurring work that is data rather than code (one NAS sync per source), each
 * row with its own interval; the worker enqueues a row's job when `next_run_at` has come.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // SQLite adds one column per statement.
  await db.schema
    .alterTable('jobs')
    .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .execute();
  await db.schema.alterTable('jobs').addColumn('progress_done', 'bigint').execute();
  await db.schema.alterTable('jobs').addColumn('progress_of', 'bigint').execute();
  await db.schema.alterTable('jobs').addColumn('result', 'text').execute();
  // "My jobs" reads `owner_id = ? order by id desc`; most jobs have no owner and stay out of it.
  await db.schema
    .createIndex('jobs_owner_id')
    .on('jobs')
    .columns(['owner_id', 'id'])
    .where(sql.ref('owner_id'), 'is not', null)
    .execute();

  const table = db.schema.createTable('job_schedules');
  await (
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    // Chosen by the owner of the schedule ("nas.sync:12"), so it can replace or remove it.
    .addColumn('key', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('every_seconds', 'integer', (c) => c.notNull())
    .addColumn('next_run_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    // The job of the latest run: a run is skipped while that one is still queued or running.
    .addColumn('last_job_id', 'bigint')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('job_schedules_due')
    .on('job_schedules')
    .column('next_run_at')
    .where(sql.ref('enabled'), '=', 1)
    .execute();
}
