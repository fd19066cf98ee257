import { sql } from 'kysely';
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/index.js';
import { containsAny } from '../../db/like.js';
import type { BrandsTable } from '../../db/schema.js';
import { paged } from '../../db/paged.js';

const summary = [
  'brands.id',
  'brands.name',
  'brands.slug',
  'brands.status',
  'brands.image_key',
  'brands.logo_key',
  'brands.description',
  'brands.accent_color',
] as const;

export function brandsRepo(db: Db) {
  return {
    /** Active brands a user is assigned to; every active brand when `all` (administrators). */
    async forUser(userId: number, all: boolean) {
      if (all) return db.selectFrom('brands').select(summary).where('status', '=', 'ACTIVE').orderBy('name').execute();
      return db
        .selectFrom('brands')
        .innerJoin('user_brands', 'user_brands.brand_id', 'brands.id')
        .select(summary)
        .where('user_brands.user_id', '=', userId)
        .where('brands.status', '=', 'ACTIVE')
        .orderBy('brands.name')
        .execute();
    },

    async isMember(userId: number, brandId: number) {
      const r = await db
        .selectFrom('user_brands')
        .select('brand_id')
        .where('user_id', '=', userId)
        .where('brand_id', '=', brandId)
        .executeTakeFirst();
      return !!r;
    },

    byId: (id: number) => db.selectFrom('brands').selectAll().where('id', '=', id).executeTakeFirst(),

    summaryById: (id: number) => db.selectFrom('brands').select(summary).where('id', '=', id).executeTakeFirst(),

    /**
     * The brand a collection speaks for outside: the one holding most of its assets (the lowest
     * id on a tie); none while it is empty.
     */
    async mainOfCollection(collectionId: number) {
      const top = await db
        .selectFrom('collection_assets')
        .innerJoin('assets', 'assets.id', 'collection_assets.asset_id')
        .select((eb) => ['assets.brand_id', eb.fn.countAll<number>().as('n')])
        .where('collection_assets.collection_id', '=', collectionId)
        .groupBy('assets.brand_id')
        .orderBy('n', 'desc')
        .orderBy('assets.brand_id')
        .executeTakeFirst();
      if (!top) return undefined;
      return db.selectFrom('brands').select(summary).where('id', '=', top.brand_id).executeTakeFirst();
    },

    async slugTaken(slug: string) {
      return !!(await db.selectFrom('brands').select('id').where('slug', '=', slug).executeTakeFirst());
    },

    async insert(row: Insertable<BrandsTable>) {
      return (await db.insertInto('brands').values(row).returning('id').executeTakeFirstOrThrow()).id;
    },

    async update(id: number, patch: Updateable<BrandsTable>) {
      await db.updateTable('brands').set(patch).where('id', '=', id).execute();
    },

    async page(search: string | undefined, page: number, perPage: number) {
      let q = db.selectFrom('brands');
      if (search) {
        q = q.where(containsAny(['name', 'slug'], search));
      }
      return paged(q, (p) => p.selectAll().orderBy('name').orderBy('id'), page, perPage);
    },

    /**
     * Each brand's figures in one statement, two index seeks per brand: its live assets of the
     * privacy classes `hidden` (0 public, 1 private: the search's rule) summed over the `type`
     * rows of `brand_facets`, the search's own totals, and its last upload day from
     * `upload_days`. Neither reads `assets`, so the cost does not grow with the library.
     */
    async figures(brandIds: number[], hidden: number[]): Promise<Map<number, { assets: number; last: string | null }>> {
      if (!brandIds.length || !hidden.length) return new Map();
      const rows = await db
        .selectFrom('brands as b')
        .where('b.id', 'in', brandIds)
        .select((eb) => [
          'b.id',
          eb
            .selectFrom('brand_facets as f')
            .whereRef('f.brand_id', '=', 'b.id')
            .where('f.hidden', 'in', hidden)
            .where('f.facet', '=', 'type')
            .select(sql<number>`coalesce(sum(f.n), 0)`.as('n'))
            .as('assets'),
          eb
            .selectFrom('upload_days as u')
            .whereRef('u.brand_id', '=', 'b.id')
            .where('u.hidden', 'in', hidden)
            .select(sql<string>`max(u.day)`.as('d'))
            .as('last'),
        ])
        .execute();
      return new Map(rows.map((r) => [r.id, { assets: Number(r.assets ?? 0), last: r.last ?? null }]));
    },

    async usersCount(brandIds: number[]): Promise<Map<number, number>> {
      if (!brandIds.length) return new Map();
      const rows = await db
        .selectFrom('user_brands')
        .select(['brand_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('brand_id', 'in', brandIds)
        .groupBy('brand_id')
        .execute();
      return new Map(rows.map((r) => [r.brand_id, Number(r.n)]));
    },

    async byUsers(userIds: number[]): Promise<Map<number, { id: number; name: string }[]>> {
      const out = new Map<number, { id: number; name: string }[]>();
      if (!userIds.length) return out;
      const rows = await db
        .selectFrom('user_brands')
        .innerJoin('brands', 'brands.id', 'user_brands.brand_id')
        .select(['user_brands.user_id', 'brands.id', 'brands.name'])
        .where('user_brands.user_id', 'in', userIds)
        .orderBy('brands.name')
        .execute();
      for (const r of rows)
        (out.get(r.user_id) ?? out.set(r.user_id, []).get(r.user_id)!).push({ id: r.id, name: r.name });
      return out;
    },

    async existingIds(ids: readonly number[]): Promise<Set<number>> {
      if (!ids.length) return new Set();
      const rows = await db
        .selectFrom('brands')
        .select('id')
        .where('id', 'in', [...ids])
        .execute();
      return new Set(rows.map((r) => r.id));
    },

    async setUserBrands(userId: number, brandIds: readonly number[]) {
      await db.deleteFrom('user_brands').where('user_id', '=', userId).execute();
      if (brandIds.length) {
        await db
          .insertInto('user_brands')
          .values([...new Set(brandIds)].map((brand_id) => ({ user_id: userId, brand_id })))
          .execute();
      }
    },
  };
}
export type BrandsRepo = ReturnType<typeof brandsRepo>;

declare module '../../deps/repos.js' {
  interface Repos {
    brands: ReturnType<typeof brandsRepo>;
  }
}
