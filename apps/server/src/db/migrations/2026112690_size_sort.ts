import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';
import { postgresSearchSync, sqliteSearchTriggers } from './support/searchTriggers.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Sorting search results by file size (issue 27 §3): `asset_search.size` is the asset's size in
 * bytes, kept by the triggers that write the rest of the row (a new version changes it), with a
 * sort index per brand and per folder that, like the date ones, holds the id, `hidden`, the path
 * (brand) and every filter but categories, so a walk never reads the table.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const stmts = dialect === 'postgres' ? postgres() : sqlite();
  for (const stmt of stmts) await sql.raw(stmt).execute(db);
}

function sizeIndexes(pg: boolean): string[] {
  const wide = (keys: string, covered: string) => (pg ? `(${keys}) include (${covered})` : `(${keys}, ${covered})`);
  return [
    `create index asset_search_brand_size on asset_search ${wide(
      'brand_id, active, size, asset_id, hidden, folder_path',
      'type, ext, author, language, sort_date',
    )}`,
    `create index asset_search_folder_size on asset_search ${wide(
      'folder_id, active, size, asset_id, hidden',
      'type, ext, author, language, sort_date',
    )}`,
  ];
}

function sqlite(): string[] {
  return [
    'alter table asset_search add column size integer not null default 0',
    'drop trigger assets_search_ai',
    'drop trigger assets_search_au',
    // 2026112601's triggers with the size.
    ...sqliteSearchTriggers({ copied: ['size'] }),
    // Filled before the indexes are built. The update bumps each row's brand generation
    // (asset_search_generation_au): kept answers go.
    'update asset_search set size = (select a.size from assets a where a.id = asset_search.asset_id)',
    ...sizeIndexes(false),
    'analyze asset_search',
  ];
}

function postgres(): string[] {
  return [
    'alter table asset_search add column size bigint not null default 0',
    // 2026112601's function with the size.
    postgresSearchSync({ copied: ['size'] }),
    // The triggers on asset_search follow no column this changes (counts, category and word
    // rows): they are held off for the one rewrite of every row, and the brands' generations
    // are bumped here instead, so kept answers go.
    'alter table asset_search disable trigger user',
    'update asset_search s set size = a.size from assets a where a.id = s.asset_id',
    'alter table asset_search enable trigger user',
    'update search_generations set n = n + 1',
    ...sizeIndexes(true),
    'analyze asset_search',
  ];
}
