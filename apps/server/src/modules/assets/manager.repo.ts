import { sql } from 'kysely';
import type { RawBuilder, SelectQueryBuilder, SqlBool } from 'kysely';
import type { AssetManagerSort } from '@brandvault/contract';
import type { Db, Dialect } from '../../db/index.js';
import { countUpTo, countUpToQuery } from '../../db/paged.js';
import type { AssetSearchTable, AssetsTable, Database } from '../../db/schema.js';
import { underPath } from '../../db/pathPrefix.js';

/**
 * What the all-assets table asks for. Status is `asset_search.active`: a folder is never
 * INACTIVE (removing one deletes it and its assets), so `active` is exactly the asset's status.
 */
export interface ManagerFilters {
  /** Brands in scope, one at least (a folder filter names its own brand here). */
  brandIds: number[];
  /** A folder's subtree (its path, '/1/5/'); never the root folder, which is the brand itself. */
  path?: string;
  /** 1 ACTIVE, 0 INACTIVE; one at least. */
  active: (0 | 1)[];
  withPrivate: boolean;
  type?: string;
  uploader?: number;
  /** Upload time, inclusive lower and exclusive upper bound (ISO). */
  from?: string;
  before?: string;
}
export interface ManagerOrder {
  key: AssetManagerSort;
  dir: 'asc' | 'desc';
}

type Tables = Database & { s: AssetSearchTable; a: AssetsTable };
type Q = SelectQueryBuilder<Tables, 's' | 'a', object>;
type Mode = 'count' | 'sort' | 'walk';
/** One index range a walk reads in order: a brand and, on the search table's indexes, a status. */
type Part = { brandId: number; active?: 0 | 1 };

/** Sort keys, in index order after (brand, status): search table columns, or the size on assets. */
const KEYS: Record<AssetManagerSort, readonly string[]> = {
  date: ['s.sort_date'],
  name: ['s.name_lc'],
  type: ['s.type', 's.name_lc'],
  size: ['a.size'],
};
/** A walk merges at most this many index ranges (brands × statuses); beyond, the matches are sorted. */
const MAX_PARTS = 64;

/**
 * The all-assets table's statements. Counts stop at `cap + 1` and use whichever index fits the
 * filters. A page of a capped count walks the sort index (asset_search_brand_{date,name,type}
 * per brand and status, assets_manager_size per brand), checking the other filters row by row
 * and stopping after offset + page rows: several brands or both statuses are several walks
 * merged. A page of an exact count gathers the matches through the filters' indexes and sorts
 * them (at most `cap` rows).
 */
export function assetManagerRepo(db: Db, dialect: Dialect) {
  const pg = dialect === 'postgres';
  /** SQLite: unary + keeps a condition off its own index, so a walk stays in the sort index. */
  const col = (name: string, guard: boolean) => (guard && !pg ? sql`+${sql.ref(name)}` : sql.ref(name));
  /** The key as an expression no index serves, same order: the matches are sorted. */
  const sorted = (name: string) =>
    pg ? (name === 'a.size' ? sql`${sql.ref(name)} + 0` : sql`${sql.ref(name)} || ''`) : sql`+${sql.ref(name)}`;

  function base(mode: Mode, joinAssets: boolean, sizeWalk: boolean): Q {
    if (sizeWalk)
      return db
        .selectFrom('assets as a')
        .crossJoin('asset_search as s')
        .where(sql<SqlBool>`s.asset_id = a.id`) as unknown as Q;
    const q = db.selectFrom('asset_search as s');
    if (!joinAssets) return q as unknown as Q;
    // A walk keeps the search table outside (CROSS JOIN fixes SQLite's order): assets by key.
    return (mode === 'walk'
      ? q.crossJoin('assets as a').where(sql<SqlBool>`a.id = s.asset_id`)
      : q.innerJoin('assets as a', 'a.id', 's.asset_id')) as unknown as Q;
  }

  function filtered(f: ManagerFilters, mode: Mode, key: AssetManagerSort, part?: Part): Q {
    const sizeWalk = mode === 'walk' && key === 'size';
    const walk = mode === 'walk';
    let q = base(mode, f.uploader !== undefined || (mode !== 'count' && key === 'size'), sizeWalk);
    const where = (c: RawBuilder<unknown>) => (q = q.where(c as RawBuilder<SqlBool>));
    if (part) where(sql`${sql.ref(sizeWalk ? 'a.brand_id' : 's.brand_id')} = ${part.brandId}`);
    if (part?.active !== undefined) where(sql`s.active = ${part.active}`);
    if (!part && !f.path) where(sql`s.brand_id in (${sql.join(f.brandIds)})`);
    if (f.path)
      where(
        walk
          ? underPath('s.folder_path', f.path)
          : sql`s.folder_id in (${db.selectFrom('folders').select('folders.id').where(underPath('folders.path', f.path))})`,
      );
    // Counts and sorted pages name both statuses too: the filters' indexes hold status second.
    if (!walk) where(sql`s.active in (${sql.join(f.active)})`);
    else if (f.active.length === 1 && part?.active === undefined)
      where(sql`${col('s.active', sizeWalk)} = ${f.active[0]}`);
    if (!f.withPrivate) where(sql`${col('s.hidden', walk)} = 0`);
    if (f.type) where(sql`${col('s.type', walk && key !== 'type')} = ${f.type}`);
    if (f.from) where(sql`${col('s.sort_date', walk && key !== 'date')} >= ${f.from}`);
    if (f.before) where(sql`${col('s.sort_date', walk && key !== 'date')} < ${f.before}`);
    if (f.uploader !== undefined) where(sql`${col('a.created_by', sizeWalk)} = ${f.uploader}`);
    return q;
  }

  /**
   * A person's assets, counted from assets_manager_uploader alone (uploader, brand, status, type,
   * upload time); the search table is joined only for privacy. Status is the asset's own here,
   * the same as `active` (see ManagerFilters).
   */
  function byUploader(f: ManagerFilters): Q {
    let q = (f.withPrivate
      ? db.selectFrom('assets as a')
      : db
          .selectFrom('assets as a')
          .innerJoin('asset_search as s', 's.asset_id', 'a.id')
          .where('s.hidden', '=', 0)) as unknown as Q;
    const where = (c: RawBuilder<unknown>) => (q = q.where(c as RawBuilder<SqlBool>));
    where(sql`a.created_by = ${f.uploader}`);
    if (f.path)
      where(
        sql`a.folder_id in (${db.selectFrom('folders').select('folders.id').where(underPath('folders.path', f.path))})`,
      );
    else where(sql`a.brand_id in (${sql.join(f.brandIds)})`);
    where(sql`a.status in (${sql.join(f.active.map((a) => (a === 1 ? 'ACTIVE' : 'INACTIVE')))})`);
    if (f.type) where(sql`a.type = ${f.type}`);
    if (f.from) where(sql`a.created_at >= ${f.from}`);
    if (f.before) where(sql`a.created_at < ${f.before}`);
    return q;
  }
  const countRows = (f: ManagerFilters) => (f.uploader !== undefined ? byUploader(f) : filtered(f, 'count', 'date'));

  const idCol = (key: AssetManagerSort) => (key === 'size' ? 'a.id' : 's.asset_id');

  /** One walk: the ids and sort keys of the first `limit` rows of a part, in order. */
  function walkPart(f: ManagerFilters, order: ManagerOrder, part: Part, limit: number) {
    let q = filtered(f, 'walk', order.key, part).select(sql.ref(idCol(order.key)).as('id'));
    KEYS[order.key].forEach((k, i) => (q = q.select(sql.ref(k).as(`k${i}`))));
    for (const k of KEYS[order.key]) q = q.orderBy(sql.ref(k), order.dir);
    return q.orderBy(sql.ref(idCol(order.key)), order.dir).limit(limit);
  }

  /** The walks of every part, merged: each reads at most offset + limit rows of its range. */
  function walked(f: ManagerFilters, order: ManagerOrder, parts: Part[], limit: number, offset: number) {
    if (parts.length === 1) return walkPart(f, order, parts[0]!, limit).offset(offset);
    const [first, ...rest] = parts.map((p, i) =>
      db.selectFrom(walkPart(f, order, p, offset + limit).as(`p${i}`)).selectAll(),
    );
    let union = first!;
    for (const r of rest) union = union.unionAll(r);
    let q = db.selectFrom(union.as('merged')).select('merged.id');
    for (let i = 0; i < KEYS[order.key].length; i++) q = q.orderBy(sql.ref(`merged.k${i}`), order.dir);
    return q.orderBy('merged.id', order.dir).limit(limit).offset(offset);
  }

  function sortedPage(f: ManagerFilters, order: ManagerOrder, limit: number, offset: number) {
    let q = filtered(f, 'sort', order.key).select(sql.ref(idCol(order.key)).as('id'));
    for (const k of KEYS[order.key]) q = q.orderBy(sorted(k), order.dir);
    return q
      .orderBy(sql.ref(idCol(order.key)), order.dir)
      .limit(limit)
      .offset(offset);
  }

  /** The index ranges a walk reads, or null when there are too many to merge. */
  function partsOf(f: ManagerFilters, key: AssetManagerSort): Part[] | null {
    const statuses = key === 'size' || f.active.length === 1 ? [undefined] : f.active;
    const parts = f.brandIds.flatMap((brandId) => statuses.map((active) => ({ brandId, active })));
    return parts.length <= MAX_PARTS ? parts : null;
  }

  /** The page's ids in order: walked when more than `cap` match, else the matches sorted. */
  function pageQuery(f: ManagerFilters, order: ManagerOrder, limit: number, offset: number, capped: boolean) {
    const parts = capped ? partsOf(f, order.key) : null;
    return parts ? walked(f, order, parts, limit, offset) : sortedPage(f, order, limit, offset);
  }

  return {
    /** At most `cap + 1`: the caller reports `cap` and that there are more. */
    count: (f: ManagerFilters, cap: number) => countUpTo(db, countRows(f), cap),
    countQuery: (f: ManagerFilters, cap: number) => countUpToQuery(countRows(f), cap),
    pageQuery,
    async pageIds(f: ManagerFilters, order: ManagerOrder, limit: number, offset: number, capped: boolean) {
      const rows = await pageQuery(f, order, limit, offset, capped).execute();
      return rows.map((r) => Number(r.id));
    },

    /** The rows of a page with their folder, brand and uploader, in no particular order. */
    rows: (ids: number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('assets')
            .innerJoin('folders', 'folders.id', 'assets.folder_id')
            .innerJoin('brands', 'brands.id', 'assets.brand_id')
            .leftJoin('users', 'users.id', 'assets.created_by')
            .select([
              'assets.id',
              'assets.brand_id',
              'assets.folder_id',
              'assets.name',
              'assets.ext',
              'assets.mime',
              'assets.type',
              'assets.size',
              'assets.visibility',
              'assets.status',
              'assets.thumb_key',
              'assets.created_at',
              'assets.updated_at',
              'folders.path as folder_path',
              'folders.status as folder_status',
              'brands.name as brand_name',
              'users.id as uploader_id',
              'users.first_name as uploader_first',
              'users.last_name as uploader_last',
            ])
            .where('assets.id', 'in', ids)
            .execute(),

    /**
     * The brands a user reaches, by name: every brand for administrators; otherwise the brands
     * they are assigned to, inactive ones only with brand.manage (brandsPolicy.see).
     */
    brandsFor(userId: number, all: boolean, withInactive: boolean) {
      let q = db.selectFrom('brands').select(['brands.id', 'brands.name', 'brands.status']);
      if (!all) {
        q = q.innerJoin('user_brands', 'user_brands.brand_id', 'brands.id').where('user_brands.user_id', '=', userId);
        if (!withInactive) q = q.where('brands.status', '=', 'ACTIVE');
      }
      return q.orderBy('brands.name').orderBy('brands.id').execute();
    },
  };
}
export type AssetManagerRepo = ReturnType<typeof assetManagerRepo>;
