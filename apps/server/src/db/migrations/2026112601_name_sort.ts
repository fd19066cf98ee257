import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from '../index.js';
import { FOLD_FROM, FOLD_TO } from '../fold.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Sorting by name ignores case and accents: "Árbol" sorts among the a's, not after "zebra", and
 * "Zebra" beside "zebra". `asset_search.name_lc` (was `lower(name)`, compared byte by byte, so
 * every accented or non-ASCII capital letter sorted after z) becomes the name's sort key: the
 * name lower-cased with its accents folded by the search's own table (../fold.ts), then
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
  // lower() folds ASCII only; the table's capitals fold with their small letters. A name of
  // printable ASCII alone (most) skips the 116 replace() calls.
  const from = [...FOLD_FROM];
  const to = [...FOLD_TO];
  const folded = (x: string) => from.reduce((e, c, i) => `replace(${e}, '${c}', '${to[i]}')`, x);
  const key = (n: string) =>
    `case when ${n}.name glob '*[^ -~]*' then ${folded(`lower(${n}.name)`)} else lower(${n}.name) end
       || char(1) || ${n}.name`;
  // The search row of asset `n` in folder `f`: 2026112214's (inserts) and 2026112204's (updates)
  // with the new key (copied: a migration is a snapshot of its time).
  const searchInsert = `insert into asset_search (asset_id, brand_id, folder_id, folder_path, active, hidden, type, ext,
       author, language, categories, sort_date, name_lc)
     select new.id, new.brand_id, new.folder_id, f.path,
       case when new.status = 'ACTIVE' and f.status = 'ACTIVE' then 1 else 0 end,
       case when new.visibility = 'PRIVATE' or f.private_path = 1 then 1 else 0 end,
       new.type, lower(new.ext), new.author, new.language, new.categories, new.created_at, ${key('new')}
     from folders f where f.id = new.folder_id;`;
  const watched = 'brand_id, folder_id, name, ext, type, author, language, categories, visibility, status, created_at';
  return [
    'drop trigger assets_search_ai',
    'drop trigger assets_search_au',
    `create trigger assets_search_ai after insert on assets begin ${searchInsert} end`,
    `create trigger assets_search_au after update of ${watched} on assets begin
       delete from asset_search where asset_id = old.id; ${searchInsert} end`,
    // The indexes are built once over the new keys rather than updated row by row. The update
    // bumps each row's brand generation (asset_search_generation_au): kept answers go.
    ...nameIndexes(false).map(([name]) => `drop index ${name}`),
    `update asset_search set name_lc = (select ${key('a')} from assets a where a.id = asset_search.asset_id)`,
    ...nameIndexes(false).map(([, create]) => create),
    'analyze asset_search',
  ];
}

function postgres(): string[] {
  const key = (n: string) => `translate(lower(${n}.name), '${FOLD_FROM}', '${FOLD_TO}') || chr(1) || ${n}.name`;
  // 2026112208's function with the new key (copied: a migration is a snapshot of its time).
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
  ];
  const cols =
    'brand_id, folder_id, folder_path, active, hidden, type, ext, author, language, categories, sort_date, name_lc, tsv';
  const values = `n.brand_id, n.folder_id, f.path,
     case when n.status = 'ACTIVE' and f.status = 'ACTIVE' then 1 else 0 end,
     case when n.visibility = 'PRIVATE' or f.private_path = 1 then 1 else 0 end,
     n.type, lower(n.ext), n.author, n.language, n.categories, n.created_at, ${key('n')},
     to_tsvector('simple', regexp_replace(translate(lower(
       n.name || ' ' || coalesce(n.description, '') || ' ' || n.keywords || ' ' || n.categories),
       '${FOLD_FROM}', '${FOLD_TO}'), '[[:punct:][:space:]]+', ' ', 'g'))`;
  const upsert = (from: string) => `
    insert into asset_search (asset_id, ${cols})
      select n.id, ${values} from ${from} join folders f on f.id = n.folder_id order by n.id
    on conflict (asset_id) do update set
      brand_id = excluded.brand_id, folder_id = excluded.folder_id, folder_path = excluded.folder_path,
      active = excluded.active, hidden = excluded.hidden, type = excluded.type, ext = excluded.ext,
      author = excluded.author, language = excluded.language, categories = excluded.categories,
      sort_date = excluded.sort_date, name_lc = excluded.name_lc, tsv = excluded.tsv;`;
  const changed = watched.map((c) => `o.${c} is distinct from n.${c}`).join(' or ');
  return [
    `create or replace function asset_search_sync_rows() returns trigger language plpgsql as $$
     begin
       if tg_op = 'INSERT' then
         ${upsert('new_rows n')}
       else
         ${upsert(`new_rows n join old_rows o on o.id = n.id and (${changed})`)}
       end if;
       return null;
     end $$`,
    // The indexes are built once over the new keys rather than updated row by row.
    ...nameIndexes(true).map(([name]) => `drop index ${name}`),
    // Byte order, as SQLite's; up to 255 bytes of name twice (varchar(255) would refuse a key).
    'alter table asset_search alter column name_lc type text collate "C"',
    // The triggers on asset_search follow no column this changes (counts, category and word
    // rows): they are held off for the one rewrite of every row, and the brands' generations
    // are bumped here instead, so kept answers go.
    'alter table asset_search disable trigger user',
    'update asset_search s set name_lc = ' + key('a') + ' from assets a where a.id = s.asset_id',
    'alter table asset_search enable trigger user',
    'update search_generations set n = n + 1',
    ...nameIndexes(true).map(([, create]) => create),
    'analyze asset_search',
  ];
}
