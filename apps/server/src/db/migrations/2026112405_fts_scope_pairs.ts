import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from '../index.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * SQLite: a word search in a subfolder with types and extensions ("hero" in a section's images and
 * videos) ANDed the word with the folder's token and an OR of the type-and-extension tokens, each
 * held by 100,000s of rows: FTS5 merged all of them to find the first 10,001 matches (14 ms at a
 * million assets). A row now also holds, for each folder above it, a token of that folder with
 * its type and extension, so the scope is one OR of lists that together hold only the rows in
 * scope (71,000 there), and the word is sought within them: 5 ms. About 4 more tokens a row.
 * The triggers and the rebuild are 2026112402's with the new tokens.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  const mark = 'char(57344)';
  // Folder ids of a path '/1/3/17/' as '1/3/17'.
  const ids = (s: string) => `substr(${s}.folder_path, 2, length(${s}.folder_path) - 2)`;
  const pair = (s: string) => `'c' || ${s}.type || 'x' || ${s}.ext`;
  const scope = (s: string) =>
    `${mark} || 'f' || replace(${ids(s)}, '/', ' ' || ${mark} || 'f')
     || ' ' || ${mark} || 't' || ${s}.type || ' ' || ${mark} || 'x' || ${s}.ext
     || ' ' || ${mark} || ${pair(s)}
     || ' ' || ${mark} || 'f' || replace(${ids(s)}, '/', ${pair(s)} || ' ' || ${mark} || 'f') || ${pair(s)}
     || case when ${s}.hidden = 1 then ' ' || ${mark} || 'hidden' else '' end`;
  const ftsRows = (
    s: string,
    from: string,
  ) => `insert into assets_fts (rowid, name, description, keywords, categories, scope)
     select a.id, a.name, coalesce(a.description, ''), a.keywords, a.categories, ${scope(s)} from ${from}
       and ${s}.active = 1`;
  const changed = ['folder_path', 'type', 'ext', 'active', 'hidden'];
  for (const stmt of [
    'drop trigger asset_search_fts_ai',
    'drop trigger asset_search_fts_au',
    'drop trigger assets_fts_au',
    'drop table assets_fts',
    `create virtual table assets_fts using fts5(
       name, description, keywords, categories, scope,
       content = '', contentless_delete = 1, detail = none,
       tokenize = 'unicode61 remove_diacritics 2',
       prefix = '2 3 4 5 6 7 8'
     )`,
    `create trigger asset_search_fts_ai after insert on asset_search begin
       ${ftsRows('new', 'assets a where a.id = new.asset_id')}; end`,
    `create trigger asset_search_fts_au after update of ${changed.join(', ')} on asset_search
     when ${changed.map((c) => `old.${c} is not new.${c}`).join(' or ')} begin
       delete from assets_fts where rowid = old.asset_id;
       ${ftsRows('new', 'assets a where a.id = new.asset_id')}; end`,
    `create trigger assets_fts_au after update of description, keywords on assets begin
       delete from assets_fts where rowid = old.id;
       ${ftsRows('s', 'assets a join asset_search s on s.asset_id = a.id where a.id = new.id')}; end`,
    ftsRows('s', 'assets a join asset_search s on s.asset_id = a.id where true'),
    `insert into assets_fts (assets_fts) values ('optimize')`,
  ])
    await sql.raw(stmt).execute(db);
}
