import { ADMIN_ROLE } from '@brandvault/contract';
import type { ExpressionBuilder, Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { AssetVersionsTable, AssetsTable, Database } from '../../db/schema.js';
import { paged } from '../../db/paged.js';
import type { Sight } from '../access/privacy.js';
import { assetTrashRepo } from './assets.trash.repo.js';
import { trashMark } from './trashMark.js';

export type AssetRow = Selectable<AssetsTable>;
export type VersionRow = Selectable<AssetVersionsTable>;

type ViewerTables = 'users' | 'assets' | 'folders' | 'brands';
/** Whether `users` holds a permission, through a role or directly (the actor's `permissions`). */
const holds = (eb: ExpressionBuilder<Database, ViewerTables>, name: string) =>
  eb.or([
    eb.exists(
      eb
        .selectFrom('user_roles as hr')
        .innerJoin('role_permissions as hrp', 'hrp.role_id', 'hr.role_id')
        .innerJoin('permissions as hp', 'hp.id', 'hrp.permission_id')
        .select('hr.user_id')
        .whereRef('hr.user_id', '=', 'users.id')
        .where('hp.name', '=', name),
    ),
    eb.exists(
      eb
        .selectFrom('user_permissions as hd')
        .innerJoin('permissions as hdp', 'hdp.id', 'hd.permission_id')
        .select('hd.user_id')
        .whereRef('hd.user_id', '=', 'users.id')
        .where('hdp.name', '=', name),
    ),
  ]);

/**
 * The active users who may see an asset, as SQL over `users`: assetsPolicy.can('view') for each
 * of them at once (administrators, or members of its brand, an INACTIVE brand only with
 * brand.manage; PRIVATE content only with content.private; a removed asset only with
 * asset.delete; an active folder). For mentions and the people a comment names.
 */
export function assetViewers(db: Db, assetId: number) {
  return db
    .selectFrom('users')
    .innerJoin('assets', (j) => j.on('assets.id', '=', assetId))
    .innerJoin('folders', 'folders.id', 'assets.folder_id')
    .innerJoin('brands', 'brands.id', 'assets.brand_id')
    .where('users.status', '=', 'ACTIVE')
    .where('folders.status', '=', 'ACTIVE')
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('user_roles as ar')
            .innerJoin('roles as arr', 'arr.id', 'ar.role_id')
            .select('ar.user_id')
            .whereRef('ar.user_id', '=', 'users.id')
            .where('arr.name', '=', ADMIN_ROLE),
        ),
        eb.and([
          eb.exists(
            eb
              .selectFrom('user_brands as mb')
              .select('mb.user_id')
              .whereRef('mb.user_id', '=', 'users.id')
              .whereRef('mb.brand_id', '=', 'assets.brand_id'),
          ),
          eb.or([eb('brands.status', '=', 'ACTIVE'), holds(eb, 'brand.manage')]),
        ]),
      ]),
    )
    .where((eb) =>
      eb.or([
        eb.and([eb('assets.visibility', '=', 'PUBLIC'), eb('folders.private_path', '=', 0)]),
        holds(eb, 'content.private'),
      ]),
    )
    .where((eb) => eb.or([eb('assets.status', '=', 'ACTIVE'), holds(eb, 'asset.delete')]));
}

/** Assets and their versions. Visibility: PRIVATE assets and folders only with `withPrivate`. */
export function assetsRepo(db: Db) {
  return {
    ...assetTrashRepo(db),
    byId: (id: number) => db.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirst(),

    /** The row with the folder's private flag, for access checks in one query. */
    withFolder: (id: number) =>
      db
        .selectFrom('assets')
        .innerJoin('folders', 'folders.id', 'assets.folder_id')
        .selectAll('assets')
        .select(['folders.private_path', 'folders.path as folder_path', 'folders.status as folder_status'])
        .where('assets.id', '=', id)
        .executeTakeFirst(),

    async inFolder(folderId: number, sight: Sight, page: number, perPage: number) {
      let q = db.selectFrom('assets').where('folder_id', '=', folderId).where('status', '=', 'ACTIVE');
      // The classes of modules/access/privacy.ts, read off the asset itself (the folder is checked).
      if (!sight.withPrivate)
        q = q.where('visibility', '=', 'PUBLIC').where('availability', 'not in', ['expired', 'embargoed']);
      if (!sight.withPending) q = q.where('review_state', '=', 'approved');
      return paged(q, (p) => p.selectAll().orderBy('name').orderBy('id'), page, perPage);
    },

    /** An active asset of the brand with these bytes (duplicate detection). */
    duplicateOf: (brandId: number, sha256: string) =>
      db
        .selectFrom('assets')
        .innerJoin('folders', 'folders.id', 'assets.folder_id')
        .select(['assets.id', 'assets.folder_id', 'folders.path'])
        .where('assets.brand_id', '=', brandId)
        .where('assets.sha256', '=', sha256)
        .where('assets.status', '=', 'ACTIVE')
        .where('folders.status', '=', 'ACTIVE')
        .orderBy('assets.id')
        .executeTakeFirst(),

    async insert(row: Insertable<AssetsTable>) {
      return (await db.insertInto('assets').values(row).returning('id').executeTakeFirstOrThrow()).id;
    },

    async update(id: number, patch: Updateable<AssetsTable>) {
      await db.updateTable('assets').set(patch).where('id', '=', id).execute();
    },

    /** Sets derivatives only if the asset is still at the revision the job was made for. */
    async setDerivatives(id: number, rev: number, patch: Updateable<AssetsTable>) {
      const r = await db
        .updateTable('assets')
        .set(patch)
        .where('id', '=', id)
        .where('derivative_rev', '=', rev)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    async moveMany(ids: number[], folderId: number, at: string) {
      const r = await db
        .updateTable('assets')
        .set({ folder_id: folderId, updated_at: at })
        .where('id', 'in', ids)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },

    /**
     * Removes (INACTIVE, into the Trash as `by`) or restores (ACTIVE) those of these assets that
     * are not so yet: their ids.
     */
    async setStatusMany(ids: number[], status: 'ACTIVE' | 'INACTIVE', at: string, by: number) {
      if (!ids.length) return new Set<number>();
      const rows = await db
        .updateTable('assets')
        .set({ status, updated_at: at, ...trashMark(status, at, by) })
        .where('id', 'in', ids)
        .where('status', '<>', status)
        .returning('id')
        .execute();
      return new Set(rows.map((r) => r.id));
    },

    manyWithFolder: (ids: number[]) =>
      db
        .selectFrom('assets')
        .innerJoin('folders', 'folders.id', 'assets.folder_id')
        .selectAll('assets')
        .select(['folders.private_path', 'folders.status as folder_status'])
        .where('assets.id', 'in', ids)
        .execute(),

    /** Every blob key under a folder subtree (originals, versions, derivatives), before deleting it. */
    async blobKeysUnder(path: string) {
      const assets = await db
        .selectFrom('assets')
        .innerJoin('folders', 'folders.id', 'assets.folder_id')
        .select([
          'assets.id',
          'assets.blob_key',
          'assets.thumb_key',
          'assets.preview_key',
          'assets.hover_key',
          'assets.proxy_key',
        ])
        .where('folders.path', 'like', `${path}%`)
        .execute();
      const ids = assets.map((a) => a.id);
      const versions = ids.length
        ? await db.selectFrom('asset_versions').select(['blob_key', 'thumb_key']).where('asset_id', 'in', ids).execute()
        : [];
      const keys = new Set<string>();
      for (const a of assets)
        for (const k of [a.blob_key, a.thumb_key, a.preview_key, a.hover_key, a.proxy_key]) if (k) keys.add(k);
      for (const v of versions) for (const k of [v.blob_key, v.thumb_key]) if (k) keys.add(k);
      return { count: assets.length, keys: [...keys] };
    },

    // ---- versions
    versions: (assetId: number) =>
      db
        .selectFrom('asset_versions')
        .leftJoin('users', 'users.id', 'asset_versions.created_by')
        .selectAll('asset_versions')
        .select(['users.first_name', 'users.last_name'])
        .where('asset_id', '=', assetId)
        .orderBy('number', 'desc')
        .execute(),

    version: (assetId: number, number: number) =>
      db
        .selectFrom('asset_versions')
        .selectAll()
        .where('asset_id', '=', assetId)
        .where('number', '=', number)
        .executeTakeFirst(),

    async insertVersion(row: Insertable<AssetVersionsTable>) {
      await db.insertInto('asset_versions').values(row).execute();
    },

    async setVersionThumb(assetId: number, number: number, key: string) {
      await db
        .updateTable('asset_versions')
        .set({ thumb_key: key })
        .where('asset_id', '=', assetId)
        .where('number', '=', number)
        .execute();
    },

    /** The active extension allow-list (admin screens come later; seeded on first start). */
    /** The asset type an allowed extension makes (before the bytes confirm it), else undefined. */
    typeOfExtension: async (ext: string): Promise<string | undefined> =>
      (
        await db
          .selectFrom('extensions')
          .select('asset_type')
          .where('name', '=', ext.toLowerCase())
          .where('status', '=', 'ACTIVE')
          .executeTakeFirst()
      )?.asset_type,

    allowedExtensions: () =>
      db.selectFrom('extensions').select(['name as ext', 'mime_type as mime']).where('status', '=', 'ACTIVE').execute(),

    async seedExtensions(rows: { ext: string; mime: string; assetType: string }[], at: string) {
      const have = await db
        .selectFrom('extensions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      if (Number(have.n) > 0) return;
      await db
        .insertInto('extensions')
        .values(
          rows.map((r) => ({
            name: r.ext,
            mime_type: r.mime,
            asset_type: r.assetType,
            status: 'ACTIVE',
            created_at: at,
            updated_at: at,
          })),
        )
        .execute();
    },

    /** Keys still referenced by any asset or version (copies and restored versions share blobs). */
    async referencedKeys(keys: string[]): Promise<Set<string>> {
      if (!keys.length) return new Set();
      const a = await db
        .selectFrom('assets')
        .select(['blob_key', 'thumb_key', 'preview_key', 'hover_key', 'proxy_key'])
        .where((eb) =>
          eb.or([
            eb('blob_key', 'in', keys),
            eb('thumb_key', 'in', keys),
            eb('preview_key', 'in', keys),
            eb('hover_key', 'in', keys),
            eb('proxy_key', 'in', keys),
          ]),
        )
        .execute();
      const v = await db
        .selectFrom('asset_versions')
        .select(['blob_key', 'thumb_key'])
        .where((eb) => eb.or([eb('blob_key', 'in', keys), eb('thumb_key', 'in', keys)]))
        .execute();
      return new Set(
        [
          ...a.flatMap((r) => [r.blob_key, r.thumb_key, r.preview_key, r.hover_key, r.proxy_key]),
          ...v.flatMap((r) => [r.blob_key, r.thumb_key]),
        ].filter((k): k is string => !!k),
      );
    },

    /** Of these user ids, the ones who may see the asset now (assetViewers), in one statement. */
    async viewersOf(assetId: number, userIds: readonly number[]): Promise<number[]> {
      if (!userIds.length) return [];
      const rows = await assetViewers(db, assetId)
        .select('users.id')
        .where('users.id', 'in', [...userIds])
        .execute();
      return rows.map((r) => r.id);
    },

    userName: (id: number) =>
      db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', '=', id).executeTakeFirst(),
  };
}
export type AssetsRepo = ReturnType<typeof assetsRepo>;

declare module '../../deps/repos.js' {
  interface Repos {
    assets: ReturnType<typeof assetsRepo>;
  }
}
