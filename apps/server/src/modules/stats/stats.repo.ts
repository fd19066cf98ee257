import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { hiddenIn } from '../access/privacy.js';
import type { Sight } from '../access/privacy.js';
import { windowsRepo } from './stats.windows.repo.js';

/** `ids in (…)` in slices, well under either database's limit on parameters. */
const SLICE = 1000;

/**
 * An asset's own class (migration 2026113007's key of its folder counters, `asset_search.hidden`'s
 * classes without the folder's privacy, which is read apart): 2 in review, 1 PRIVATE, expired or
 * embargoed, 0 everyone.
 */
export const hiddenAlone = (a: { visibility: string; availability: string; review_state: string }) =>
  a.review_state !== 'approved'
    ? 2
    : a.visibility === 'PRIVATE' || a.availability === 'expired' || a.availability === 'embargoed'
      ? 1
      : 0;

/** The same class in SQL, of the assets row aliased `a`. */
export const HIDDEN_ALONE_SQL = `case when a.review_state <> 'approved' then 2
    when a.visibility = 'PRIVATE' or a.availability in ('expired', 'embargoed') then 1 else 0 end`;

/**
 * The SQL of the dashboard's figures: reads of the counters of migration 2026112615 (never of
 * the assets table, whose size they must not depend on), and the download counters' writes.
 * `sight`: the classes of assets the reader sees (PRIVATE, expired and embargoed ones with
 * `withPrivate`, uploads in review with `withPending`) and PRIVATE folders with `withPrivate`.
 */
export function statsRepo(db: Db) {
  const n = (v: unknown) => Number(v ?? 0);
  return {
    /** ACTIVE assets per brand and type in ACTIVE folders: count and bytes. */
    async totals(brandIds: number[], sight: Sight) {
      if (!brandIds.length) return [];
      const classes = hiddenIn(sight);
      let q = db
        .selectFrom('folder_asset_totals as t')
        .innerJoin('folders as f', 'f.id', 't.folder_id')
        .where('t.brand_id', 'in', brandIds)
        .where('f.status', '=', 'ACTIVE');
      if (classes) q = q.where('t.is_private', 'in', classes);
      if (!sight.withPrivate) q = q.where('f.private_path', '=', 0);
      const rows = await q
        .select([
          't.brand_id',
          't.type',
          sql<number>`sum(t.assets)`.as('assets'),
          sql<number>`sum(t.bytes)`.as('bytes'),
        ])
        .groupBy(['t.brand_id', 't.type'])
        .execute();
      return rows.map((r) => ({ brand_id: r.brand_id, type: r.type, assets: n(r.assets), bytes: n(r.bytes) }));
    },

    /** Assets added per day since `since` (a day). */
    async uploads(brandIds: number[], withPrivate: boolean, since: string) {
      if (!brandIds.length) return [];
      const rows = await db
        .selectFrom('upload_days')
        .where('brand_id', 'in', brandIds)
        .where('day', '>=', since)
        .$if(!withPrivate, (q) => q.where('hidden', '=', 0))
        .select(['day', sql<number>`sum(assets)`.as('assets'), sql<number>`sum(bytes)`.as('bytes')])
        .groupBy('day')
        .execute();
      return rows.map((r) => ({ day: r.day, assets: n(r.assets), bytes: n(r.bytes) }));
    },

    /** Downloads per day, kind and through a link or not, since `since`. */
    async downloads(brandIds: number[], withPrivate: boolean, since: string) {
      if (!brandIds.length) return [];
      const rows = await db
        .selectFrom('download_days')
        .where('brand_id', 'in', brandIds)
        .where('day', '>=', since)
        .$if(!withPrivate, (q) => q.where('hidden', '=', 0))
        .select(['day', 'kind', 'via_link', sql<number>`sum(count)`.as('count')])
        .groupBy(['day', 'kind', 'via_link'])
        .execute();
      return rows.map((r) => ({ day: r.day, kind: r.kind, link: r.via_link === 1, count: n(r.count) }));
    },

    /**
     * The most downloaded assets since `since` that are still there (and seen), summed from the
     * period's count rows: for a period that has no window (stats.windows.repo), or while its
     * window waits for the job to move it on.
     */
    topLive: (brandIds: number[], sight: Sight, since: string, limit: number) =>
      brandIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('download_counts as c')
            .innerJoin('asset_search as s', 's.asset_id', 'c.asset_id')
            .where('c.brand_id', 'in', brandIds)
            .where('c.day', '>=', since)
            .where('s.active', '=', 1)
            .$if(hiddenIn(sight) !== null, (q) => q.where('s.hidden', 'in', hiddenIn(sight)!))
            .select(['c.asset_id', sql<number>`sum(c.count)`.as('count')])
            .groupBy('c.asset_id')
            .orderBy(sql`sum(c.count)`, 'desc')
            .orderBy('c.asset_id', 'desc')
            .limit(limit)
            .execute(),

    /** Names and brands of ranked assets, in their order. */
    async named(rows: { asset_id: number; count: number | string }[]) {
      if (!rows.length) return [];
      const names = await db
        .selectFrom('assets')
        .select(['id', 'name', 'brand_id'])
        .where(
          'id',
          'in',
          rows.map((r) => r.asset_id),
        )
        .execute();
      const byId = new Map(names.map((a) => [a.id, a]));
      return rows.flatMap((r) => {
        const a = byId.get(r.asset_id);
        return a ? [{ id: a.id, name: a.name, brand_id: a.brand_id, count: n(r.count) }] : [];
      });
    },

    /** What `userId` added and downloaded per day in these brands since `since`. */
    async mine(userId: number, brandIds: number[], since: string) {
      if (!brandIds.length) return [];
      const rows = await db
        .selectFrom('user_activity_days')
        .where('user_id', '=', userId)
        .where('day', '>=', since)
        .where('brand_id', 'in', brandIds)
        .select(['day', sql<number>`sum(uploads)`.as('uploads'), sql<number>`sum(downloads)`.as('downloads')])
        .groupBy('day')
        .execute();
      return rows.map((r) => ({ day: r.day, uploads: n(r.uploads), downloads: n(r.downloads) }));
    },

    /** The most active people since `since` in these brands (all brands when undefined). */
    async active(brandIds: number[] | undefined, since: string, limit: number) {
      if (brandIds && !brandIds.length) return [];
      const rows = await db
        .selectFrom('user_activity_days as d')
        .innerJoin('users as u', 'u.id', 'd.user_id')
        .where('d.day', '>=', since)
        .$if(brandIds !== undefined, (q) => q.where('d.brand_id', 'in', brandIds!))
        .select([
          'u.id',
          'u.first_name',
          'u.last_name',
          'u.email',
          sql<number>`sum(d.uploads)`.as('uploads'),
          sql<number>`sum(d.downloads)`.as('downloads'),
        ])
        .groupBy(['u.id', 'u.first_name', 'u.last_name', 'u.email'])
        .orderBy(sql`sum(d.uploads) + sum(d.downloads)`, 'desc')
        .orderBy('u.id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        name: `${r.first_name} ${r.last_name}`.trim(),
        email: r.email,
        uploads: n(r.uploads),
        downloads: n(r.downloads),
      }));
    },

    /**
     * Active assets, bytes and all-time downloads under each folder (its whole subtree of active
     * folders): the folders' counter rows, a few per folder.
     */
    async folderTotals(ids: number[], sight: Sight) {
      if (!ids.length) return new Map<number, { assets: number; bytes: number; downloads: number }>();
      const classes = hiddenIn(sight);
      const vis = sql.join(
        [
          sight.withPrivate ? sql`1 = 1` : sql`sub.private_path = 0`,
          classes ? sql`t.is_private in (${sql.join(classes)})` : sql`1 = 1`,
        ],
        sql` and `,
      );
      const r = await sql<{ id: number; assets: number; bytes: number; downloads: number }>`
        select f.id as id, sum(t.assets) as assets, sum(t.bytes) as bytes, sum(t.downloads) as downloads
        from folders f
        join folders sub on sub.path like f.path || '%' and sub.status = 'ACTIVE'
        join folder_asset_totals t on t.folder_id = sub.id
        where f.id in (${sql.join(ids)}) and ${vis} group by f.id`.execute(db);
      return new Map(
        r.rows.map((x) => [Number(x.id), { assets: n(x.assets), bytes: n(x.bytes), downloads: n(x.downloads) }]),
      );
    },

    /**
     * Counts downloads beside `download_counts`: per brand, day, kind and link in `download_days`
     * (hidden as the asset is now), per active asset's folder in `folder_asset_totals`, and per
     * person in `user_activity_days`. `assets`: asset id → downloads.
     */
    async addDownloads(
      assets: Map<number, number>,
      day: string,
      kind: string,
      viaLink: boolean,
      userId: number | null,
    ) {
      const ids = [...assets.keys()];
      for (let i = 0; i < ids.length; i += SLICE) {
        const rows = await db
          .selectFrom('assets as a')
          .innerJoin('asset_search as s', 's.asset_id', 'a.id')
          .select([
            'a.id',
            'a.brand_id',
            'a.folder_id',
            'a.visibility',
            'a.type',
            'a.status',
            'a.availability',
            'a.review_state',
            's.hidden',
          ])
          .where('a.id', 'in', ids.slice(i, i + SLICE))
          .execute();
        const days = new Map<string, { brand_id: number; hidden: number; count: number }>();
        const folders = new Map<
          string,
          { folder_id: number; is_private: number; type: string; brand_id: number; downloads: number }
        >();
        const people = new Map<number, number>();
        const windows: { brand_id: number; asset_id: number; count: number }[] = [];
        for (const a of rows) {
          const k = assets.get(a.id) ?? 0;
          const d = `${a.brand_id}:${a.hidden}`;
          days.set(d, { brand_id: a.brand_id, hidden: a.hidden, count: (days.get(d)?.count ?? 0) + k });
          if (a.status === 'ACTIVE') {
            const is_private = hiddenAlone(a);
            const f = `${a.folder_id}:${is_private}:${a.type}`;
            const prev = folders.get(f)?.downloads ?? 0;
            folders.set(f, {
              folder_id: a.folder_id,
              is_private,
              type: a.type,
              brand_id: a.brand_id,
              downloads: prev + k,
            });
          }
          people.set(a.brand_id, (people.get(a.brand_id) ?? 0) + k);
          windows.push({ brand_id: a.brand_id, asset_id: a.id, count: k });
        }
        await windowsRepo(db).add(windows, day);
        if (days.size)
          await db
            .insertInto('download_days')
            .values([...days.values()].map((v) => ({ ...v, day, kind, via_link: viaLink ? 1 : 0 })))
            .onConflict((oc) =>
              oc
                .columns(['brand_id', 'day', 'hidden', 'kind', 'via_link'])
                .doUpdateSet({ count: sql<number>`download_days.count + excluded.count` }),
            )
            .execute();
        if (folders.size)
          await db
            .insertInto('folder_asset_totals')
            .values([...folders.values()].map((v) => ({ ...v, assets: 0, bytes: 0 })))
            .onConflict((oc) =>
              oc
                .columns(['folder_id', 'is_private', 'type'])
                .doUpdateSet({ downloads: sql<number>`folder_asset_totals.downloads + excluded.downloads` }),
            )
            .execute();
        if (userId !== null && people.size)
          await db
            .insertInto('user_activity_days')
            .values([...people].map(([brand_id, k]) => ({ brand_id, day, user_id: userId, uploads: 0, downloads: k })))
            .onConflict((oc) =>
              oc
                .columns(['brand_id', 'day', 'user_id'])
                .doUpdateSet({ downloads: sql<number>`user_activity_days.downloads + excluded.downloads` }),
            )
            .execute();
      }
    },
  };
}
export type StatsRepo = ReturnType<typeof statsRepo>;

declare module '../../deps/repos.js' {
  interface Repos {
    stats: ReturnType<typeof statsRepo>;
  }
}
