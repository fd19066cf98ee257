import type { Db } from '../../db/index.js';
import { paged } from '../../db/paged.js';
import type { Sight } from '../access/privacy.js';

/** Who asks for a brand's removed assets: what they see, and whether only their own. */
export interface TrashSight extends Sight {
  userId: number;
  /** Only the assets this user removed or uploaded (those without the whole Trash). */
  ownOnly: boolean;
}

/**
 * The assets half of the brand's Trash: assets removed by themselves (`trashed_at` set,
 * `trash_root` null) in an ACTIVE folder. Those removed with a folder belong to its entry. Part
 * of `assetsRepo`.
 */
export function assetTrashRepo(db: Db) {
  return {
    /** A brand's removed assets, newest first, with who removed them and the folder's path. */
    trashList(brandId: number, s: TrashSight, page: number, perPage: number) {
      let q = db
        .selectFrom('assets as a')
        .innerJoin('folders as f', 'f.id', 'a.folder_id')
        .where('a.brand_id', '=', brandId)
        .where('a.status', '=', 'INACTIVE')
        .where('a.trash_root', 'is', null)
        .where('a.trashed_at', 'is not', null)
        .where('f.status', '=', 'ACTIVE');
      if (!s.withPrivate)
        q = q
          .where('a.visibility', '=', 'PUBLIC')
          .where('f.private_path', '=', 0)
          .where('a.availability', 'not in', ['expired', 'embargoed']);
      if (!s.withPending)
        q = q.where((eb) => eb.or([eb('a.review_state', '=', 'approved'), eb('a.created_by', '=', s.userId)]));
      if (s.ownOnly) q = q.where((eb) => eb.or([eb('a.trashed_by', '=', s.userId), eb('a.created_by', '=', s.userId)]));
      return paged(
        q,
        (q) =>
          q
            .leftJoin('users as u', 'u.id', 'a.trashed_by')
            .select([
              'a.id',
              'a.brand_id',
              'a.folder_id',
              'a.name',
              'a.type',
              'a.size',
              'a.visibility',
              'a.thumb_key',
              'a.trashed_at',
              'a.trashed_by',
              'f.path as folder_path',
              'u.first_name',
              'u.last_name',
            ])
            .orderBy('a.trashed_at', 'desc')
            .orderBy('a.id', 'desc'),
        page,
        perPage,
      );
    },

    /** Assets removed by themselves before `before`, oldest first, for the recurring purge. */
    trashDueAssets: (before: string, limit: number) =>
      db
        .selectFrom('assets')
        .select(['id', 'brand_id', 'name'])
        .where('status', '=', 'INACTIVE')
        .where('trash_root', 'is', null)
        .where('trashed_at', '<', before)
        .orderBy('trashed_at')
        .orderBy('id')
        .limit(limit)
        .execute(),

    /**
     * Deletes one removed asset for good, if it still is removed by itself (a parallel restore or
     * purge finds nothing): the stored files of it and its versions, for the caller to delete
     * once the rows are gone; null when there was nothing to delete.
     */
    async purgeOne(id: number) {
      const row = await db
        .selectFrom('assets')
        .select(['id', 'blob_key', 'thumb_key', 'preview_key'])
        .where('id', '=', id)
        .where('status', '=', 'INACTIVE')
        .where('trash_root', 'is', null)
        .executeTakeFirst();
      if (!row) return null;
      const versions = await db
        .selectFrom('asset_versions')
        .select(['blob_key', 'thumb_key'])
        .where('asset_id', '=', id)
        .execute();
      const gone = await db
        .deleteFrom('assets')
        .where('id', '=', id)
        .where('status', '=', 'INACTIVE')
        .where('trash_root', 'is', null)
        .executeTakeFirst();
      if (Number(gone.numDeletedRows) !== 1) return null;
      const keys = new Set<string>();
      for (const k of [row.blob_key, row.thumb_key, row.preview_key]) if (k) keys.add(k);
      for (const v of versions) for (const k of [v.blob_key, v.thumb_key]) if (k) keys.add(k);
      return [...keys];
    },
  };
}
