import type { Db } from '../../db/index.js';

const summary = ['brands.id', 'brands.name', 'brands.slug', 'brands.status', 'brands.image_uri', 'brands.logo_uri'] as const;

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
      for (const r of rows) (out.get(r.user_id) ?? out.set(r.user_id, []).get(r.user_id)!).push({ id: r.id, name: r.name });
      return out;
    },

    async existingIds(ids: readonly number[]): Promise<Set<number>> {
      if (!ids.length) return new Set();
      const rows = await db.selectFrom('brands').select('id').where('id', 'in', [...ids]).execute();
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
