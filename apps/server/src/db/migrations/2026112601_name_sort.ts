import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';
import { postgresNameKey, postgresSearchSync, sqliteNameKey, sqliteSearchTriggers } from './support/searchTriggers.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Sorting by name ignores case and accents: "Árbol" sorts among the a's, not after "zebra", and
 * "Zebra" beside "zebra". `asset_search.name_lc` (was `lower(name)`, compared byte by byte, so
 * every accented or non-ASCII capital letter sorted after z) becomes the name's sort key: the
 * name lower-cased with its accents folded by the search's own table (support/fold.ts), then
 * char(1), then the name itself. Names that fold alike sort by their own bytes, then by id; the
 * separator is below every character a name may hold (cleanFileName drops control characters),
 * so "ab" still sorts before "abc". Kept by the triggers that write the rest of the row; the
 * sort indexes are rebuilt on the new keys. Both databases compare the key byte by byte
 * (PostgreSQL: collation "C"; a linguistic collation would skip the separator). PostgreSQL also
 * lower-cases capitals outside the fold table (Greek, Cyrillic); SQLite's lower() does ASCII only.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const stmts = dialect === 'postgres' ? postgres() : sqlite();
  for (const stmt of stmts) await sql.raw(stmt).execute(db);
}

/**
 * The indexes that hold name_lc, as 2026112401 and 2026112407 left them: name, key columns and
 * covered columns (PostgreSQL: INCLUDE; its filter indexes also cover asset_id, which SQLite's
 * hold as the rowid, and its extension index has no name).
 */
function nameIndexes(pg: boolean): [name: string, create: string][] {
  const id = pg ? ['asset_id'] : [];
  const wide = (keys: string, covered: string[]) =>
    pg ? `(${keys}) include (${covered.join(', ')})` : `(${keys}, ${covered.join(', ')})`;
  // In the order earlier migrations created them (2026112401's, then 2026112407's): on a small
  // table two index walks can cost the same, and the planner then keeps the older index.
  const list: [string, string, string[]][] = [
    [
      'asset_search_brand_type',
      'brand_id, active, type, name_lc, asset_id, hidden',
      ['author', 'language', 'ext', 'folder_path', 'sort_date', 'categories'],
    ],
    [
      'asset_search_brand_author',
      'brand_id, active, author, language, type, ext, hidden',
      ['folder_path', 'sort_date', 'name_lc', 'categories', ...id],
    ],
    [
      'asset_search_brand_language',
      'brand_id, active, language, type, ext, hidden',
      ['author', 'folder_path', 'sort_date', 'name_lc', 'categories', ...id],
    ],
  ];
  if (!pg)
    list.push([
      'asset_search_brand_ext',
      'brand_id, active, ext, type, hidden',
      ['folder_path', 'author', 'language', 'sort_date', 'name_lc', 'categories'],
    ]);
  list.push(
    [
      'asset_search_brand_name_path',
      'brand_id, active, name_lc, asset_id, hidden, folder_path',
      ['type', 'ext', 'author', 'language', 'sort_date'],
    ],
    [
      'asset_search_folder_name',
      'folder_id, active, name_lc, asset_id, hidden',
      ['type', 'ext', 'author', 'language', 'sort_date'],
    ],
  );
  return list.map(([name, keys, covered]): [string, string] => [
    name,
    `create index ${name} on asset_search ${wide(keys, covered)}`,
  ]);
}

function sqlite(): string[] {
  return [
    'drop trigger assets_search_ai',
    'drop trigger assets_search_au',
    // The search row with the new key.
    ...sqliteSearchTriggers({ copied: [] }),
    // The indexes are built once over the new keys rather than updated row by row. The update
    // bumps each row's brand generation (asset_search_generation_au): kept answers go.
    ...nameIndexes(false).map(([name]) => `drop index ${name}`),
    `update asset_search set name_lc = (select ${sqliteNameKey('a')} from assets a where a.id = asset_search.asset_id)`,
    ...nameIndexes(false).map(([, create]) => create),
    'analyze asset_search',
  ];
}

function postgres(): string[] {
  return [
    // 2026112208's function with the new key.
    postgresSearchSync({ copied: [] }),
    // The indexes are built once over the new keys rather than updated row by row.
    ...nameIndexes(true).map(([name]) => `drop index ${name}`),
    // Byte order, as SQLite's; up to 255 bytes of name twice (varchar(255) would refuse a key).
    'alter table asset_search alter column name_lc type text collate "C"',
    // The triggers on asset_search follow no column this changes (counts, category and word
    // rows): they are held off for the one rewrite of every row, and the brands' generations
    // are bumped here instead, so kept answers go.
    'alter table asset_search disable trigger user',
    'update asset_search s set name_lc = ' + postgresNameKey('a') + ' from assets a where a.id = s.asset_id',
    'alter table asset_search enable trigger user',
    'update search_generations set n = n + 1',
    ...nameIndexes(true).map(([, create]) => create),
    'analyze asset_search',
  ];
}
