import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { FoldersTable } from '../../db/schema.js';
import { paged } from '../../db/paged.js';

type FolderRow = Selectable<FoldersTable>;

/**
 * The brand's Trash: a trashed subtree is INACTIVE with `trash_root` naming the folder its
 * deletion started from (the entry), and so are the assets that went with it. Part of
 * `foldersRepo` (`recomputePrivate` is its privacy refresh of a subtree).
 */
export function folderTrashRepo(db: Db, recomputePrivate: (pathPrefix: string) => Promise<void>) {
  return {
    /**
     * Moves a subtree to the Trash: its ACTIVE assets become INACTIVE and remember `folder` as
     * their trash root (one statement, so the search and count triggers run as for a removal),
     * then its ACTIVE folders do the same. Folders trashed before keep their own entry.
     */
    async trash(folder: FolderRow, userId: number, at: string) {
      const under = db
        .selectFrom('folders')
        .select('id')
        .where('path', 'like', `${folder.path}%`)
        .where('status', '=', 'ACTIVE');
      const assets = await db
        .updateTable('assets')
        .set({ status: 'INACTIVE', trash_root: folder.id, updated_at: at })
        .where('status', '=', 'ACTIVE')
        .where('folder_id', 'in', under)
        .executeTakeFirst();
      const folders = await db
        .updateTable('folders')
        .set({ status: 'INACTIVE', trashed_at: at, trashed_by: userId, trash_root: folder.id })
        .where('path', 'like', `${folder.path}%`)
        .where('status', '=', 'ACTIVE')
        .executeTakeFirst();
      return { folders: Number(folders.numUpdatedRows), assets: Number(assets.numUpdatedRows) };
    },

    /** Brings back the folders and assets of one Trash entry, exactly those; then the subtree's privacy. */
    async restore(entry: FolderRow, at: string) {
      const folders = await db
        .updateTable('folders')
        .set({ status: 'ACTIVE', trashed_at: null, trashed_by: null, trash_root: null })
        .where('trash_root', '=', entry.id)
        .executeTakeFirst();
      const assets = await db
        .updateTable('assets')
        .set({ status: 'ACTIVE', trash_root: null, updated_at: at })
        .where('trash_root', '=', entry.id)
        .executeTakeFirst();
      await recomputePrivate(entry.path);
      return { folders: Number(folders.numUpdatedRows), assets: Number(assets.numUpdatedRows) };
    },

    /** A Trash entry: a trashed folder the deletion started from. */
    trashEntry: (id: number) =>
      db
        .selectFrom('folders')
        .selectAll()
        .where('id', '=', id)
        .where('trash_root', '=', id)
        .where('status', '=', 'INACTIVE')
        .executeTakeFirst(),

    /**
     * The entry, locked for the rest of the caller's transaction: a no-op update takes the row
     * lock on PostgreSQL (SQLite has one writer), so of a purge and a restore (or two purges) run
     * at once, the second waits and then finds nothing, instead of acting and auditing twice.
     */
    claimTrashEntry: (id: number) =>
      db
        .updateTable('folders')
        // A column no trigger watches, set to the value it has.
        .set({ trash_root: id })
        .where('id', '=', id)
        .where('trash_root', '=', id)
        .where('status', '=', 'INACTIVE')
        .returningAll()
        .executeTakeFirst(),

    /** A brand's Trash entries, newest first, with who trashed them and what each took along. */
    trashList(brandId: number, withPrivate: boolean, page: number, perPage: number) {
      let q = db
        .selectFrom('folders as f')
        .where('f.brand_id', '=', brandId)
        .where(sql<boolean>`f.trash_root = f.id`)
        .where('f.status', '=', 'INACTIVE');
      if (!withPrivate) q = q.where('f.private_path', '=', 0);
      return paged(
        q,
        (q) =>
          q
            .leftJoin('users as u', 'u.id', 'f.trashed_by')
            .select([
              'f.id',
              'f.brand_id',
              'f.name',
              'f.parent_id',
              'f.path',
              'f.visibility',
              'f.trashed_at',
              'f.trashed_by',
              'u.first_name',
              'u.last_name',
            ])
            .select([
              sql<number>`(select count(*) from folders s where s.trash_root = f.id)`.as('folders'),
              sql<number>`(select count(*) from assets a where a.trash_root = f.id)`.as('assets'),
            ])
            .orderBy('f.trashed_at', 'desc')
            .orderBy('f.id', 'desc'),
        page,
        perPage,
      );
    },

    /** Trash entries trashed before `before`, oldest first. */
    trashDue: (before: string, limit: number) =>
      db
        .selectFrom('folders')
        .selectAll()
        .where(sql<boolean>`trash_root = id`)
        .where('status', '=', 'INACTIVE')
        .where('trashed_at', '<', before)
        .orderBy('trashed_at')
        .limit(limit)
        .execute(),
  };
}
