import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * NAS sync (issue 29). `sync_sources`: a directory under SYNC_ROOTS mirrored into a brand's
 * folder, its schedule (a `job_schedules` row keyed `nas.sync:<id>`), patterns (JSON arrays) and
 * rules. `sync_runs`: one scan of a source; at most one queued or running per source (a partial
 * unique index, so two workers or two clicks cannot start a second). `sync_run_items`: a run's
 * report, one row per path that was not unchanged. `sync_entries`: what the last runs saw at each
 * path (size, mtime, hash, asset), so a run with nothing changed hashes nothing; `failed_*` holds
 * the size and mtime of a file that failed, so it is reported once and not retried until it
 * changes; `missing_since` marks a file gone (its asset is restored when it comes back).
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = (t: any) =>
    dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable('sync_sources'))
    .addColumn('name', 'varchar(255)', (c: any) => c.notNull())
    .addColumn('path', 'varchar(1024)', (c: any) => c.notNull())
    .addColumn('brand_id', 'integer', (c: any) => c.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('folder_id', 'integer', (c: any) => c.notNull().references('folders.id').onDelete('cascade'))
    .addColumn('schedule', 'varchar(8)', (c: any) => c.notNull())
    .addColumn('daily_at', 'varchar(5)')
    .addColumn('include', 'text', (c: any) => c.notNull())
    .addColumn('exclude', 'text', (c: any) => c.notNull())
    .addColumn('on_missing', 'varchar(8)', (c: any) => c.notNull())
    .addColumn('email_report', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('watch', 'integer', (c: any) => c.notNull().defaultTo(1))
    .addColumn('enabled', 'integer', (c: any) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c: any) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('sync_sources_brand').on('sync_sources').columns(['brand_id', 'id']).execute();

  await id(db.schema.createTable('sync_runs'))
    .addColumn('source_id', 'integer', (c: any) => c.notNull().references('sync_sources.id').onDelete('cascade'))
    .addColumn('status', 'varchar(8)', (c: any) => c.notNull())
    .addColumn('trigger', 'varchar(8)', (c: any) => c.notNull())
    .addColumn('job_id', 'integer')
    .addColumn('started_by', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    .addColumn('n_seen', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('n_new', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('n_updated', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('n_moved', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('n_removed', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('n_skipped', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('n_failed', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('n_unchanged', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('nothing_changed', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('queued_at', 'varchar(32)', (c: any) => c.notNull())
    .addColumn('started_at', 'varchar(32)')
    .addColumn('finished_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('sync_runs_source').on('sync_runs').columns(['source_id', 'id']).execute();
  await sql`create unique index sync_runs_active on sync_runs (source_id) where status in ('queued', 'running')`.execute(
    db,
  );

  await id(db.schema.createTable('sync_run_items'))
    .addColumn('run_id', 'integer', (c: any) => c.notNull().references('sync_runs.id').onDelete('cascade'))
    .addColumn('path', 'varchar(1024)', (c: any) => c.notNull())
    .addColumn('outcome', 'varchar(8)', (c: any) => c.notNull())
    .addColumn('reason', 'varchar(16)')
    .addColumn('from_path', 'varchar(1024)')
    .addColumn('asset_id', 'integer', (c: any) => c.references('assets.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('sync_run_items_run').on('sync_run_items').columns(['run_id', 'outcome', 'id']).execute();

  await db.schema
    .createTable('sync_entries')
    .addColumn('source_id', 'integer', (c) => c.notNull().references('sync_sources.id').onDelete('cascade'))
    .addColumn('rel_path', 'varchar(1024)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('mtime_ms', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)')
    .addColumn('asset_id', 'integer', (c) => c.references('assets.id').onDelete('set null'))
    .addColumn('failed_size', 'bigint')
    .addColumn('failed_mtime_ms', 'bigint')
    .addColumn('missing_since', 'varchar(32)')
    .addPrimaryKeyConstraint('sync_entries_pk', ['source_id', 'rel_path'])
    .execute();
  await db.schema.createIndex('sync_entries_sha').on('sync_entries').columns(['source_id', 'sha256']).execute();
  await db.schema.createIndex('sync_entries_asset').on('sync_entries').columns(['asset_id']).execute();
}
