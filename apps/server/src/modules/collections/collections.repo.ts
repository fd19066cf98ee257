import { sql } from 'kysely';
import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import type { CollectionSort } from '@brandvault/contract';
import type { Database } from '../../db/schema.js';
import type { Db } from '../../db/index.js';
import { containsAny } from '../../db/like.js';
import { CARD_COLUMNS } from '../assets/assets.view.js';

/**
 * What a viewer may see of assets, as the policy decided it (collections.policy `sightOf`): the
 * rules of assetsPolicy.can('view') for one user, plus "not removed", turned into SQL so counts
 * and pages are computed in the query.
 */
export interface Sight {
  userId: number;
  /** Administrators: every brand. */
  allBrands: boolean;
  /** Brand managers: their brands even when INACTIVE. */
  inactiveBrands: boolean;
  /** PRIVATE assets and assets under PRIVATE folders, and expired and embargoed ones (members). */
  private: boolean;
  /** Others' uploads in review (reviewers); one's own are always seen. */
  reviewer: boolean;
  /**
   * A share link or public page shows it: only what may be used goes out, whoever made the link
   * (never expired, embargoed or in review).
   */
  outside?: boolean;
}

/** The availability and review rules of a sight, on a query that has `assets` (issue 40). */
function usable<Q extends SelectQueryBuilder<Database, 'assets', object>>(q: Q, sight: Sight): Q {
  let r = q;
  if (!sight.private || sight.outside) r = r.where('assets.availability', 'not in', ['expired', 'embargoed']) as Q;
  if (sight.outside) return r.where('assets.review_state', '=', 'approved') as Q;
  if (sight.reviewer) return r;
  return r.where((eb) =>
    eb.or([eb('assets.review_state', '=', 'approved'), eb('assets.created_by', '=', sight.userId)]),
  ) as Q;
}

type Joined = 'collection_assets' | 'assets' | 'folders' | 'brands' | 'user_brands';
type Scoped<O> = SelectQueryBuilder<Database, Joined, O>;

/** collection_assets joined to what decides an asset's visibility, filtered by the sight. */
function visibleMembers(db: Db, sight: Sight): Scoped<object> {
  let q = db
    .selectFrom('collection_assets')
    .innerJoin('assets', 'assets.id', 'collection_assets.asset_id')
    .innerJoin('folders', 'folders.id', 'assets.folder_id')
    .innerJoin('brands', 'brands.id', 'assets.brand_id')
    .leftJoin('user_brands', (j) =>
      j.onRef('user_brands.brand_id', '=', 'assets.brand_id').on('user_brands.user_id', '=', sight.userId),
    )
    .where('assets.status', '=', 'ACTIVE')
    .where('folders.status', '=', 'ACTIVE') as unknown as Scoped<object>;
  if (!sight.private) q = q.where('assets.visibility', '=', 'PUBLIC').where('folders.private_path', '=', 0);
  q = usable(q as never, sight);
  if (!sight.allBrands) {
    q = q.where('user_brands.user_id', 'is not', null);
    if (!sight.inactiveBrands) q = q.where('brands.status', '=', 'ACTIVE');
  }
  return q;
}

export type CollectionRow = {
  id: number;
  owner_id: number;
  name: string;
  favorite_of: number | null;
  created_at: string;
  updated_at: string;
};

export function collectionsRepo(db: Db) {
  const countOf = (sight: Sight) => (eb: ExpressionBuilder<Database, 'collections'>) =>
    visibleMembers(eb as unknown as Db, sight)
      .where('collection_assets.collection_id', '=', eb.ref('collections.id') as never)
      .select((e) => e.fn.countAll<number>().as('n'));

  return {
    byId: (id: number) =>
      db.selectFrom('collections').selectAll().where('id', '=', id).executeTakeFirst() as Promise<
        CollectionRow | undefined
      >,

    /** The owner's named collections (favourites apart), newest change first, with their counts. */
    async ownList(sight: Sight, q: string | undefined, page: number, perPage: number) {
      let base = db.selectFrom('collections').where('owner_id', '=', sight.userId).where('favorite_of', 'is', null);
      if (q) base = base.where(containsAny(['name'], q));
      const [total, items] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        base
          .selectAll('collections')
          .select((eb) => countOf(sight)(eb).as('asset_count'))
          .orderBy('updated_at', 'desc')
          .orderBy('id', 'desc')
          .limit(perPage)
          .offset((page - 1) * perPage)
          .execute(),
      ]);
      return {
        total: Number(total.n),
        items: items.map((r) => ({ ...(r as CollectionRow), asset_count: Number(r.asset_count ?? 0) })),
      };
    },

    /** Visible assets in these collections, counted. */
    async counts(sight: Sight, ids: number[]) {
      if (!ids.length) return new Map<number, number>();
      const rows = await visibleMembers(db, sight)
        .where('collection_assets.collection_id', 'in', ids)
        .select(['collection_assets.collection_id', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('collection_assets.collection_id')
        .execute();
      return new Map(rows.map((r) => [r.collection_id, Number(r.n)]));
    },

    /** Up to `n` thumbnail keys per collection, of its latest added visible assets. */
    async thumbs(sight: Sight, ids: number[], n = 4) {
      const out = new Map<number, string[]>();
      if (!ids.length) return out;
      const ranked = visibleMembers(db, sight)
        .where('collection_assets.collection_id', 'in', ids)
        .where('assets.thumb_key', 'is not', null)
        .select([
          'collection_assets.collection_id as cid',
          'assets.thumb_key as key',
          sql<number>`row_number() over (partition by collection_assets.collection_id order by collection_assets.added_at desc, collection_assets.asset_id desc)`.as(
            'rn',
          ),
        ]);
      const rows = await db
        .selectFrom(ranked.as('t'))
        .select(['t.cid', 't.key'])
        .where('t.rn', '<=', n)
        .orderBy('t.cid')
        .orderBy('t.rn')
        .execute();
      for (const r of rows) {
        const list = out.get(r.cid) ?? [];
        if (r.key) list.push(r.key);
        out.set(r.cid, list);
      }
      return out;
    },

    /** A page of the visible assets of one collection, as card rows, in the asked order. */
    async page(sight: Sight, id: number, sort: CollectionSort, page: number, perPage: number) {
      const q = visibleMembers(db, sight).where('collection_assets.collection_id', '=', id);
      const [total, idRows] = await Promise.all([
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        q
          .select('assets.id')
          .$call((x) => {
            const dir = sort.endsWith('-asc') || sort === 'date-oldest' ? 'asc' : 'desc';
            if (sort === 'added') return x.orderBy('collection_assets.added_at', 'desc').orderBy('assets.id', 'desc');
            if (sort.startsWith('name')) return x.orderBy(sql`lower(assets.name)`, dir).orderBy('assets.id');
            if (sort.startsWith('type'))
              return x
                .orderBy('assets.type', dir)
                .orderBy(sql`lower(assets.name)`, dir)
                .orderBy('assets.id', dir);
            if (sort.startsWith('size')) return x.orderBy('assets.size', dir).orderBy('assets.id', dir);
            return x.orderBy('assets.created_at', dir).orderBy('assets.id', dir);
          })
          .limit(perPage)
          .offset((page - 1) * perPage)
          .execute(),
      ]);
      const ids = idRows.map((r) => r.id);
      const rows = ids.length
        ? await db.selectFrom('assets').select(CARD_COLUMNS).where('id', 'in', ids).execute()
        : [];
      const byId = new Map(rows.map((r) => [r.id, r]));
      return {
        total: Number((total as { n: number | string }).n),
        items: ids.map((i) => byId.get(i)!).filter(Boolean),
      };
    },

    /** Every visible asset id in a collection (the hearts of the favourites). */
    visibleIds: async (sight: Sight, id: number) =>
      (
        await visibleMembers(db, sight)
          .where('collection_assets.collection_id', '=', id)
          .select('assets.id')
          .orderBy('assets.id')
          .execute()
      ).map((r) => r.id),

    /** The active assets the sight can see in a folder (or its subtree, by path prefix). */
    folderAssetIds: async (sight: Sight, folder: { id: number; path: string }, subfolders: boolean) => {
      let q = db
        .selectFrom('assets')
        .innerJoin('folders', 'folders.id', 'assets.folder_id')
        .select('assets.id')
        .where('assets.status', '=', 'ACTIVE')
        .where('folders.status', '=', 'ACTIVE');
      q = subfolders ? q.where('folders.path', 'like', `${folder.path}%`) : q.where('assets.folder_id', '=', folder.id);
      if (!sight.private) q = q.where('assets.visibility', '=', 'PUBLIC').where('folders.private_path', '=', 0);
      q = usable(q as never, sight);
      return (await q.orderBy('assets.id').execute()).map((r) => r.id);
    },

    async insert(row: { owner_id: number; name: string; favorite_of?: number | null; at: string }) {
      const { at, ...rest } = row;
      return (
        await db
          .insertInto('collections')
          .values({ ...rest, created_at: at, updated_at: at })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    },

    /** The user's favourites collection, made on first use (a race makes one: the other does nothing). */
    async ensureFavorites(userId: number, at: string) {
      const have = await db.selectFrom('collections').select('id').where('favorite_of', '=', userId).executeTakeFirst();
      if (have) return have.id;
      await db
        .insertInto('collections')
        .values({ owner_id: userId, name: 'Favorites', favorite_of: userId, created_at: at, updated_at: at })
        .onConflict((oc) => oc.column('favorite_of').doNothing())
        .execute();
      return (
        await db.selectFrom('collections').select('id').where('favorite_of', '=', userId).executeTakeFirstOrThrow()
      ).id;
    },

    nameTaken: async (ownerId: number, name: string, except?: number) =>
      !!(await db
        .selectFrom('collections')
        .select('id')
        .where('owner_id', '=', ownerId)
        .where('favorite_of', 'is', null)
        .where('name', '=', name)
        .$if(except !== undefined, (x) => x.where('id', '!=', except!))
        .executeTakeFirst()),

    async rename(id: number, name: string, at: string) {
      await db.updateTable('collections').set({ name, updated_at: at }).where('id', '=', id).execute();
    },

    async touch(id: number, at: string) {
      await db.updateTable('collections').set({ updated_at: at }).where('id', '=', id).execute();
    },

    async remove(id: number) {
      await db.deleteFrom('collections').where('id', '=', id).execute();
    },

    /** Ids already in the collection, of these. */
    present: async (id: number, assetIds: number[]) =>
      (
        await db
          .selectFrom('collection_assets')
          .select('asset_id')
          .where('collection_id', '=', id)
          .where('asset_id', 'in', assetIds)
          .execute()
      ).map((r) => r.asset_id),

    async addAssets(id: number, assetIds: number[], at: string) {
      if (!assetIds.length) return;
      await db
        .insertInto('collection_assets')
        .values(assetIds.map((asset_id) => ({ collection_id: id, asset_id, added_at: at })))
        .onConflict((oc) => oc.columns(['collection_id', 'asset_id']).doNothing())
        .execute();
    },

    async removeAssets(id: number, assetIds: number[]) {
      if (!assetIds.length) return;
      await db
        .deleteFrom('collection_assets')
        .where('collection_id', '=', id)
        .where('asset_id', 'in', assetIds)
        .execute();
    },

    /** Every asset id of the collection, whatever its state (for the audit of a delete). */
    memberCount: async (id: number) =>
      Number(
        (
          await db
            .selectFrom('collection_assets')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('collection_id', '=', id)
            .executeTakeFirstOrThrow()
        ).n,
      ),
  };
}
export type CollectionsRepo = ReturnType<typeof collectionsRepo>;

declare module '../../deps/repos.js' {
  interface Repos {
    collections: ReturnType<typeof collectionsRepo>;
  }
}
