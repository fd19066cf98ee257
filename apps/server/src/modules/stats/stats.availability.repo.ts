import { sql } from 'kysely';
import type { Db } from '../../db/index.js';

/**
 * The dashboard's usage-rights counts: active, approved assets in active folders per brand and
 * state, read from the (availability, availability_date) index's two rare states only, so the
 * cost follows the expiring and expired assets, not the library. `withPrivate` false: only what
 * every member of the brand sees (PUBLIC assets outside PRIVATE folders, none expired).
 */
export function statsAvailabilityRepo(db: Db) {
  return {
    async counts(brandIds: number[], withPrivate: boolean) {
      if (!brandIds.length) return [];
      let q = db
        .selectFrom('assets as a')
        .innerJoin('folders as f', 'f.id', 'a.folder_id')
        .where('a.availability', 'in', ['expiring', 'expired'])
        .where('a.brand_id', 'in', brandIds)
        .where('a.status', '=', 'ACTIVE')
        .where('a.review_state', '=', 'approved')
        .where('f.status', '=', 'ACTIVE');
      // Without private sight (guests), expired assets are out of reach too: only expiring ones count.
      if (!withPrivate)
        q = q
          .where('a.visibility', '=', 'PUBLIC')
          .where('f.private_path', '=', 0)
          .where('a.availability', '=', 'expiring');
      const rows = await q
        .select(['a.brand_id', 'a.availability', sql<number>`count(*)`.as('n')])
        .groupBy(['a.brand_id', 'a.availability'])
        .execute();
      return rows.map((r) => ({ brand_id: r.brand_id, availability: r.availability, n: Number(r.n) }));
    },
  };
}

declare module '../../deps/repos.js' {
  interface Repos {
    statsAvailability: ReturnType<typeof statsAvailabilityRepo>;
  }
}
