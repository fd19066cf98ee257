import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from '../index.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * SQLite: the count rows of an asset_search row were taken out and put back on every update that
 * named a counted column, changed or not. A folder's move, privacy or status change sets
 * `active` and `hidden` on each of its assets, so moving a folder of 54,000 assets made about
 * 650,000 count upserts that changed nothing (3 of its 10 s at a million assets). Now the trigger
 * runs only when a counted value changed. The body is 2026112205's (copied: a migration is a
 * snapshot of its time). PostgreSQL's statement trigger already nets the old rows against the new.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
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
  const cats = `insert into asset_categories (asset_id, brand_id, category)
    select new.asset_id, new.brand_id, c.value from json_each(new.categories) c where true
    on conflict do nothing;`;
  const counted = ['brand_id', 'folder_id', 'active', 'hidden', 'type', 'ext', 'author', 'language', 'categories'];
  for (const stmt of [
    'drop trigger asset_search_counts_au',
    `create trigger asset_search_counts_au after update of ${counted.join(', ')} on asset_search
     when ${counted.map((c) => `old.${c} is not new.${c}`).join(' or ')}
     begin ${add('old', -1)} ${add('new', 1)}
       delete from asset_categories where asset_id = old.asset_id; ${cats} end`,
  ])
    await sql.raw(stmt).execute(db);
}
