import type { Db } from '../../db/index.js';
import type { AssetFieldValuesTable } from '../../db/schema.js';

export type ValueRow = AssetFieldValuesTable;

/** SQL of the values assets hold for their brand's metadata fields (one row a value). */
export function fieldValuesRepo(db: Db) {
  return {
    ofAsset: (assetId: number): Promise<ValueRow[]> =>
      db.selectFrom('asset_field_values').selectAll().where('asset_id', '=', assetId).execute(),

    ofAssets: (assetIds: readonly number[]): Promise<ValueRow[]> =>
      assetIds.length
        ? db
            .selectFrom('asset_field_values')
            .selectAll()
            .where('asset_id', 'in', [...assetIds])
            .execute()
        : Promise.resolve([]),

    /** Replaces every value the asset holds with `rows`. */
    async replace(assetId: number, rows: readonly ValueRow[]) {
      await db.deleteFrom('asset_field_values').where('asset_id', '=', assetId).execute();
      for (let i = 0; i < rows.length; i += 100)
        await db
          .insertInto('asset_field_values')
          .values(rows.slice(i, i + 100))
          .execute();
    },
  };
}

declare module '../../deps/repos.js' {
  interface Repos {
    fieldValues: ReturnType<typeof fieldValuesRepo>;
  }
}
