import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from '../index.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Accent folding for PostgreSQL, without depending on the `unaccent` extension: `translate()` with
 * this table (after lower()). The search service folds the query with the very same table, so
 * both sides always agree. SQLite folds through FTS5's `remove_diacritics 2` instead.
 */
export const FOLD_FROM =
  'áàâäãåāăąçćčďđéèêëēėęěíìîïīįłñńňóòôöõøōőŕřśšşťúùûüūůűýÿžźżÁÀÂÄÃÅĀĂĄÇĆČĎĐÉÈÊËĒĖĘĚÍÌÎÏĪĮŁÑŃŇÓÒÔÖÕØŌŐŔŘŚŠŞŤÚÙÛÜŪŮŰÝŸŽŹŻ';
export const FOLD_TO =
  'aaaaaaaaacccddeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuyyzzzaaaaaaaaacccddeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuyyzzz';

const COLS = `brand_id, folder_id, folder_path, active, hidden, type, ext, author, language, categories, sort_date, name_lc`;

/**
 * The search table: one row per asset with everything the searcher filters and sorts on,
 * denormalised from the asset and its folder (brand, folder path for subtrees, effective privacy,
 * live status), kept in step by triggers on `assets` and `folders` so no application code path
 * (upload, edit, move, copy, remove/restore, versions, folder moves and removals) can forget it.
 * Full text: an external-content FTS5 table over assets on SQLite; a tsvector column with a GIN
 * index on PostgreSQL.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const pg = dialect === 'postgres';
  await sql
    .raw(
      `create table asset_search (
        asset_id integer primary key references assets(id) on delete cascade,
        brand_id integer not null,
        folder_id integer not null,
        folder_path text not null,
        active integer not null,
        hidden integer not null,
        type varchar(16) not null,
        ext varchar(20) not null,
        author varchar(255),
        language varchar(100),
        categories text not null,
        sort_date varchar(32) not null,
        name_lc varchar(255) not null${pg ? ',\n        tsv tsvector' : ''}
      )`,
    )
    .execute(db);

  // Each index starts with the scope (brand or folder) and `active`, then the sort key and the id
  // (tie-break), then `hidden`, so a page for anyone is an ordered index walk that checks privacy
  // from the index itself, and a bounded count is an index-only range scan.
  for (const [name, cols] of [
    ['asset_search_brand_name', 'brand_id, active, name_lc, asset_id, hidden'],
    ['asset_search_brand_date', 'brand_id, active, sort_date, asset_id, hidden'],
    ['asset_search_folder_name', 'folder_id, active, name_lc, asset_id, hidden'],
    ['asset_search_folder_date', 'folder_id, active, sort_date, asset_id, hidden'],
    ['asset_search_brand_type', 'brand_id, active, type, name_lc, asset_id, hidden'],
  ])
    await sql.raw(`create index ${name} on asset_search (${cols})`).execute(db);

  // The row as the trigger sees it: `n` is the asset (NEW), `f` its folder.
  const values = (n: string, f: string) =>
    `${n}.brand_id, ${n}.folder_id, ${f}.path,
     case when ${n}.status = 'ACTIVE' and ${f}.status = 'ACTIVE' then 1 else 0 end,
     case when ${n}.visibility = 'PRIVATE' or ${f}.private_path = 1 then 1 else 0 end,
     ${n}.type, lower(${n}.ext), ${n}.author, ${n}.language, ${n}.categories, ${n}.created_at, lower(${n}.name)`;
  const watched = 'brand_id, folder_id, name, ext, type, author, language, categories, visibility, status, created_at';

  if (!pg) {
    await sql
      .raw(
        `create virtual table assets_fts using fts5(
          name, description, keywords, categories,
          content = 'assets', content_rowid = 'id',
          tokenize = 'unicode61 remove_diacritics 2'
        )`,
      )
      .execute(db);
    const ftsInsert = `insert into assets_fts (rowid, name, description, keywords, categories)
      values (new.id, new.name, coalesce(new.description, ''), new.keywords, new.categories);`;
    const ftsDelete = `insert into assets_fts (assets_fts, rowid, name, description, keywords, categories)
      values ('delete', old.id, old.name, coalesce(old.description, ''), old.keywords, old.categories);`;
    const searchInsert = `insert into asset_search (asset_id, ${COLS})
      select new.id, ${values('new', 'f')} from folders f where f.id = new.folder_id;`;
    for (const stmt of [
      `create trigger assets_search_ai after insert on assets begin ${searchInsert} ${ftsInsert} end`,
      `create trigger assets_search_au after update of ${watched} on assets begin
         delete from asset_search where asset_id = old.id; ${searchInsert} end`,
      `create trigger assets_fts_au after update of name, description, keywords, categories on assets begin
         ${ftsDelete} ${ftsInsert} end`,
      // asset_search goes by the foreign-key cascade; the FTS rows need this.
      `create trigger assets_fts_ad after delete on assets begin ${ftsDelete} end`,
      `create trigger folders_search_au after update of path, private_path, status on folders begin
         update asset_search set
           folder_path = new.path,
           active = case when new.status = 'ACTIVE'
             and (select a.status from assets a where a.id = asset_search.asset_id) = 'ACTIVE' then 1 else 0 end,
           hidden = case when new.private_path = 1
             or (select a.visibility from assets a where a.id = asset_search.asset_id) = 'PRIVATE' then 1 else 0 end
         where folder_id = new.id;
       end`,
      `insert into asset_search (asset_id, ${COLS})
         select a.id, ${values('a', 'f')} from assets a join folders f on f.id = a.folder_id`,
      `insert into assets_fts (assets_fts) values ('rebuild')`,
    ])
      await sql.raw(stmt).execute(db);
    return;
  }

  // PostgreSQL: the searchable text is folded (lower, accents, punctuation to spaces) and indexed
  // with the 'simple' configuration (no stemming: names, keywords and two languages).
  const tsv = (n: string) =>
    `to_tsvector('simple', regexp_replace(translate(lower(
       ${n}.name || ' ' || coalesce(${n}.description, '') || ' ' || ${n}.keywords || ' ' || ${n}.categories),
       '${FOLD_FROM}', '${FOLD_TO}'), '[[:punct:][:space:]]+', ' ', 'g'))`;
  for (const stmt of [
    `create index asset_search_tsv on asset_search using gin (tsv)`,
    `create function asset_search_sync() returns trigger language plpgsql as $$
     begin
       insert into asset_search (asset_id, ${COLS}, tsv)
         select new.id, ${values('new', 'f')}, ${tsv('new')} from folders f where f.id = new.folder_id
       on conflict (asset_id) do update set
         brand_id = excluded.brand_id, folder_id = excluded.folder_id, folder_path = excluded.folder_path,
         active = excluded.active, hidden = excluded.hidden, type = excluded.type, ext = excluded.ext,
         author = excluded.author, language = excluded.language, categories = excluded.categories,
         sort_date = excluded.sort_date, name_lc = excluded.name_lc, tsv = excluded.tsv;
       return null;
     end $$`,
    `create trigger assets_search_ai after insert on assets for each row execute function asset_search_sync()`,
    `create trigger assets_search_au after update of ${watched}, description, keywords on assets
       for each row execute function asset_search_sync()`,
    `create function asset_search_folder_sync() returns trigger language plpgsql as $$
     begin
       update asset_search s set
         folder_path = new.path,
         active = case when new.status = 'ACTIVE' and a.status = 'ACTIVE' then 1 else 0 end,
         hidden = case when new.private_path = 1 or a.visibility = 'PRIVATE' then 1 else 0 end
       from assets a
       where s.folder_id = new.id and a.id = s.asset_id;
       return null;
     end $$`,
    `create trigger folders_search_au after update of path, private_path, status on folders
       for each row execute function asset_search_folder_sync()`,
    `insert into asset_search (asset_id, ${COLS}, tsv)
       select a.id, ${values('a', 'f')}, ${tsv('a')} from assets a join folders f on f.id = a.folder_id`,
  ])
    await sql.raw(stmt).execute(db);
}
