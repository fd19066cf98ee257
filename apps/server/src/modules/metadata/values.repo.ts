import type { Db } from '../../db/index.js';
import { inSlices } from '../../db/inSlices.js';
import type { AssetFieldValuesTable } from '../../db/schema.js';

export type ValueRow = AssetFieldValuesTable;

/** SQL of the values assets hold for their brand's metadata fields (one row a value). */
export function fieldValuesRepo(db: Db) {
  return {
    ofAsset: (assetId: number): Promise<ValueRow[]> =>
      db.selectFrom('asset_field_values').selectAll().where('asset_id', '=', assetId).execute(),

    /** Which of these assets hold any field value (a zip writes XMP only into those, or ones with a description). */
    async holding(assetIds: readonly number[]): Promise<Set<number>> {
      const rows = await inSlices(assetIds, (slice) =>
        db.selectFrom('asset_field_values').select('asset_id').distinct().where('asset_id', 'in', slice).execute(),
      );
      return new Set(rows.map((r) => r.asset_id));
    },

    /** The asset's text for the full text (2026112950): its text, long text and URL values. */
    async setFieldText(assetId: number, text: string) {
      await db
        .updateTable('assets')
        .set({ field_text: text })
        .where('id', '=', assetId)
        .where('field_text', '<>', text)
        .execute();
    },
    /** Replaces every value the asset holds with `rows`. */
    async replace(assetId: number, rows: readonly ValueRow[]) {
      await db.deleteFrom('asset_field_values').where('asset_id', '=', assetId).execute();
      for (let i = 0; i < rows.length; i += 100)
        await db
          .insertInto('asset_field_values')
          .values(rows.slice(i, i + 100))
          .execute();
    },

    /** The values of these fields on these assets (bulk edits read a batch at once). */
    ofAssets: (assetIds: readonly number[], fieldIds: readonly number[]): Promise<ValueRow[]> =>
      fieldIds.length
        ? inSlices(assetIds, (slice) =>
            db
              .selectFrom('asset_field_values')
              .selectAll()
              .where('asset_id', 'in', slice)
              .where('field_id', 'in', [...fieldIds])
              .execute(),
          )
        : Promise.resolve([]),

    /**
     * Replaces one field's values on some assets with `rows` (a bulk edit or its undo): per field,
     * one delete of the assets named and then the new rows, a few hundred a statement.
     */
    async replaceFields(byField: ReadonlyMap<number, readonly number[]>, rows: readonly ValueRow[]) {
      for (const [fieldId, assetIds] of byField)
        await inSlices(assetIds, async (slice) => {
          await db
            .deleteFrom('asset_field_values')
            .where('field_id', '=', fieldId)
            .where('asset_id', 'in', slice)
            .execute();
          return [];
        });
      for (let i = 0; i < rows.length; i += 500)
        await db
          .insertInto('asset_field_values')
          .values(rows.slice(i, i + 500))
          .execute();
    },
  };
}

declare module '../../deps/repos.js' {
  interface Repos {
    fieldValues: ReturnType<typeof fieldValuesRepo>;
  }
}
