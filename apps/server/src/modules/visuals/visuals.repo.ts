import type { Insertable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { AssetVisualsTable } from '../../db/schema.js';

/** Colours and hashes of assets (issue 42 §4). */
export function visualsRepo(db: Db) {
  return {
    byAsset: (assetId: number) =>
      db.selectFrom('asset_visuals').selectAll().where('asset_id', '=', assetId).executeTakeFirst(),

    /** Replaces the asset's row: one analysis per asset, of its latest revision. */
    async save(row: Insertable<AssetVisualsTable>) {
      await db.deleteFrom('asset_visuals').where('asset_id', '=', row.asset_id).execute();
      await db.insertInto('asset_visuals').values(row).execute();
    },

    /**
     * The hashed, active assets of a brand other than `exceptId`. Scanned in JS: at a brand's
     * scale (tens of thousands) 16 hex digits each is a few hundred kilobytes; the band columns
     * are indexed for a candidate lookup should brands grow past that.
     */
    brandHashes: (brandId: number, exceptId: number) =>
      db
        .selectFrom('asset_visuals')
        .innerJoin('assets', 'assets.id', 'asset_visuals.asset_id')
        .select(['asset_visuals.asset_id', 'asset_visuals.hash'])
        .where('asset_visuals.brand_id', '=', brandId)
        .where('asset_visuals.state', '=', 'done')
        .where('asset_visuals.rev', '=', (eb) => eb.ref('assets.derivative_rev'))
        .where('assets.status', '=', 'ACTIVE')
        .where('asset_visuals.asset_id', '!=', exceptId)
        .execute(),

    /** Active images of a brand with no analysis of their latest revision. */
    missing: (brandId: number) =>
      db
        .selectFrom('assets')
        .leftJoin('asset_visuals', 'asset_visuals.asset_id', 'assets.id')
        .select(['assets.id', 'assets.derivative_rev'])
        .where('assets.brand_id', '=', brandId)
        .where('assets.type', '=', 'image')
        .where('assets.status', '=', 'ACTIVE')
        .where((eb) =>
          eb.or([
            eb('asset_visuals.asset_id', 'is', null),
            eb('asset_visuals.rev', '!=', eb.ref('assets.derivative_rev')),
          ]),
        )
        .orderBy('assets.id')
        .execute(),

    /** Names and folders of assets, for the look-alike notice and the similar list. */
    labels: (ids: number[]) =>
      ids.length
        ? db
            .selectFrom('assets')
            .innerJoin('folders', 'folders.id', 'assets.folder_id')
            .select(['assets.id', 'assets.name', 'assets.thumb_key', 'folders.name as folder_name'])
            .where('assets.id', 'in', ids)
            .execute()
        : Promise.resolve([]),
  };
}
export type VisualsRepo = ReturnType<typeof visualsRepo>;

declare module '../../deps/repos.js' {
  interface Repos {
    visuals: VisualsRepo;
  }
}
