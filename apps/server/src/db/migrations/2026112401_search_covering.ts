import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from '../index.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A filtered search (type, extension, author or language, with or without a subfolder or dates)
 * counts its matches from the filter's index, then groups the facets and takes the page from the
 * same rows. Those rows were table reads, one page each at random: 8,008 of them for "image by
 * one author in one visual language" at a million assets, most of that search's 41 ms on SQLite
 * and 38 ms on PostgreSQL. The filter indexes now also hold every column a count, the facets and
 * a page read (folder path, date, name, categories), so such a search stays inside one index
 * range (with the facet statements of search.repo: 14 and 11 ms).
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const pg = dialect === 'postgres';
  const wide = (keys: string, covered: string[]) =>
    pg ? `(${keys}) include (${covered.join(', ')})` : `(${keys}, ${covered.join(', ')})`;
  // SQLite indexes hold the rowid (asset_id) already; PostgreSQL's need it for a page's ids.
  const id = pg ? ['asset_id'] : [];
  const indexes: [string, string, string[]][] = [
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
  // PostgreSQL keeps its extension index as it is: its keys repeat (one per folder, type and
  // extension), so btree deduplication holds it in ~10 MB, and it is the scope side of a word
  // search's bitmap AND; with covered columns it cannot deduplicate (206 MB at a million assets,
  // 17 times the pages read for that AND).
  if (!pg)
    indexes.push([
      'asset_search_brand_ext',
      'brand_id, active, ext, type, hidden',
      ['folder_path', 'author', 'language', 'sort_date', 'name_lc', 'categories'],
    ]);
  // The sort indexes also hold the type and extension: a page walked along one (a common word's
  // first pages, sorted by name or date) then checks them without reading the row.
  for (const [name, keys] of [
    ['asset_search_brand_name_path', 'brand_id, active, name_lc, asset_id, hidden, folder_path'],
    ['asset_search_brand_date_path', 'brand_id, active, sort_date, asset_id, hidden, folder_path'],
    ['asset_search_folder_name', 'folder_id, active, name_lc, asset_id, hidden'],
    ['asset_search_folder_date', 'folder_id, active, sort_date, asset_id, hidden'],
  ] as const)
    indexes.push([name, keys, ['type', 'ext']]);
  const stmts: string[] = [];
  for (const [name, keys, covered] of indexes)
    stmts.push(`drop index ${name}`, `create index ${name} on asset_search ${wide(keys, covered)}`);
  stmts.push('analyze asset_search');
  for (const stmt of stmts) await sql.raw(stmt).execute(db);
}
