import { sql } from 'kysely';
import type { Db } from '../../db/index.js';

/** Whose users a count covers: those sharing a brand with `viewer` (all when undefined), of `brandId`. */
export interface UserScope {
  viewer?: number;
  brandId?: number;
}

/** The SQL of the users statistics (§7 `PUT ops/users/statistics`): grouped counts, no rows. */
export function userStatsRepo(db: Db) {
  const scoped = (s: UserScope) => {
    let q = db.selectFrom('users');
    if (s.viewer !== undefined) {
      const viewer = s.viewer;
      q = q.where((eb) =>
        eb.or([
          eb('users.id', '=', viewer),
          eb(
            'users.id',
            'in',
            eb
              .selectFrom('user_brands as theirs')
              .innerJoin('user_brands as mine', 'mine.brand_id', 'theirs.brand_id')
              .select('theirs.user_id')
              .where('mine.user_id', '=', viewer),
          ),
        ]),
      );
    }
    if (s.brandId !== undefined) {
      const brandId = s.brandId;
      q = q.where('users.id', 'in', (eb) =>
        eb.selectFrom('user_brands').select('user_id').where('brand_id', '=', brandId),
      );
    }
    return q;
  };
  const n = sql<number>`count(*)`.as('n');
  return {
    byStatus: (s: UserScope) => scoped(s).select(['users.status', n]).groupBy('users.status').execute(),
    /** Registrations waiting for an administrator: inactive and never approved (users.repo's PENDING). */
    pending: (s: UserScope) =>
      scoped(s)
        .where('users.status', '=', 'INACTIVE')
        .where('users.approved_at', 'is', null)
        .select(n)
        .executeTakeFirstOrThrow(),
    byRole: (s: UserScope) =>
      scoped(s)
        .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
        .innerJoin('roles', 'roles.id', 'user_roles.role_id')
        .select(['roles.name', n])
        .groupBy('roles.name')
        .execute(),
    /** Only brands the viewer belongs to: a colleague's other brands are not theirs to see. */
    byBrand: (s: UserScope) =>
      scoped(s)
        .innerJoin('user_brands', 'user_brands.user_id', 'users.id')
        .innerJoin('brands', 'brands.id', 'user_brands.brand_id')
        .$if(s.viewer !== undefined, (q) =>
          q.where('brands.id', 'in', (eb) =>
            eb.selectFrom('user_brands as own').select('own.brand_id').where('own.user_id', '=', s.viewer!),
          ),
        )
        .select(['brands.id', 'brands.name', n])
        .groupBy(['brands.id', 'brands.name'])
        .orderBy(sql`count(*)`, 'desc')
        .orderBy('brands.id')
        .execute(),
    signups: (s: UserScope, since: string) =>
      scoped(s)
        .where('users.created_at', '>=', since)
        .select([sql<string>`substr(users.created_at, 1, 10)`.as('day'), n])
        .groupBy(sql`substr(users.created_at, 1, 10)`)
        .orderBy(sql`substr(users.created_at, 1, 10)`)
        .execute(),
  };
}

declare module '../../deps/repos.js' {
  interface Repos {
    userStats: ReturnType<typeof userStatsRepo>;
  }
}
