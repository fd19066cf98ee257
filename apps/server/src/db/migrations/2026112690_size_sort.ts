import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from '../index.js';
import { FOLD_FROM, FOLD_TO } from '../fold.js';

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
  const from = [...FOLD_FROM];
  const to = [...FOLD_TO];
  const folded = (x: string) => from.reduce((e, c, i) => `replace(${e}, '${c}', '${to[i]}')`, x);
  const key = (n: string) =>
    `case when ${n}.name glob '*[^ -~]*' then ${folded(`lower(${n}.name)`)} else lower(${n}.name) end
       || char(1) || ${n}.name`;
  // 2026112601's triggers with the size (copied: a migration is a snapshot of its time).
  const searchInsert = `insert into asset_search (asset_id, brand_id, folder_id, folder_path, active, hidden, type, ext,
       author, language, categories, sort_date, name_lc, size)
     select new.id, new.brand_id, new.folder_id, f.path,
       case when new.status = 'ACTIVE' and f.status = 'ACTIVE' then 1 else 0 end,
       case when new.visibility = 'PRIVATE' or f.private_path = 1 then 1 else 0 end,
       new.type, lower(new.ext), new.author, new.language, new.categories, new.created_at, ${key('new')}, new.size
     from folders f where f.id = new.folder_id;`;
  const watched =
    'brand_id, folder_id, name, ext, type, author, language, categories, visibility, status, created_at, size';
  return [
    'alter table asset_search add column size integer not null default 0',
    'drop trigger assets_search_ai',
    'drop trigger assets_search_au',
    `create trigger assets_search_ai after insert on assets begin ${searchInsert} end`,
    `create trigger assets_search_au after update of ${watched} on assets begin
       delete from asset_search where asset_id = old.id; ${searchInsert} end`,
    // Filled before the indexes are built. The update bumps each row's brand generation
    // (asset_search_generation_au): kept answers go.
    'update asset_search set size = (select a.size from assets a where a.id = asset_search.asset_id)',
    ...sizeIndexes(false),
    'analyze asset_search',
  ];
}

function postgres(): string[] {
  const key = (n: string) => `translate(lower(${n}.name), '${FOLD_FROM}', '${FOLD_TO}') || chr(1) || ${n}.name`;
  // 2026112601's function with the size (copied: a migration is a snapshot of its time).
  const watched = [
    'brand_id',
    'folder_id',
    'name',
    'ext',
    'type',
    'author',
    'language',
    'categories',
    'visibility',
    'status',
    'created_at',
    'description',
    'keywords',
    'size',
  ];
  const cols =
    'brand_id, folder_id, folder_path, active, hidden, type, ext, author, language, categories, sort_date, name_lc, tsv, size';
  const values = `n.brand_id, n.folder_id, f.path,
     case when n.status = 'ACTIVE' and f.status = 'ACTIVE' then 1 else 0 end,
     case when n.visibility = 'PRIVATE' or f.private_path = 1 then 1 else 0 end,
     n.type, lower(n.ext), n.author, n.language, n.categories, n.created_at, ${key('n')},
     to_tsvector('simple', regexp_replace(translate(lower(
       n.name || ' ' || coalesce(n.description, '') || ' ' || n.keywords || ' ' || n.categories),
       '${FOLD_FROM}', '${FOLD_TO}'), '[[:punct:][:space:]]+', ' ', 'g')), n.size`;
  const upsert = (from: string) => `
    insert into asset_search (asset_id, ${cols})
      select n.id, ${values} from ${from} join folders f on f.id = n.folder_id order by n.id
    on conflict (asset_id) do update set
      brand_id = excluded.brand_id, folder_id = excluded.folder_id, folder_path = excluded.folder_path,
      active = excluded.active, hidden = excluded.hidden, type = excluded.type, ext = excluded.ext,
      author = excluded.author, language = excluded.language, categories = excluded.categories,
      sort_date = excluded.sort_date, name_lc = excluded.name_lc, tsv = excluded.tsv, size = excluded.size;`;
  const changed = watched.map((c) => `o.${c} is distinct from n.${c}`).join(' or ');
  return [
    'alter table asset_search add column size bigint not null default 0',
    `create or replace function asset_search_sync_rows() returns trigger language plpgsql as $$
     begin
       if tg_op = 'INSERT' then
         ${upsert('new_rows n')}
       else
         ${upsert(`new_rows n join old_rows o on o.id = n.id and (${changed})`)}
       end if;
       return null;
     end $$`,
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
