import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { BrandWatermarksTable, DownloadTracesTable } from '../../db/schema.js';

export function watermarksRepo(db: Db) {
  const traceRows = () =>
    db
      .selectFrom('download_traces as t')
      .leftJoin('share_links as l', 'l.id', 't.link_id')
      .leftJoin('collections as c', 'c.id', 'l.collection_id')
      .leftJoin('users as o', 'o.id', 'l.owner_id')
      .leftJoin('users as u', 'u.id', 't.user_id')
      .leftJoin('assets as a', 'a.id', 't.asset_id')
      .select([
        't.code',
        't.link_id',
        't.user_id',
        't.asset_id',
        't.created_at',
        'c.name as collection_name',
        'o.first_name as owner_first',
        'o.last_name as owner_last',
        'u.first_name as user_first',
        'u.last_name as user_last',
        'u.email as user_email',
        'a.name as asset_name',
      ]);

  return {
    /** The brand's watermark with the brand's name (the mark drawn when no image is set). */
    ofBrand: (brandId: number) =>
      db
        .selectFrom('brands')
        .leftJoin('brand_watermarks as w', 'w.brand_id', 'brands.id')
        .select([
          'brands.id as brand_id',
          'brands.name as brand_name',
          'w.image_key',
          'w.position',
          'w.opacity',
          'w.scale',
          'w.apply_to_guests',
          'w.traceable',
          'w.version',
          'w.updated_at',
        ])
        .where('brands.id', '=', brandId)
        .executeTakeFirst(),
    /** Brands whose guests get watermarked previews: the few rows a guest's listings map. */
    guestBrands: () =>
      db
        .selectFrom('brand_watermarks as w')
        .innerJoin('brands', 'brands.id', 'w.brand_id')
        .select([
          'w.brand_id',
          'brands.name as brand_name',
          'w.image_key',
          'w.position',
          'w.opacity',
          'w.scale',
          'w.apply_to_guests',
          'w.traceable',
          'w.version',
          'w.updated_at',
        ])
        .where('w.apply_to_guests', '=', 1)
        .execute(),
    async save(brandId: number, row: Omit<Insertable<BrandWatermarksTable>, 'brand_id'>) {
      const found = await db
        .selectFrom('brand_watermarks')
        .select('version')
        .where('brand_id', '=', brandId)
        .executeTakeFirst();
      if (!found) {
        await db
          .insertInto('brand_watermarks')
          .values({ ...row, brand_id: brandId })
          .execute();
        return;
      }
      const patch: Updateable<BrandWatermarksTable> = { ...row, version: found.version + 1 };
      await db.updateTable('brand_watermarks').set(patch).where('brand_id', '=', brandId).execute();
    },
    async addTrace(row: Insertable<DownloadTracesTable>) {
      await db.insertInto('download_traces').values(row).execute();
    },
    /** A trace with who and what it names, as they are now. */
    traceByCode: (code: string) => traceRows().where('t.code', '=', code).executeTakeFirst(),
    /** The traces whose code starts with the 8 characters drawn on the picture (one, almost always). */
    tracesByPrefix: (prefix: string) =>
      traceRows()
        .where('t.code', 'like', `${prefix.replace(/[^0-9A-Z]/g, '')}%`)
        .limit(2)
        .execute(),
  };
}
export type WatermarksRepo = ReturnType<typeof watermarksRepo>;
export type BrandWatermarkRow = NonNullable<Awaited<ReturnType<WatermarksRepo['ofBrand']>>>;

declare module '../../deps/repos.js' {
  interface Repos {
    watermarks: ReturnType<typeof watermarksRepo>;
  }
}
