import type { Db } from '../../db/index.js';
import type { AssetAvailability } from '../../db/schema.js';

/** What an asset's availability is computed from, and where it is written. */
export function availabilityRepo(db: Db) {
  return {
    /** The assets' own windows with their brand's expiring window. */
    assets: (ids: number[]) =>
      ids.length
        ? db
            .selectFrom('assets')
            .innerJoin('brands', 'brands.id', 'assets.brand_id')
            .select(['assets.id', 'assets.available_from', 'assets.available_until', 'brands.expiry_warning_days'])
            .where('assets.id', 'in', ids)
            .execute()
        : Promise.resolve([]),
    /** The dates of the licences linked to these assets. */
    licences: (ids: number[]) =>
      ids.length
        ? db
            .selectFrom('asset_licences')
            .innerJoin('licences', 'licences.id', 'asset_licences.licence_id')
            .select([
              'asset_licences.asset_id',
              'licences.id',
              'licences.name',
              'licences.valid_from',
              'licences.valid_until',
            ])
            .where('asset_licences.asset_id', 'in', ids)
            .execute()
        : Promise.resolve([]),
    /** The end dates of the consents linked to these assets. */
    consents: (ids: number[]) =>
      ids.length
        ? db
            .selectFrom('asset_consents')
            .innerJoin('consents', 'consents.id', 'asset_consents.consent_id')
            .select(['asset_consents.asset_id', 'consents.id', 'consents.person', 'consents.valid_until'])
            .where('asset_consents.asset_id', 'in', ids)
            .execute()
        : Promise.resolve([]),
    write: (
      id: number,
      v: { availability: string; availability_date: string | null; availability_reason: string | null },
    ) =>
      db
        .updateTable('assets')
        .set({ ...v, availability: v.availability as AssetAvailability })
        .where('id', '=', id)
        .execute(),
  };
}

declare module '../../deps/repos.js' {
  interface Repos {
    availability: ReturnType<typeof availabilityRepo>;
  }
}
