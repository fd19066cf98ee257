import type { Db } from '../../db/index.js';

export interface CropPresetInput {
  name: string;
  width: number;
  height: number;
  format: string | null;
}

export function cropPresetsRepo(db: Db) {
  return {
    ofBrand: (brandId: number) =>
      db
        .selectFrom('brand_crop_presets')
        .select(['id', 'name', 'width', 'height', 'format'])
        .where('brand_id', '=', brandId)
        .orderBy('position')
        .orderBy('id')
        .execute(),
    /** The whole list at once: the editor sends it in the order shown. */
    async replace(brandId: number, presets: CropPresetInput[]) {
      await db.deleteFrom('brand_crop_presets').where('brand_id', '=', brandId).execute();
      if (presets.length)
        await db
          .insertInto('brand_crop_presets')
          .values(presets.map((p, position) => ({ brand_id: brandId, position, ...p })))
          .execute();
    },
  };
}

declare module '../../deps/repos.js' {
  interface Repos {
    cropPresets: ReturnType<typeof cropPresetsRepo>;
  }
}
