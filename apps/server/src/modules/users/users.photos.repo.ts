import type { Insertable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { UserPhotoUploadsTable } from '../../db/schema.js';

/** The SQL of profile photos: uploads waiting to be set, and the photo columns of users. */
export function userPhotosRepo(db: Db) {
  return {
    async insertUpload(row: Insertable<UserPhotoUploadsTable>): Promise<number> {
      const r = await db.insertInto('user_photo_uploads').values(row).returning('id').executeTakeFirstOrThrow();
      return r.id;
    },

    upload: (id: number) => db.selectFrom('user_photo_uploads').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Removes an upload; false when another request took it first. */
    async takeUpload(id: number): Promise<boolean> {
      const r = await db.deleteFrom('user_photo_uploads').where('id', '=', id).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    /** Uploads made before `cutoff` and never set, oldest first. */
    staleUploads: (cutoff: string, limit: number) =>
      db
        .selectFrom('user_photo_uploads')
        .select(['id', 'original_key'])
        .where('created_at', '<', cutoff)
        .orderBy('created_at')
        .limit(limit)
        .execute(),

    async removeUploads(ids: readonly number[]) {
      if (ids.length)
        await db
          .deleteFrom('user_photo_uploads')
          .where('id', 'in', [...ids])
          .execute();
    },

    /** Sets (or, with nulls, clears) the stored photo; a provider's address gives way either way. */
    async setPhoto(userId: number, keys: { photo_key: string | null; photo_thumb_key: string | null }, at: string) {
      await db
        .updateTable('users')
        .set({ ...keys, photo_uri: null, updated_at: at })
        .where('id', '=', userId)
        .execute();
    },
  };
}

declare module '../../deps/repos.js' {
  interface Repos {
    userPhotos: ReturnType<typeof userPhotosRepo>;
  }
}
