import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { ApiKeysTable } from '../../db/schema.js';
import { paged } from '../../db/paged.js';

export type ApiKeyInsert = Omit<ApiKeysTable, 'id'>;

/** API keys, stored as SHA-256 hashes only (the secret is never written). */
export function apiKeysRepo(db: Db) {
  return {
    /**
     * The key's row with its owner and the grant generation their roles and permissions are valid
     * under (as `auth.actorByToken` reads a session), for every request made with a key.
     */
    async actorByKey(keyHash: string) {
      const row = await db
        .selectFrom('api_keys')
        .innerJoin('users', 'users.id', 'api_keys.user_id')
        .selectAll('users')
        .select([
          'api_keys.id as key_id',
          'api_keys.scopes_json as key_scopes',
          'api_keys.expires_at as key_expires_at',
          'api_keys.revoked_at as key_revoked_at',
          'api_keys.last_used_at as key_last_used_at',
        ])
        .select(sql<number>`(select g.n from grant_generation g where g.id = 1)`.as('grant_generation'))
        .where('api_keys.key_hash', '=', keyHash)
        .executeTakeFirst();
      return row && { ...row, grant_generation: Number(row.grant_generation) };
    },

    async touch(id: number, at: string) {
      await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
    },

    insert: (row: ApiKeyInsert) => db.insertInto('api_keys').values(row).returning('id').executeTakeFirstOrThrow(),

    one: (id: number) => db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst(),

    /** A person's keys, newest first (a person has few). */
    ofUser: (userId: number) =>
      db
        .selectFrom('api_keys')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(500)
        .execute(),

    /** Everyone's keys with their owners, newest first; `activeAt`: only those still working then. */
    all(f: { userId?: number; activeAt?: string; page: number; perPage: number }) {
      let q = db.selectFrom('api_keys').innerJoin('users', 'users.id', 'api_keys.user_id');
      if (f.userId !== undefined) q = q.where('api_keys.user_id', '=', f.userId);
      if (f.activeAt !== undefined) {
        const at = f.activeAt;
        q = q
          .where('api_keys.revoked_at', 'is', null)
          .where((eb) => eb.or([eb('api_keys.expires_at', 'is', null), eb('api_keys.expires_at', '>', at)]));
      }
      return paged(
        q,
        (p) =>
          p
            .selectAll('api_keys')
            .select(['users.first_name', 'users.last_name', 'users.email'])
            .orderBy('api_keys.created_at', 'desc')
            .orderBy('api_keys.id', 'desc'),
        f.page,
        f.perPage,
      );
    },

    /** Revokes a key that is not revoked yet: whether it was this call that revoked it. */
    async revoke(id: number, at: string) {
      const r = await db
        .updateTable('api_keys')
        .set({ revoked_at: at })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
  };
}

declare module '../../deps/repos.js' {
  interface Repos {
    apiKeys: ReturnType<typeof apiKeysRepo>;
  }
}
