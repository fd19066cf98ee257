import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The dashboard's counters (§2 dashboard, §7 `PUT ops/asset|folder|users/statistics`), kept as
 * things happen so no figure scans the assets table:
 *
 * - `folder_asset_totals`: the ACTIVE assets of each folder by the asset's own visibility
 *   (`is_private`) and type: how many, their bytes, and the all-time downloads of those assets.
 *   A folder's PRIVATE path and status are read at query time from `folders` (a folder changing
 *   visibility touches no counter). Kept by triggers on `assets` (insert, update, delete: uploads,
 *   copies, removals, restores, moves, new versions) and, for downloads, by the code that counts
 *   them (downloads.repo `count`). Rows go with their folder.
 * - `upload_days`: assets added per brand and day (their `created_at`), and whether they were
 *   hidden (PRIVATE, or in a PRIVATE folder) when added. Trigger on insert into `assets`.
 * - `download_days`: downloads per brand, day, hidden, kind and whether through a share link.
 *   Kept by downloads.repo `count`, beside `download_counts`.
 * - `user_activity_days`: per brand, day and person: assets added (trigger) and downloaded
 *   (downloads.repo `count`).
 * - `download_windows`: each asset's downloads over the last 7, 30 and 90 days (the dashboard's
 *   periods), so the most downloaded of a period are the first rows of an index instead of a sum
 *   over the period's count rows (90 days at a million assets: ~200,000 rows, 220 ms on SQLite).
 *   Added to as downloads are counted; `download_window_state.first_day` is each window's oldest
 *   day, moved on by the `stats.windows` job, which subtracts the day that leaves the window.
 *
 * Backfilled from the existing rows: past downloads per person come from the audit log's
 * `asset.download` entries (originals and crops); zips and PDFs fetched before this migration are
 * not attributed to a person.
 */
/** The periods the dashboard offers (contract STATS_PERIODS when this was written). */
const WINDOWS = [7, 30, 90];

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const pg = dialect === 'postgres';
  await db.schema
    .createTable('folder_asset_totals')
    .addColumn('folder_id', 'integer', (c) => c.notNull().references('folders.id').onDelete('cascade'))
    .addColumn('is_private', 'integer', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('brand_id', 'integer', (c) => c.notNull())
    .addColumn('assets', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('downloads', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('folder_asset_totals_pk', ['folder_id', 'is_private', 'type'])
    .execute();
  await db.schema
    .createIndex('folder_asset_totals_brand')
    .on('folder_asset_totals')
    .columns(['brand_id', 'type'])
    .execute();
  await db.schema
    .createTable('upload_days')
    .addColumn('brand_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('hidden', 'integer', (c) => c.notNull())
    .addColumn('assets', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('upload_days_pk', ['brand_id', 'day', 'hidden'])
    .execute();
  await db.schema
    .createTable('download_days')
    .addColumn('brand_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('hidden', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('via_link', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('download_days_pk', ['brand_id', 'day', 'hidden', 'kind', 'via_link'])
    .execute();
  await db.schema
    .createTable('user_activity_days')
    .addColumn('brand_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('uploads', 'integer', (c) => c.notNull())
    .addColumn('downloads', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_activity_days_pk', ['brand_id', 'day', 'user_id'])
    .execute();
  await db.schema
    .createIndex('user_activity_days_user')
    .on('user_activity_days')
    .columns(['user_id', 'day', 'brand_id'])
    .execute();
  await db.schema
    .createTable('download_windows')
    .addColumn('brand_id', 'integer', (c) => c.notNull())
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('asset_id', 'integer', (c) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('download_windows_pk', ['brand_id', 'days', 'asset_id'])
    .execute();
  await db.schema
    .createIndex('download_windows_top')
    .on('download_windows')
    .columns(['brand_id', 'days', 'count', 'asset_id'])
    .execute();
  await db.schema
    .createTable('download_window_state')
    .addColumn('days', 'integer', (c) => c.primaryKey())
    .addColumn('first_day', 'varchar(10)', (c) => c.notNull())
    .execute();
  // The most downloaded assets of a period: the day's rows of a brand, read without the table.
  await db.schema.dropIndex('download_counts_brand').execute();
  await db.schema
    .createIndex('download_counts_brand')
    .on('download_counts')
    .columns(['brand_id', 'day', 'asset_id', 'count'])
    .execute();

  for (const stmt of pg ? postgres() : sqlite()) await sql.raw(stmt).execute(db);
  for (const stmt of backfill()) await sql.raw(stmt).execute(db);
  // The windows as of today (UTC), as the server's clock counts days.
  const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`);
  for (const days of WINDOWS) {
    const first = new Date(today - (days - 1) * 86_400_000).toISOString().slice(0, 10);
    await db.insertInto('download_window_state').values({ days, first_day: first }).execute();
    await sql`insert into download_windows (brand_id, days, asset_id, count)
      select brand_id, ${sql.lit(days)}, asset_id, sum(count) from download_counts
      where day >= ${first} group by brand_id, asset_id`.execute(db);
  }
}

const PRIVATE = (a: string) => `case when ${a}.visibility = 'PRIVATE' then 1 else 0 end`;
const HIDDEN = (a: string, f: string) =>
  `case when ${a}.visibility = 'PRIVATE' or ${f}.private_path = 1 then 1 else 0 end`;
const DOWNLOADS = (id: string) => `coalesce((select sum(c.count) from download_counts c where c.asset_id = ${id}), 0)`;
const CHANGED = (o: string, n: string, op = 'is distinct from') =>
  ['brand_id', 'folder_id', 'type', 'size', 'visibility', 'status']
    .map((c) => `${o}.${c} ${op} ${n}.${c}`)
    .join(' or ');

function sqlite(): string[] {
  const add = (
    n: string,
    downloads: string,
  ) => `insert into folder_asset_totals (folder_id, is_private, type, brand_id, assets, bytes, downloads)
      select ${n}.folder_id, ${PRIVATE(n)}, ${n}.type, ${n}.brand_id, 1, ${n}.size, ${downloads}
      where ${n}.status = 'ACTIVE'
      on conflict (folder_id, is_private, type) do update set assets = assets + 1, bytes = bytes + excluded.bytes,
        downloads = downloads + excluded.downloads`;
  const remove = (o: string) => `update folder_asset_totals
      set assets = assets - 1, bytes = bytes - ${o}.size, downloads = downloads - ${DOWNLOADS(`${o}.id`)}
      where ${o}.status = 'ACTIVE' and folder_id = ${o}.folder_id and is_private = ${PRIVATE(o)} and type = ${o}.type`;
  return [
    `create trigger assets_totals_ai after insert on assets begin
      ${add('new', '0')};
      insert into upload_days (brand_id, day, hidden, assets, bytes)
        select new.brand_id, substr(new.created_at, 1, 10), ${HIDDEN('new', 'f')}, 1, new.size
        from folders f where f.id = new.folder_id
        on conflict (brand_id, day, hidden) do update set assets = assets + 1, bytes = bytes + excluded.bytes;
      insert into user_activity_days (brand_id, day, user_id, uploads, downloads)
        select new.brand_id, substr(new.created_at, 1, 10), new.created_by, 1, 0
        where new.created_by is not null
        on conflict (brand_id, day, user_id) do update set uploads = uploads + 1;
    end`,
    // The old row's downloads are read before the delete takes download_counts with it.
    `create trigger assets_totals_bd before delete on assets when old.status = 'ACTIVE' begin
      ${remove('old')};
    end`,
    `create trigger assets_totals_au after update of brand_id, folder_id, type, size, visibility, status on assets
      when ${CHANGED('old', 'new', 'is not')}
    begin
      ${remove('old')};
      ${add('new', DOWNLOADS('new.id'))};
    end`,
  ];
}

function postgres(): string[] {
  return [
    `create function assets_totals_inserted() returns trigger language plpgsql as $$
    begin
      insert into folder_asset_totals (folder_id, is_private, type, brand_id, assets, bytes, downloads)
        select n.folder_id, ${PRIVATE('n')}, n.type, n.brand_id, count(*), sum(n.size), 0
        from new_rows n where n.status = 'ACTIVE'
        group by 1, 2, 3, 4 order by 1, 2, 3
        on conflict (folder_id, is_private, type) do update set assets = folder_asset_totals.assets + excluded.assets,
          bytes = folder_asset_totals.bytes + excluded.bytes;
      insert into upload_days (brand_id, day, hidden, assets, bytes)
        select n.brand_id, substr(n.created_at, 1, 10), ${HIDDEN('n', 'f')}, count(*), sum(n.size)
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
    `create function assets_totals_updated() returns trigger language plpgsql as $$
    begin
      with changed as (
        select o.id, o.folder_id as o_folder, ${PRIVATE('o')} as o_private, o.type as o_type, o.brand_id as o_brand,
            o.size as o_size, o.status as o_status,
            n.folder_id as n_folder, ${PRIVATE('n')} as n_private, n.type as n_type, n.brand_id as n_brand,
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
    // Row by row, before the delete takes the asset's download_counts with it. A folder's delete
    // cascading to its assets takes its counters too: touching them then would re-check their
    // foreign key against the folder already gone (an update of a row this transaction wrote).
    `create function assets_totals_deleted() returns trigger language plpgsql as $$
    begin
      if old.status = 'ACTIVE' and exists (select 1 from folders where id = old.folder_id) then
        update folder_asset_totals
          set assets = assets - 1, bytes = bytes - old.size, downloads = downloads - ${DOWNLOADS('old.id')}
          where folder_id = old.folder_id and is_private = ${PRIVATE('old')} and type = old.type;
      end if;
      return old;
    end $$`,
    `create trigger assets_totals_ai after insert on assets
      referencing new table as new_rows for each statement execute function assets_totals_inserted()`,
    `create trigger assets_totals_au after update on assets
      referencing old table as old_rows new table as new_rows for each statement execute function assets_totals_updated()`,
    `create trigger assets_totals_bd before delete on assets for each row execute function assets_totals_deleted()`,
  ];
}

/** The counters of what the database already holds. */
function backfill(): string[] {
  return [
    `insert into folder_asset_totals (folder_id, is_private, type, brand_id, assets, bytes, downloads)
      select a.folder_id, ${PRIVATE('a')}, a.type, a.brand_id, count(*), sum(a.size), coalesce(sum(d.n), 0)
      from assets a
      left join (select asset_id, sum(count) as n from download_counts group by asset_id) d on d.asset_id = a.id
      where a.status = 'ACTIVE'
      group by 1, 2, 3, 4`,
    `insert into upload_days (brand_id, day, hidden, assets, bytes)
      select a.brand_id, substr(a.created_at, 1, 10), ${HIDDEN('a', 'f')}, count(*), sum(a.size)
      from assets a join folders f on f.id = a.folder_id
      group by 1, 2, 3`,
    `insert into download_days (brand_id, day, hidden, kind, via_link, count)
      select c.brand_id, c.day, coalesce(s.hidden, 0), c.kind, case when c.link_id = 0 then 0 else 1 end, sum(c.count)
      from download_counts c left join asset_search s on s.asset_id = c.asset_id
      group by 1, 2, 3, 4, 5`,
    `insert into user_activity_days (brand_id, day, user_id, uploads, downloads)
      select a.brand_id, substr(a.created_at, 1, 10), a.created_by, count(*), 0
      from assets a where a.created_by is not null
      group by 1, 2, 3`,
    `insert into user_activity_days (brand_id, day, user_id, uploads, downloads)
      select a.brand_id, substr(l.created_at, 1, 10), l.user_id, 0, count(*)
      from audit_log l
      join assets a on a.id = l.target_id
      join users u on u.id = l.user_id
      where l.event = 'asset.download' and l.target_type = 'asset'
      group by 1, 2, 3
      order by 1, 2, 3
      on conflict (brand_id, day, user_id) do update set downloads = user_activity_days.downloads + excluded.downloads`,
  ];
}
