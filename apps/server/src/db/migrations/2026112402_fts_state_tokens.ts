import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from '../index.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * SQLite: only searchable assets have a full-text row (a removed asset, or one in a removed
 * folder, has none), and a row says when guests may not see it (`hidden`: PRIVATE, or under a
 * PRIVATE folder). With the scope tokens of 2026112214, FTS5 alone then finds exactly the rows a
 * word search in the brand or a subfolder matches, with type, extension and privacy: counting
 * the first 10,001 needs no search row at all, where each was a table read (~1.2 µs a row), and
 * only the rows whose facets are counted are read. (A token for removed rows, left out with NOT,
 * cost a word search 5 of its 19 ms.)
 *
 * The index is rebuilt without positions (`detail=none`): searches match words, prefixes and
 * tokens, never phrases or columns, so the positions were never read, and they were four fifths
 * of it (612 MB to 119 MB at a million assets; a library of that size then nearly fits the 2 GB
 * SQLite maps). The triggers are 2026112214's with the token and the condition; the update
 * trigger also follows `active` and `hidden`.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  const mark = 'char(57344)';
  // 2026112214's scope tokens of asset_search row `s`, then the state tokens.
  const scope = (s: string) =>
    `${mark} || 'f' || replace(substr(${s}.folder_path, 2, length(${s}.folder_path) - 2), '/', ' ' || ${mark} || 'f')
     || ' ' || ${mark} || 't' || ${s}.type || ' ' || ${mark} || 'x' || ${s}.ext
     || ' ' || ${mark} || 'c' || ${s}.type || 'x' || ${s}.ext
     || case when ${s}.hidden = 1 then ' ' || ${mark} || 'hidden' else '' end`;
  // The full-text rows of the searchable assets `a` in `from`, with their search rows `s`.
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
