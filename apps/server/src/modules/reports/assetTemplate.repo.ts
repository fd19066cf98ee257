import type { Db } from '../../db/index.js';
import { inSlices } from './reports.repo.js';

/** What a template shows of an asset, with what decides access to it. */
const COLUMNS = [
  'assets.id',
  'assets.brand_id',
  'assets.folder_id',
  'assets.name',
  'assets.ext',
  'assets.type',
  'assets.size',
  'assets.width',
  'assets.height',
  'assets.created_at',
  'assets.updated_at',
  'assets.description',
  'assets.keywords',
  'assets.categories',
  'assets.language',
  'assets.visibility',
  'assets.author',
  'assets.status',
  'assets.name_locked',
] as const;

/** The SQL of asset templates: assets by id (with their access columns) and the folders they sit in. */
export function assetTemplateRepo(db: Db) {
  return {
    /** Assets by id, with their folder's state, their brand's status and `userId`'s membership. */
    byIds: (ids: readonly number[], userId: number) =>
      inSlices(ids, (slice) =>
        db
          .selectFrom('assets')
          .innerJoin('folders', 'folders.id', 'assets.folder_id')
          .innerJoin('brands', 'brands.id', 'assets.brand_id')
          .leftJoin('user_brands', (j) =>
            j.onRef('user_brands.brand_id', '=', 'assets.brand_id').on('user_brands.user_id', '=', userId),
          )
          .select(COLUMNS)
          .select([
            'folders.private_path',
            'folders.status as folder_status',
            'brands.status as brand_status',
            'user_brands.user_id as member_id',
          ])
          .where('assets.id', 'in', slice)
          .execute(),
      ),
    /** Active asset ids of these folders, by folder and name. */
    idsIn: (folderIds: readonly number[]) =>
      inSlices(folderIds, (slice) =>
        db
          .selectFrom('assets')
          .select('id')
          .where('folder_id', 'in', slice)
          .where('status', '=', 'ACTIVE')
          .orderBy('folder_id')
          .orderBy('name')
          .orderBy('id')
          .execute(),
      ).then((rows) => rows.map((r) => r.id)),
    /** A brand's folders (for the path column). */
    folders: (brandId: number) =>
      db.selectFrom('folders').select(['id', 'parent_id', 'name']).where('brand_id', '=', brandId).execute(),
    /** Writes an imported row when the asset is still as the preview read it (`updated_at`). */
    async updateIfUnchanged(id: number, updatedAt: string, patch: Record<string, string | null>, at: string) {
      const r = await db
        .updateTable('assets')
        .set({ ...patch, updated_at: at })
        .where('id', '=', id)
        .where('updated_at', '=', updatedAt)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
  };
}
export type TemplateAsset = Awaited<ReturnType<ReturnType<typeof assetTemplateRepo>['byIds']>>[number];
