import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from '../index.js';
import { FOLD_FROM, FOLD_TO } from './2026112204_search.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** What 2026112204 watched on assets (copied: a migration is a snapshot of its time). */
const WATCHED = [
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

/**
 * PostgreSQL: assets fed asset_search one row at a time (a row trigger, one upsert each), so the
 * count triggers of 2026112205 ran once per asset, and a statement writing thousands of assets
 * (a bulk move, an import, the benchmark seed) updated the same counter rows thousands of times
 * in one transaction, each update slower than the last. Now one statement on assets makes one
 * upsert on asset_search, and the counters are updated once per statement. Updates that change
 * none of the watched columns (derivative states, say) no longer touch asset_search at all.
 * SQLite has no statement triggers and no such cost (one writer, rows updated in place).
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  const cols =
    'brand_id, folder_id, folder_path, active, hidden, type, ext, author, language, categories, sort_date, name_lc, tsv';
  const values = `n.brand_id, n.folder_id, f.path,
     case when n.status = 'ACTIVE' and f.status = 'ACTIVE' then 1 else 0 end,
     case when n.visibility = 'PRIVATE' or f.private_path = 1 then 1 else 0 end,
     n.type, lower(n.ext), n.author, n.language, n.categories, n.created_at, lower(n.name),
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
  const changed = WATCHED.map((c) => `o.${c} is distinct from n.${c}`).join(' or ');
  for (const stmt of [
    'drop trigger assets_search_ai on assets',
    'drop trigger assets_search_au on assets',
    `create function asset_search_sync_rows() returns trigger language plpgsql as $$
     begin
       if tg_op = 'INSERT' then
         ${upsert('new_rows n')}
       else
         ${upsert(`new_rows n join old_rows o on o.id = n.id and (${changed})`)}
       end if;
       return null;
     end $$`,
    `create trigger assets_search_ai after insert on assets referencing new table as new_rows
       for each statement execute function asset_search_sync_rows()`,
    `create trigger assets_search_au after update on assets referencing old table as old_rows new table as new_rows
       for each statement execute function asset_search_sync_rows()`,
  ])
    await sql.raw(stmt).execute(db);
}
