import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from '../index.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * PostgreSQL: a word search in a subfolder with a type and an extension ("hero" in a section's
 * images and videos, at a million assets) ANDed the GIN bitmap of the word (208,000 rows) with a
 * btree bitmap of the scope (71,000) and read 8,700 table pages to count its first 10,001 matches:
 * about 50 ms before any facet. A GIN index cannot answer from the index alone, and PostgreSQL 15
 * reads every page of a bitmap even when no column is wanted. One row per live asset and word,
 * keyed (brand, word, folder path, asset) with privacy, type and extension alongside, makes that
 * count one range of a btree read without the table (10,001 matches in ~10 ms), for any scope
 * (brand, folder path, path prefix). SQLite needs none of it: FTS5 holds its scope tokens.
 * No foreign key: a cascade would need an index on asset_id alone (another 300 MB at a million);
 * the delete trigger removes a row's words by their key instead.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  const words = (r: string) =>
    `select ${r}.brand_id, w.word, ${r}.folder_path, ${r}.asset_id, ${r}.hidden, ${r}.type, ${r}.ext
     from ${r} cross join lateral unnest(tsvector_to_array(coalesce(${r}.tsv, ''::tsvector))) w(word)
     where ${r}.active = 1`;
  // What a word row holds of its search row: when any of it changes, the rows are rewritten.
  const held = (r: string) =>
    `(${r}.tsv, ${r}.brand_id, ${r}.folder_path, ${r}.active, ${r}.hidden, ${r}.type, ${r}.ext)`;
  // The word rows of the old search rows `o` (a relation), found by their key.
  const removeWords = (o: string) => `
    delete from asset_words a using ${o}
        cross join lateral unnest(tsvector_to_array(coalesce(o.tsv, ''::tsvector))) w(word)
      where o.active = 1 and a.brand_id = o.brand_id and a.word = w.word
        and a.folder_path = o.folder_path and a.asset_id = o.asset_id;`;
  for (const stmt of [
    `create table asset_words (
       brand_id integer not null, word text collate "C" not null, folder_path text collate "C" not null,
       asset_id integer not null, hidden integer not null, type varchar(16) not null, ext varchar(20) not null)`,
    `insert into asset_words ${words('asset_search')}`,
    `create index asset_words_key on asset_words (brand_id, word, folder_path, asset_id) include (hidden, type, ext)`,
    // A count reads the index alone only on pages the visibility map marks all-visible: after an
    // edit of 54,000 assets, "hero" in a section took 120 ms (31,500 table reads) until a vacuum.
    // By default autovacuum waits for a fifth of the table (3M rows) to change; here 0.5 %.
    `alter table asset_words set (autovacuum_vacuum_scale_factor = 0.005, autovacuum_vacuum_insert_scale_factor = 0.005)`,
    `create function asset_words_sync() returns trigger language plpgsql as $$
     begin
       if tg_op = 'INSERT' then
         insert into asset_words ${words('new_rows')};
       elsif tg_op = 'DELETE' then
         ${removeWords('old_rows o')}
       else
         -- The changed rows first, on their own: planned inside the delete, the join of the two
         -- transition tables (no statistics) was redone for each old row, quadratic in the rows.
         with changed as materialized (select o.* from old_rows o join new_rows n on n.asset_id = o.asset_id
             where ${held('n')} is distinct from ${held('o')})
         ${removeWords('changed o').trim()}
         insert into asset_words
           select n.brand_id, w.word, n.folder_path, n.asset_id, n.hidden, n.type, n.ext
           from new_rows n join old_rows o on o.asset_id = n.asset_id
             cross join lateral unnest(tsvector_to_array(coalesce(n.tsv, ''::tsvector))) w(word)
           where n.active = 1 and ${held('n')} is distinct from ${held('o')};
       end if;
       return null;
     end $$`,
    `create trigger asset_words_ai after insert on asset_search
       referencing new table as new_rows for each statement execute function asset_words_sync()`,
    `create trigger asset_words_au after update on asset_search
       referencing old table as old_rows new table as new_rows
       for each statement execute function asset_words_sync()`,
    `create trigger asset_words_ad after delete on asset_search
       referencing old table as old_rows for each statement execute function asset_words_sync()`,
    'analyze asset_words',
  ])
    await sql.raw(stmt).execute(db);
}
