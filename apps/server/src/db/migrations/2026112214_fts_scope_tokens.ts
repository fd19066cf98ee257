import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from '../index.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * SQLite: each asset's full-text row also holds scope tokens: one per folder on its path, its type,
 * its extension and the pair of both. A word search in a subfolder with type and extension filters
 * then intersects those lists inside FTS5 instead of reading the search row of every document that
 * holds the word: "hero" in a large section, images and videos, jpg and mp4, checked ~140,000 rows
 * to count its first 10,001 matches (60 ms at a million assets); FTS5 finds them in ~23 ms.
 *
 * The tokens start with U+E000 (private use): FTS5 keeps it inside a token, and query words are
 * only letters and digits, so no typed word or prefix can reach them. The SQL conditions stay in
 * every query, so the tokens only narrow what FTS5 returns; they must never be stale, hence the
 * triggers on asset_search, which already follows every change of folder, type and extension.
 *
 * The table becomes contentless (its rows are written by these triggers, and deletes need no old
 * values), so it no longer reads the `assets` table to rebuild or delete.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  // The scope of an asset_search row `s`: '/1/3/17/' -> f1 f3 f17, then t<type> x<ext> c<type>x<ext>.
  const mark = 'char(57344)';
  const scope = (s: string) =>
    `${mark} || 'f' || replace(substr(${s}.folder_path, 2, length(${s}.folder_path) - 2), '/', ' ' || ${mark} || 'f')
     || ' ' || ${mark} || 't' || ${s}.type || ' ' || ${mark} || 'x' || ${s}.ext
     || ' ' || ${mark} || 'c' || ${s}.type || 'x' || ${s}.ext`;
  // The full-text row of each asset `a` in `from`, with the scope of its search row `s`.
  const ftsRows = (
    s: string,
    from: string,
  ) => `insert into assets_fts (rowid, name, description, keywords, categories, scope)
     select a.id, a.name, coalesce(a.description, ''), a.keywords, a.categories, ${scope(s)} from ${from}`;
  // What 2026112204 inserted into asset_search for a new asset (copied: a migration is a snapshot).
  const searchInsert = `insert into asset_search (asset_id, brand_id, folder_id, folder_path, active, hidden, type, ext,
       author, language, categories, sort_date, name_lc)
     select new.id, new.brand_id, new.folder_id, f.path,
       case when new.status = 'ACTIVE' and f.status = 'ACTIVE' then 1 else 0 end,
       case when new.visibility = 'PRIVATE' or f.private_path = 1 then 1 else 0 end,
       new.type, lower(new.ext), new.author, new.language, new.categories, new.created_at, lower(new.name)
     from folders f where f.id = new.folder_id;`;
  for (const stmt of [
    'drop trigger assets_search_ai',
    'drop trigger assets_fts_au',
    'drop trigger assets_fts_ad',
    'drop table assets_fts',
    `create virtual table assets_fts using fts5(
       name, description, keywords, categories, scope,
       content = '', contentless_delete = 1,
       tokenize = 'unicode61 remove_diacritics 2',
       prefix = '2 3 4 5 6 7 8'
     )`,
    `create trigger assets_search_ai after insert on assets begin ${searchInsert} end`,
    // asset_search rows are deleted and inserted again when an asset's own columns change, and
    // updated in place when its folder moves or changes.
    `create trigger asset_search_fts_ai after insert on asset_search begin
       ${ftsRows('new', 'assets a where a.id = new.asset_id')}; end`,
    // A folder's privacy or status change rewrites its rows' folder_path unchanged: no new tokens.
    `create trigger asset_search_fts_au after update of folder_path, type, ext on asset_search
     when old.folder_path is not new.folder_path or old.type is not new.type or old.ext is not new.ext begin
       delete from assets_fts where rowid = old.asset_id;
       ${ftsRows('new', 'assets a where a.id = new.asset_id')}; end`,
    `create trigger asset_search_fts_ad after delete on asset_search begin
       delete from assets_fts where rowid = old.asset_id; end`,
    // Description and keywords are not in asset_search; a change of name or categories rewrites
    // the search row, and the row above with it. A deleted asset's search row goes by the
    // foreign-key cascade, which fires asset_search_fts_ad.
    `create trigger assets_fts_au after update of description, keywords on assets begin
       delete from assets_fts where rowid = old.id;
       ${ftsRows('s', 'assets a join asset_search s on s.asset_id = a.id where a.id = new.id')}; end`,
    ftsRows('s', 'assets a join asset_search s on s.asset_id = a.id'),
    `insert into assets_fts (assets_fts) values ('optimize')`,
  ])
    await sql.raw(stmt).execute(db);
}
