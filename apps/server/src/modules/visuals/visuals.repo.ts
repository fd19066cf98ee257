import { sql } from 'kysely';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { AssetVisualsTable } from '../../db/schema.js';
import { TURNED_OFF } from '../analysis/switch/analysisSwitch.js';

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

    /** Replaces the asset's named colours (the swatch filter's rows; the search generation moves). */
    async setColours(assetId: number, brandId: number, names: readonly string[]) {
      await db.deleteFrom('asset_colours').where('asset_id', '=', assetId).execute();
      if (names.length)
        await db
          .insertInto('asset_colours')
          .values(names.map((colour) => ({ asset_id: assetId, brand_id: brandId, colour })))
          .execute();
    },

    colours: (assetId: number) =>
      db.selectFrom('asset_colours').select('colour').where('asset_id', '=', assetId).orderBy('colour').execute(),

    /**
     * A brand's active images by the state of their latest revision's analysis: one grouped
     * count; no row, an older revision's row or a "turned off" row is pending.
     */
    async counts(brandId: number) {
      const rows = await db
        .selectFrom('assets')
        .leftJoin('asset_visuals', (j) =>
          j.onRef('asset_visuals.asset_id', '=', 'assets.id').onRef('asset_visuals.rev', '=', 'assets.derivative_rev'),
        )
        .select([
          sql<string>`case when asset_visuals.state is null or asset_visuals.reason = ${sql.lit(TURNED_OFF)} then 'pending' else asset_visuals.state end`.as(
            'state',
          ),
          (eb) => eb.fn.countAll<number | string>().as('n'),
        ])
        .where('assets.brand_id', '=', brandId)
        .where('assets.type', '=', 'image')
        .where('assets.status', '=', 'ACTIVE')
        .groupBy(
          sql`case when asset_visuals.state is null or asset_visuals.reason = ${sql.lit(TURNED_OFF)} then 'pending' else asset_visuals.state end`,
        )
        .execute();
      const out = { done: 0, pending: 0, failed: 0, skipped: 0 };
      for (const r of rows) if (r.state in out) out[r.state as keyof typeof out] += Number(r.n);
      return out;
    },

    /** Active images of a brand with no analysis of their latest revision (or one made while off). */
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
            eb('asset_visuals.reason', '=', TURNED_OFF),
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
