import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from '../index.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A categories filter over the brand (with dates and privacy) had its matches read row by row:
 * SQLite found each asset of the categories in asset_categories and read its search row for the
 * status, privacy and date (30 ms for the first 10,001 of two common themes over three years, at
 * a million assets); PostgreSQL read every row of a GIN bitmap of 116,000 (35 ms). One row per
 * asset and category that also holds those three makes the whole count one index range per
 * category, on both databases. PostgreSQL gets the table back (2026112304 had dropped it), fed by
 * statement triggers of its own; SQLite's count triggers write the new columns (their bodies are
 * 2026112205's and 2026112215's, copied: a migration is a snapshot of its time).
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const index =
    'create index asset_categories_brand on asset_categories (brand_id, category, active, sort_date, hidden, asset_id)';
  const stmts = dialect === 'postgres' ? postgres(index) : sqlite(index);
  for (const stmt of [...stmts, 'analyze asset_categories']) await sql.raw(stmt).execute(db);
}

function sqlite(index: string): string[] {
  const pairs = (r: string) => `
    select 'type' as facet, ${r}.type as value
    union all select 'extension', ${r}.ext
    union all select 'author', ${r}.author where ${r}.author is not null and ${r}.author <> ''
    union all select 'language', ${r}.language where ${r}.language is not null and ${r}.language <> ''
    union all select 'category', c.value from json_each(${r}.categories) c`;
  const add = (r: string, d: number) =>
    `insert into asset_facets (folder_id, hidden, facet, value, n)
       select ${r}.folder_id, ${r}.hidden, p.facet, p.value, ${d} from (${pairs(r)}) p where ${r}.active = 1
       on conflict (folder_id, hidden, facet, value) do update set n = n + excluded.n;
     insert into brand_facets (brand_id, hidden, facet, value, n)
       select ${r}.brand_id, ${r}.hidden, p.facet, p.value, ${d} from (${pairs(r)}) p where ${r}.active = 1
       on conflict (brand_id, hidden, facet, value) do update set n = n + excluded.n;`;
  const bump = (r: string) => `insert into search_generations (brand_id, n) values (${r}.brand_id, 1)
    on conflict (brand_id) do update set n = n + 1;`;
  const cats = `insert into asset_categories (asset_id, brand_id, category, active, hidden, sort_date)
    select new.asset_id, new.brand_id, c.value, new.active, new.hidden, new.sort_date from json_each(new.categories) c
    where true on conflict do nothing;`;
  const counted = ['brand_id', 'folder_id', 'active', 'hidden', 'type', 'ext', 'author', 'language', 'categories'];
  return [
    'drop index asset_categories_brand',
    'alter table asset_categories add column active integer not null default 1',
    'alter table asset_categories add column hidden integer not null default 0',
    `alter table asset_categories add column sort_date varchar(32) not null default ''`,
    `update asset_categories set (active, hidden, sort_date) =
       (select s.active, s.hidden, s.sort_date from asset_search s where s.asset_id = asset_categories.asset_id)`,
    index,
    'drop trigger asset_search_counts_ai',
    `create trigger asset_search_counts_ai after insert on asset_search begin
       ${add('new', 1)} ${cats} ${bump('new')} end`,
    'drop trigger asset_search_counts_au',
    `create trigger asset_search_counts_au after update of ${counted.join(', ')} on asset_search
     when ${counted.map((c) => `old.${c} is not new.${c}`).join(' or ')}
     begin ${add('old', -1)} ${add('new', 1)}
       delete from asset_categories where asset_id = old.asset_id; ${cats} end`,
  ];
}

function postgres(index: string): string[] {
  const rows = (r: string) =>
    `select ${r}.asset_id, ${r}.brand_id, c.value, ${r}.active, ${r}.hidden, ${r}.sort_date
     from ${r} cross join lateral jsonb_array_elements_text(${r}.categories::jsonb) c(value)`;
  // What a category row holds of its search row: when any of it changes, the rows are rewritten.
  const held = (r: string) => `(${r}.categories, ${r}.brand_id, ${r}.active, ${r}.hidden, ${r}.sort_date)`;
  return [
    `create table asset_categories (
       asset_id integer not null references asset_search(asset_id) on delete cascade,
       brand_id integer not null, category varchar(255) not null,
       active integer not null, hidden integer not null, sort_date varchar(32) not null,
       primary key (asset_id, category))`,
    `insert into asset_categories ${rows('asset_search')} on conflict do nothing`,
    index,
    `create function asset_categories_sync() returns trigger language plpgsql as $$
     begin
       if tg_op = 'INSERT' then
         insert into asset_categories ${rows('new_rows')} on conflict do nothing;
       else
         delete from asset_categories a using old_rows o join new_rows n on n.asset_id = o.asset_id
           where a.asset_id = o.asset_id and ${held('n')} is distinct from ${held('o')};
         insert into asset_categories
           select r.asset_id, r.brand_id, c.value, r.active, r.hidden, r.sort_date
           from new_rows r join old_rows o on o.asset_id = r.asset_id
             cross join lateral jsonb_array_elements_text(r.categories::jsonb) c(value)
           where ${held('r')} is distinct from ${held('o')}
           on conflict do nothing;
       end if;
       return null;
     end $$`,
    `create trigger asset_categories_ai after insert on asset_search
       referencing new table as new_rows for each statement execute function asset_categories_sync()`,
    `create trigger asset_categories_au after update on asset_search
       referencing old table as old_rows new table as new_rows
       for each statement execute function asset_categories_sync()`,
  ];
}
