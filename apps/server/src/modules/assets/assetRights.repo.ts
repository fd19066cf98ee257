import type { Db } from '../../db/index.js';

/** A licence linked to an asset, as downloads show and embed it. */
export interface LinkedLicence {
  asset_id: number;
  id: number;
  name: string;
  holder: string | null;
  terms: string | null;
  channels: string;
  territories: string;
  valid_until: string | null;
}

/** What the ways out need of an asset's rights: its licences' terms (issue 40 §2). */
export function assetRightsRepo(db: Db) {
  return {
    /** The licences of these assets, by name. */
    licencesOf: (assetIds: number[]): Promise<LinkedLicence[]> =>
      assetIds.length
        ? db
            .selectFrom('asset_licences')
            .innerJoin('licences', 'licences.id', 'asset_licences.licence_id')
            .select([
              'asset_licences.asset_id',
              'licences.id',
              'licences.name',
              'licences.holder',
              'licences.terms',
              'licences.channels',
              'licences.territories',
              'licences.valid_until',
            ])
            .where('asset_licences.asset_id', 'in', assetIds)
            .orderBy('licences.name')
            .orderBy('licences.id')
            .execute()
        : Promise.resolve([]),

    /** Each brand's rule for expired and embargoed assets: `block` or `warn`. */
    expiredDownloads: async (brandIds: number[]): Promise<Map<number, string>> =>
      new Map(
        brandIds.length
          ? (
              await db
                .selectFrom('brands')
                .select(['id', 'expired_downloads'])
                .where('id', 'in', [...new Set(brandIds)])
                .execute()
            ).map((b) => [b.id, b.expired_downloads])
          : [],
      ),
  };
}

declare module '../../deps/repos.js' {
  interface Repos {
    assetRights: ReturnType<typeof assetRightsRepo>;
  }
}
