import type { Insertable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { ExpiryNoticesTable } from '../../db/schema/rights.js';

/** Who manages a brand's rights: its members holding `rights.manage` receive the notices. */
export const RIGHTS_MANAGER_PERMISSION = 'rights.manage';

/** The SQL of expiry notices: the assets due one, who hears of them, and what was sent. */
export function expiryNoticesRepo(db: Db) {
  return {
    /**
     * Active assets in active folders whose rights end between `today` and `lastDay` (not yet
     * expired), or that expired on or after `expiredSince`. At most `limit`, by id after `afterId`.
     */
    candidates: (today: string, lastDay: string, expiredSince: string, afterId: number, limit: number) =>
      db
        .selectFrom('assets as a')
        .innerJoin('folders as f', 'f.id', 'a.folder_id')
        .where('a.id', '>', afterId)
        .where('a.status', '=', 'ACTIVE')
        .where('f.status', '=', 'ACTIVE')
        .where((eb) =>
          eb.or([
            eb.and([
              eb('a.availability', 'in', ['available', 'expiring']),
              eb('a.availability_date', '>=', today),
              eb('a.availability_date', '<=', lastDay),
            ]),
            eb.and([eb('a.availability', '=', 'expired'), eb('a.availability_date', '>=', expiredSince)]),
          ]),
        )
        .select(['a.id', 'a.brand_id', 'a.name', 'a.created_by', 'a.availability', 'a.availability_date'])
        .orderBy('a.id')
        .limit(limit)
        .execute(),

    /** The notices already sent for these assets. */
    async sent(assetIds: number[]) {
      if (!assetIds.length) return [];
      return db
        .selectFrom('expiry_notices')
        .where('asset_id', 'in', assetIds)
        .select(['asset_id', 'threshold', 'until'])
        .execute();
    },

    /**
     * Records notices as sent and answers the assets it recorded: one already there (sent by a
     * run at the same time, or a re-run) is left as it was and not answered.
     */
    async record(rows: Insertable<ExpiryNoticesTable>[]) {
      const out = new Set<number>();
      for (let i = 0; i < rows.length; i += 500)
        for (const r of await db
          .insertInto('expiry_notices')
          .values(rows.slice(i, i + 500))
          .onConflict((oc) => oc.columns(['asset_id', 'threshold', 'until']).doNothing())
          .returning('asset_id')
          .execute())
          out.add(r.asset_id);
      return out;
    },

    /** The active members of each brand who hold the rights managers' permission. */
    async rightsManagersOf(brandIds: number[]) {
      if (!brandIds.length) return new Map<number, number[]>();
      const holders = db
        .selectFrom('user_roles as ur')
        .innerJoin('role_permissions as rp', 'rp.role_id', 'ur.role_id')
        .innerJoin('permissions as p', 'p.id', 'rp.permission_id')
        .select('ur.user_id')
        .where('p.name', '=', RIGHTS_MANAGER_PERMISSION)
        .union(
          db
            .selectFrom('user_permissions as up')
            .innerJoin('permissions as p', 'p.id', 'up.permission_id')
            .select('up.user_id')
            .where('p.name', '=', RIGHTS_MANAGER_PERMISSION),
        );
      const rows = await db
        .selectFrom('user_brands as ub')
        .innerJoin('users as u', 'u.id', 'ub.user_id')
        .where('ub.brand_id', 'in', brandIds)
        .where('u.status', '=', 'ACTIVE')
        .where('u.id', 'in', holders)
        .select(['ub.brand_id', 'ub.user_id'])
        .execute();
      const out = new Map<number, number[]>();
      for (const r of rows) out.set(r.brand_id, [...(out.get(r.brand_id) ?? []), r.user_id]);
      return out;
    },

    /** The people mail goes to, with their language. */
    async people(ids: number[]) {
      if (!ids.length) return [];
      return db
        .selectFrom('users')
        .where('id', 'in', ids)
        .select(['id', 'email', 'first_name', 'last_name', 'lang'])
        .execute();
    },
  };
}

export type ExpiryNoticesRepo = ReturnType<typeof expiryNoticesRepo>;

declare module '../../deps/repos.js' {
  interface Repos {
    expiryNotices: ExpiryNoticesRepo;
  }
}
