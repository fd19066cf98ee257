import type { Db } from '../../db/index.js';
import type { AssetAvailability } from '../../db/schema.js';

/** `ids in (…)` in slices, well under either database's limit on parameters. */
const SLICE = 500;

const slices = <T>(xs: readonly T[]) => {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += SLICE) out.push(xs.slice(i, i + SLICE));
  return out;
};

export interface AvailabilityWrite {
  availability: AssetAvailability;
  availability_date: string | null;
  availability_reason: string | null;
}

/** The SQL of assets' availability: the dates it is computed from and its writes, for many assets at once. */
export function availabilityRepo(db: Db) {
  return {
    /** Each asset's own window, its current state and its brand's warning window. */
    async assets(ids: readonly number[]) {
      const out = [];
      for (const part of slices(ids))
        out.push(
          ...(await db
            .selectFrom('assets as a')
            .innerJoin('brands as b', 'b.id', 'a.brand_id')
            .where('a.id', 'in', part)
            .select([
              'a.id',
              'a.brand_id',
              'a.available_from',
              'a.available_until',
              'a.availability',
              'a.availability_date',
              'a.availability_reason',
              'b.expiry_warning_days',
            ])
            .execute()),
        );
      return out;
    },

    /** The licences of these assets, with their dates. */
    async licences(ids: readonly number[]) {
      const out = [];
      for (const part of slices(ids))
        out.push(
          ...(await db
            .selectFrom('asset_licences as al')
            .innerJoin('licences as l', 'l.id', 'al.licence_id')
            .where('al.asset_id', 'in', part)
            .select(['al.asset_id', 'l.id', 'l.name', 'l.valid_from', 'l.valid_until'])
            .orderBy('l.id')
            .execute()),
        );
      return out;
    },

    /** The consents of these assets, with their end dates. */
    async consents(ids: readonly number[]) {
      const out = [];
      for (const part of slices(ids))
        out.push(
          ...(await db
            .selectFrom('asset_consents as ac')
            .innerJoin('consents as c', 'c.id', 'ac.consent_id')
            .where('ac.asset_id', 'in', part)
            .select(['ac.asset_id', 'c.id', 'c.person', 'c.valid_until'])
            .orderBy('c.id')
            .execute()),
        );
      return out;
    },

    /**
     * Takes these assets' rows for the transaction, in id order, touching no column a trigger
     * watches (so nothing else is locked or rewritten).
     */
    async lockRows(ids: readonly number[]) {
      for (const part of slices([...ids].sort((a, b) => a - b)))
        await db
          .updateTable('assets')
          .set((eb) => ({ id: eb.ref('id') }))
          .where('id', 'in', part)
          .execute();
    },

    /** Writes one outcome to many assets; answers how many rows changed. */
    async write(ids: readonly number[], v: AvailabilityWrite) {
      let n = 0;
      for (const part of slices(ids)) {
        const r = await db.updateTable('assets').set(v).where('id', 'in', part).executeTakeFirst();
        n += Number(r.numUpdatedRows);
      }
      return n;
    },

    /** The brands, with their warning windows (the daily run goes brand by brand). */
    brands: () => db.selectFrom('brands').select(['id', 'expiry_warning_days']).orderBy('id').execute(),

    /**
     * Of one brand, after asset `afterId`, the assets whose state can change on `today`: an
     * embargo whose start has come, an expiring end that has passed, an available end that has
     * come within the warning window (its end on or before `warnBy`). At most `limit` ids.
     */
    async due(brandId: number, today: string, warnBy: string, afterId: number, limit: number) {
      const rows = await db
        .selectFrom('assets')
        .where('brand_id', '=', brandId)
        .where('id', '>', afterId)
        .where('availability_date', 'is not', null)
        .where((eb) =>
          eb.or([
            eb.and([eb('availability', '=', 'embargoed'), eb('availability_date', '<=', today)]),
            eb.and([eb('availability', '=', 'expiring'), eb('availability_date', '<', today)]),
            eb.and([eb('availability', '=', 'available'), eb('availability_date', '<=', warnBy)]),
          ]),
        )
        .select('id')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },

    /** The assets of a brand with an end date that is not past: the warning window moves them. */
    async withEnd(brandId: number) {
      const rows = await db
        .selectFrom('assets')
        .where('brand_id', '=', brandId)
        .where('availability', 'in', ['available', 'expiring'])
        .where('availability_date', 'is not', null)
        .select('id')
        .execute();
      return rows.map((r) => r.id);
    },
  };
}

export type AvailabilityRepo = ReturnType<typeof availabilityRepo>;

declare module '../../deps/repos.js' {
  interface Repos {
    availability: AvailabilityRepo;
  }
}
