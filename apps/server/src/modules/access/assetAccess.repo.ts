import type { Db } from '../../db/index.js';

/**
 * Assets with what deciding whether `userId` may reach them takes: their folder's PRIVATE path
 * and status, their brand's status and the user's membership of it (null when not a member).
 * Downloads and templates add their own columns and ids.
 */
export const assetsWithAccess = (db: Db, userId: number) =>
  db
    .selectFrom('assets')
    .innerJoin('folders', 'folders.id', 'assets.folder_id')
    .innerJoin('brands', 'brands.id', 'assets.brand_id')
    .leftJoin('user_brands', (j) =>
      j.onRef('user_brands.brand_id', '=', 'assets.brand_id').on('user_brands.user_id', '=', userId),
    )
    .select([
      'folders.private_path',
      'folders.status as folder_status',
      'brands.status as brand_status',
      'user_brands.user_id as member_id',
    ]);
