import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Folder counters each caller may read (issue 40). `folder_asset_totals.is_private` becomes the
 * asset's own class of `asset_search.hidden`: 2 awaiting or refused review (reviewers only), 1
 * PRIVATE, expired or embargoed (members), 0 everyone. Folder cards then count only what the
 * caller can open, where guests' counted expired and pending assets and members' others' pending
 * uploads. The triggers of 2026112615 are redefined with that
 * class and watch the two new columns; the counters are rebuilt from the rows.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const stmts = dialect === 'postgres' ? postgres() : sqlite();
  for (const stmt of stmts) await sql.raw(stmt).execute(db);
  await sql`delete from folder_asset_totals`.execute(db);
  await sql.raw(BACKFILL).execute(db);
}

/** 2026113001's classes, by the asset alone: 2 in review, 1 members only, 0 everyone. */
const HIDDEN_ALONE = (a: string) =>
  `case when ${a}.review_state <> 'approved' then 2
    when ${a}.visibility = 'PRIVATE' or ${a}.availability in ('expired', 'embargoed') then 1 else 0 end`;
const DOWNLOADS = (id: string) => `coalesce((select sum(c.count) from download_counts c where c.asset_id = ${id}), 0)`;
const WATCHED = ['brand_id', 'folder_id', 'type', 'size', 'visibility', 'status', 'availability', 'review_state'];
const CHANGED = (o: string, n: string, op = 'is distinct from') =>
  WATCHED.map((c) => `${o}.${c} ${op} ${n}.${c}`).join(' or ');

/** 2026112615's SQLite triggers: the insert one keeps its upload and activity counts unchanged. */
function sqlite(): string[] {
  const add = (
    n: string,
    downloads: string,
  ) => `insert into folder_asset_totals (folder_id, is_private, type, brand_id, assets, bytes, downloads)
      select ${n}.folder_id, ${HIDDEN_ALONE(n)}, ${n}.type, ${n}.brand_id, 1, ${n}.size, ${downloads}
      where ${n}.status = 'ACTIVE'
      on conflict (folder_id, is_private, type) do update set assets = assets + 1, bytes = bytes + excluded.bytes,
        downloads = downloads + excluded.downloads`;
  const remove = (o: string) => `update folder_asset_totals
      set assets = assets - 1, bytes = bytes - ${o}.size, downloads = downloads - ${DOWNLOADS(`${o}.id`)}
      where ${o}.status = 'ACTIVE' and folder_id = ${o}.folder_id and is_private = ${HIDDEN_ALONE(o)} and type = ${o}.type`;
  return [
    'drop trigger assets_totals_ai',
    'drop trigger assets_totals_bd',
    'drop trigger assets_totals_au',
    `create trigger assets_totals_ai after insert on assets begin
      ${add('new', '0')};
      insert into upload_days (brand_id, day, hidden, assets, bytes)
        select new.brand_id, substr(new.created_at, 1, 10),
          case when new.visibility = 'PRIVATE' or f.private_path = 1 then 1 else 0 end, 1, new.size
        from folders f where f.id = new.folder_id
        on conflict (brand_id, day, hidden) do update set assets = assets + 1, bytes = bytes + excluded.bytes;
      insert into user_activity_days (brand_id, day, user_id, uploads, downloads)
        select new.brand_id, substr(new.created_at, 1, 10), new.created_by, 1, 0
        where new.created_by is not null
        on conflict (brand_id, day, user_id) do update set uploads = uploads + 1;
    end`,
    `create trigger assets_totals_bd before delete on assets when old.status = 'ACTIVE' begin
      ${remove('old')};
    end`,
    `create trigger assets_totals_au after update of ${WATCHED.join(', ')} on assets
      when ${CHANGED('old', 'new', 'is not')}
    begin
      ${remove('old')};
      ${add('new', DOWNLOADS('new.id'))};
    end`,
  ];
}

/** 2026112615's PostgreSQL functions that key the counters (the insert one's other counts unchanged). */
function postgres(): string[] {
  return [
    `create or replace function assets_totals_inserted() returns trigger language plpgsql as $$
    begin
      insert into folder_asset_totals (folder_id, is_private, type, brand_id, assets, bytes, downloads)
        select n.folder_id, ${HIDDEN_ALONE('n')}, n.type, n.brand_id, count(*), sum(n.size), 0
        from new_rows n where n.status = 'ACTIVE'
        group by 1, 2, 3, 4 order by 1, 2, 3
        on conflict (folder_id, is_private, type) do update set assets = folder_asset_totals.assets + excluded.assets,
          bytes = folder_asset_totals.bytes + excluded.bytes;
      insert into upload_days (brand_id, day, hidden, assets, bytes)
        select n.brand_id, substr(n.created_at, 1, 10),
          case when n.visibility = 'PRIVATE' or f.private_path = 1 then 1 else 0 end, count(*), sum(n.size)
        from new_rows n join folders f on f.id = n.folder_id
        group by 1, 2, 3 order by 1, 2, 3
        on conflict (brand_id, day, hidden) do update set assets = upload_days.assets + excluded.assets,
          bytes = upload_days.bytes + excluded.bytes;
      insert into user_activity_days (brand_id, day, user_id, uploads, downloads)
        select n.brand_id, substr(n.created_at, 1, 10), n.created_by, count(*), 0
        from new_rows n where n.created_by is not null
        group by 1, 2, 3 order by 1, 2, 3
        on conflict (brand_id, day, user_id) do update set uploads = user_activity_days.uploads + excluded.uploads;
      return null;
    end $$`,
    `create or replace function assets_totals_updated() returns trigger language plpgsql as $$
    begin
      with changed as (
        select o.id, o.folder_id as o_folder, ${HIDDEN_ALONE('o')} as o_private, o.type as o_type,
            o.brand_id as o_brand, o.size as o_size, o.status as o_status,
            n.folder_id as n_folder, ${HIDDEN_ALONE('n')} as n_private, n.type as n_type, n.brand_id as n_brand,
            n.size as n_size, n.status as n_status, ${DOWNLOADS('o.id')} as dl
          from old_rows o join new_rows n on n.id = o.id
          where ${CHANGED('o', 'n')}
      ),
      d as (
        select o_folder as folder_id, o_private as is_private, o_type as type, o_brand as brand_id,
            -1 as n, -o_size as b, -dl as dl
          from changed where o_status = 'ACTIVE'
        union all
        select n_folder, n_private, n_type, n_brand, 1, n_size, dl from changed where n_status = 'ACTIVE'
      )
      insert into folder_asset_totals (folder_id, is_private, type, brand_id, assets, bytes, downloads)
        select folder_id, is_private, type, brand_id, sum(n), sum(b), sum(dl)
        from d group by 1, 2, 3, 4
        having sum(n) <> 0 or sum(b) <> 0 or sum(dl) <> 0
        order by 1, 2, 3
        on conflict (folder_id, is_private, type) do update set assets = folder_asset_totals.assets + excluded.assets,
          bytes = folder_asset_totals.bytes + excluded.bytes, downloads = folder_asset_totals.downloads + excluded.downloads;
      return null;
    end $$`,
    `create or replace function assets_totals_deleted() returns trigger language plpgsql as $$
    begin
      if old.status = 'ACTIVE' and exists (select 1 from folders where id = old.folder_id) then
        update folder_asset_totals
          set assets = assets - 1, bytes = bytes - old.size, downloads = downloads - ${DOWNLOADS('old.id')}
          where folder_id = old.folder_id and is_private = ${HIDDEN_ALONE('old')} and type = old.type;
      end if;
      return old;
    end $$`,
  ];
}

const BACKFILL = `insert into folder_asset_totals (folder_id, is_private, type, brand_id, assets, bytes, downloads)
  select a.folder_id, ${HIDDEN_ALONE('a')}, a.type, a.brand_id, count(*), sum(a.size), coalesce(sum(d.n), 0)
  from assets a
  left join (select asset_id, sum(count) as n from download_counts group by asset_id) d on d.asset_id = a.id
  where a.status = 'ACTIVE'
  group by 1, 2, 3, 4`;
