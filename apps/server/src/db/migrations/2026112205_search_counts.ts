import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from '../index.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Counts kept ahead of time, so the searcher's unfiltered views (a folder, a subtree, the whole
 * brand; the list call) answer totals and facets from a few hundred rows instead of grouping up
 * to a million:
 * - `asset_facets`: live assets per folder, privacy (hidden) and facet value;
 * - `brand_facets`: the same per brand;
 * - `asset_categories`: one row per asset and category, so the categories filter is an index
 *   lookup instead of reading JSON row by row.
 * Fed by triggers on `asset_search` (itself fed by triggers on assets and folders), so every path
 * that changes an asset or a folder keeps them right. Rows that drop to 0 stay and are ignored.
 * - `search_generations`: a counter per brand, bumped with every change to its searchable rows.
 * Also indexes for the filters that narrow a brand the most (author, language, extension).
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const pg = dialect === 'postgres';
  for (const stmt of [
    `create table asset_facets (
       folder_id integer not null, hidden integer not null, facet varchar(16) not null,
       value varchar(255) not null, n integer not null,
       primary key (folder_id, hidden, facet, value))`,
    `create table brand_facets (
       brand_id integer not null, hidden integer not null, facet varchar(16) not null,
       value varchar(255) not null, n integer not null,
       primary key (brand_id, hidden, facet, value))`,
    `create table asset_categories (
       asset_id integer not null references asset_search(asset_id) on delete cascade,
       brand_id integer not null, category varchar(255) not null,
       primary key (asset_id, category))`,
    `create index asset_categories_brand on asset_categories (brand_id, category, asset_id)`,
    // Bumped in the same transaction as any change to a brand's searchable rows: the search
    // service keeps answers under (brand, generation) and never serves one from an older state.
    `create table search_generations (brand_id integer primary key, n integer not null)`,
    // Each holds the other filter columns too, so a combination (author + language + type, say)
    // is counted from the index alone.
    `create index asset_search_brand_author on asset_search (brand_id, active, author, language, type, ext, hidden)`,
    `create index asset_search_brand_language on asset_search (brand_id, active, language, type, ext, hidden)`,
    `create index asset_search_brand_ext on asset_search (brand_id, active, ext, type, hidden)`,
  ])
    await sql.raw(stmt).execute(db);

  const catsOf = (r: string) =>
    pg ? `jsonb_array_elements_text(${r}.categories::jsonb) c(value)` : `json_each(${r}.categories) c`;
  /** (facet, value) pairs of the row `r`. */
  const pairs = (r: string) => `
    select 'type' as facet, ${r}.type as value
    union all select 'extension', ${r}.ext
    union all select 'author', ${r}.author where ${r}.author is not null and ${r}.author <> ''
    union all select 'language', ${r}.language where ${r}.language is not null and ${r}.language <> ''
    union all select 'category', c.value from ${catsOf(r)}`;

  if (!pg) {
    // Row triggers (SQLite has no statement triggers); one writer at a time, so no lock order.
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
    const bump = (r: string) => `insert into search_generations (brand_id, n) values (${r}.brand_id, 1)
      on conflict (brand_id) do update set n = n + 1;`;
    for (const stmt of [
      // Document counts per term: the search picks its plan from how common a word is.
      `create virtual table assets_fts_vocab using fts5vocab(assets_fts, row)`,
      `create trigger asset_search_counts_ai after insert on asset_search begin
         ${add('new', 1)} ${cats} ${bump('new')} end`,
      `create trigger asset_search_counts_ad after delete on asset_search begin ${add('old', -1)}
         delete from asset_categories where asset_id = old.asset_id; ${bump('old')} end`,
      // Folder moves and privacy changes (asset_search rows change, counts do not) and text-only
      // edits (FTS changes, asset_search does not) still change what a search answers.
      `create trigger asset_search_generation_au after update on asset_search begin
         ${bump('old')} ${bump('new')} end`,
      `create trigger assets_text_generation_au after update of description, keywords on assets begin
         ${bump('new')} end`,
      `create trigger asset_search_counts_au
         after update of brand_id, folder_id, active, hidden, type, ext, author, language, categories on asset_search
       begin ${add('old', -1)} ${add('new', 1)}
         delete from asset_categories where asset_id = old.asset_id; ${cats} end`,
    ])
      await sql.raw(stmt).execute(db);
  } else {
    // Statement triggers with transition tables: a folder move or removal touching thousands of
    // rows becomes one grouped upsert per table, applied in key order (no lock-order deadlocks
    // between concurrent bulk changes).
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
    const cats = `insert into asset_categories (asset_id, brand_id, category)
      select r.asset_id, r.brand_id, c.value from new_rows r cross join lateral ${catsOf('r')}
      on conflict do nothing;`;
    for (const stmt of [
      `create function asset_search_counts() returns trigger language plpgsql as $$
       begin
         if tg_op = 'INSERT' then
           ${apply(live('new_rows', 1))}
           ${cats}
           ${bump('select brand_id from new_rows')}
         elsif tg_op = 'DELETE' then
           ${apply(live('old_rows', -1))}
           ${bump('select brand_id from old_rows')}
         else
           ${apply(`${live('old_rows', -1)} union all ${live('new_rows', 1)}`)}
           ${bump('select brand_id from old_rows union select brand_id from new_rows')}
           delete from asset_categories a using old_rows o, new_rows n
             where a.asset_id = o.asset_id and n.asset_id = o.asset_id
               and (n.categories <> o.categories or n.brand_id <> o.brand_id);
           insert into asset_categories (asset_id, brand_id, category)
             select r.asset_id, r.brand_id, c.value
             from new_rows r join old_rows o on o.asset_id = r.asset_id
               cross join lateral ${catsOf('r')}
             where r.categories <> o.categories or r.brand_id <> o.brand_id
             on conflict do nothing;
         end if;
         return null;
       end $$`,
      `create trigger asset_search_counts_ai after insert on asset_search
         referencing new table as new_rows for each statement execute function asset_search_counts()`,
      `create trigger asset_search_counts_ad after delete on asset_search
         referencing old table as old_rows for each statement execute function asset_search_counts()`,
      `create trigger asset_search_counts_au after update on asset_search
         referencing old table as old_rows new table as new_rows
         for each statement execute function asset_search_counts()`,
    ])
      await sql.raw(stmt).execute(db);
  }

  // What is already there, one facet at a time (SQLite has no LATERAL).
  const join = (r: string) => (pg ? `cross join lateral ${catsOf(r)}` : `join ${catsOf(r)}`);
  const facetSources: [string, string, string][] = [
    ['type', 's.type', ''],
    ['extension', 's.ext', ''],
    ['author', 's.author', "and s.author is not null and s.author <> ''"],
    ['language', 's.language', "and s.language is not null and s.language <> ''"],
    ['category', 'c.value', ''],
  ];
  for (const [table, key] of [
    ['asset_facets', 'folder_id'],
    ['brand_facets', 'brand_id'],
  ])
    for (const [facet, value, extra] of facetSources)
      await sql
        .raw(
          `insert into ${table} (${key}, hidden, facet, value, n)
           select s.${key}, s.hidden, '${facet}', ${value}, count(*)
           from asset_search s ${facet === 'category' ? join('s') : ''}
           where s.active = 1 ${extra} group by s.${key}, s.hidden, ${value}`,
        )
        .execute(db);
  await sql
    .raw(
      `insert into asset_categories (asset_id, brand_id, category)
       select s.asset_id, s.brand_id, c.value from asset_search s ${join('s')} where true
       on conflict do nothing`,
    )
    .execute(db);
  for (const t of ['asset_search', 'asset_categories']) await sql.raw(`analyze ${t}`).execute(db);
}
