import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from '../index.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * PostgreSQL: since 2026112303 the categories filter reads each row's own list through a GIN
 * index, and nothing reads `asset_categories` any more; it cost one row per asset and category
 * on every write (173 MB with its indexes at a million assets). The count function is 2026112205's
 * without it (copied: a migration is a snapshot of its time). SQLite keeps the table: its
 * categories filter starts from that index.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  const pairs = (r: string) => `
    select 'type' as facet, ${r}.type as value
    union all select 'extension', ${r}.ext
    union all select 'author', ${r}.author where ${r}.author is not null and ${r}.author <> ''
    union all select 'language', ${r}.language where ${r}.language is not null and ${r}.language <> ''
    union all select 'category', c.value from jsonb_array_elements_text(${r}.categories::jsonb) c(value)`;
  const apply = (rows: string) => `
    with d as (${rows}),
    kv as (select d.folder_id, d.brand_id, d.hidden, p.facet, p.value, d.delta from d
           cross join lateral (${pairs('d')}) p),
    f as (insert into asset_facets (folder_id, hidden, facet, value, n)
          select folder_id, hidden, facet, value, sum(delta) from kv group by 1, 2, 3, 4
          having sum(delta) <> 0 order by 1, 2, 3, 4
          on conflict (folder_id, hidden, facet, value) do update set n = asset_facets.n + excluded.n)
    insert into brand_facets (brand_id, hidden, facet, value, n)
      select brand_id, hidden, facet, value, sum(delta) from kv group by 1, 2, 3, 4
      having sum(delta) <> 0 order by 1, 2, 3, 4
      on conflict (brand_id, hidden, facet, value) do update set n = brand_facets.n + excluded.n;`;
  const live = (t: string, delta: number) => `select *, ${delta} as delta from ${t} where active = 1`;
  const bump = (rows: string) => `insert into search_generations (brand_id, n)
    select distinct brand_id, 1 from (${rows}) b order by 1
    on conflict (brand_id) do update set n = search_generations.n + 1;`;
  for (const stmt of [
    `create or replace function asset_search_counts() returns trigger language plpgsql as $$
     begin
       if tg_op = 'INSERT' then
         ${apply(live('new_rows', 1))}
         ${bump('select brand_id from new_rows')}
       elsif tg_op = 'DELETE' then
         ${apply(live('old_rows', -1))}
         ${bump('select brand_id from old_rows')}
       else
         ${apply(`${live('old_rows', -1)} union all ${live('new_rows', 1)}`)}
         ${bump('select brand_id from old_rows union select brand_id from new_rows')}
       end if;
       return null;
     end $$`,
    'drop table asset_categories',
  ])
    await sql.raw(stmt).execute(db);
}
