import { FOLD_FROM, FOLD_TO } from './fold.js';

/**
 * The triggers that keep an asset's search document (its `asset_search` row) in step with the
 * asset, written once per dialect for the migrations that rewrite them. The document is the
 * row as 2026112601 defined it (the baseline's row with the name sort key) plus `copied`: the
 * asset columns a later migration added, copied as they are (2026112690: `size`). Frozen: a
 * migration that changes the document in another way writes its own triggers beside it.
 */
export interface SearchDocument {
  /** Asset columns copied into the row under the same name, in this order, after the others. */
  copied: readonly string[];
}

/**
 * SQLite: the name's sort key of asset `n` (2026112601). lower() folds ASCII only; the table's
 * capitals fold with their small letters. A name of printable ASCII alone (most) skips the 116
 * replace() calls.
 */
export function sqliteNameKey(n: string): string {
  const from = [...FOLD_FROM];
  const to = [...FOLD_TO];
  const folded = (x: string) => from.reduce((e, c, i) => `replace(${e}, '${c}', '${to[i]}')`, x);
  return `case when ${n}.name glob '*[^ -~]*' then ${folded(`lower(${n}.name)`)} else lower(${n}.name) end
       || char(1) || ${n}.name`;
}

/** PostgreSQL: the name's sort key of asset `n` (2026112601). */
export function postgresNameKey(n: string): string {
  return `translate(lower(${n}.name), '${FOLD_FROM}', '${FOLD_TO}') || chr(1) || ${n}.name`;
}

/**
 * SQLite: `assets_search_ai` and `assets_search_au`, which write the search row of asset `new` in
 * folder `f` (2026112214's inserts and 2026112204's updates, with the name sort key), for
 * triggers dropped before. An update of a watched column replaces the row.
 */
export function sqliteSearchTriggers(doc: SearchDocument): string[] {
  const extra = doc.copied.map((c) => `, ${c}`).join('');
  const values = doc.copied.map((c) => `, new.${c}`).join('');
  const searchInsert = `insert into asset_search (asset_id, brand_id, folder_id, folder_path, active, hidden, type, ext,
       author, language, categories, sort_date, name_lc${extra})
     select new.id, new.brand_id, new.folder_id, f.path,
       case when new.status = 'ACTIVE' and f.status = 'ACTIVE' then 1 else 0 end,
       case when new.visibility = 'PRIVATE' or f.private_path = 1 then 1 else 0 end,
       new.type, lower(new.ext), new.author, new.language, new.categories, new.created_at, ${sqliteNameKey('new')}${values}
     from folders f where f.id = new.folder_id;`;
  const watched = `brand_id, folder_id, name, ext, type, author, language, categories, visibility, status, created_at${extra}`;
  return [
    `create trigger assets_search_ai after insert on assets begin ${searchInsert} end`,
    `create trigger assets_search_au after update of ${watched} on assets begin
       delete from asset_search where asset_id = old.id; ${searchInsert} end`,
  ];
}

/**
 * PostgreSQL: `asset_search_sync_rows()`, the function of the statement triggers on `assets` that
 * upsert the search rows of the inserted assets, and of the updated ones whose watched columns
 * changed (2026112208's, with the name sort key).
 */
export function postgresSearchSync(doc: SearchDocument): string {
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
    ...doc.copied,
  ];
  const cols =
    'brand_id, folder_id, folder_path, active, hidden, type, ext, author, language, categories, sort_date, name_lc, tsv' +
    doc.copied.map((c) => `, ${c}`).join('');
  const values = `n.brand_id, n.folder_id, f.path,
     case when n.status = 'ACTIVE' and f.status = 'ACTIVE' then 1 else 0 end,
     case when n.visibility = 'PRIVATE' or f.private_path = 1 then 1 else 0 end,
     n.type, lower(n.ext), n.author, n.language, n.categories, n.created_at, ${postgresNameKey('n')},
     to_tsvector('simple', regexp_replace(translate(lower(
       n.name || ' ' || coalesce(n.description, '') || ' ' || n.keywords || ' ' || n.categories),
       '${FOLD_FROM}', '${FOLD_TO}'), '[[:punct:][:space:]]+', ' ', 'g'))${doc.copied.map((c) => `, n.${c}`).join('')}`;
  const set = doc.copied.map((c) => `, ${c} = excluded.${c}`).join('');
  const upsert = (from: string) => `
    insert into asset_search (asset_id, ${cols})
      select n.id, ${values} from ${from} join folders f on f.id = n.folder_id order by n.id
    on conflict (asset_id) do update set
      brand_id = excluded.brand_id, folder_id = excluded.folder_id, folder_path = excluded.folder_path,
      active = excluded.active, hidden = excluded.hidden, type = excluded.type, ext = excluded.ext,
      author = excluded.author, language = excluded.language, categories = excluded.categories,
      sort_date = excluded.sort_date, name_lc = excluded.name_lc, tsv = excluded.tsv${set};`;
  const changed = watched.map((c) => `o.${c} is distinct from n.${c}`).join(' or ');
  return `create or replace function asset_search_sync_rows() returns trigger language plpgsql as $$
     begin
       if tg_op = 'INSERT' then
         ${upsert('new_rows n')}
       else
         ${upsert(`new_rows n join old_rows o on o.id = n.id and (${changed})`)}
       end if;
       return null;
     end $$`;
}
