import type { Db } from '../../db/index.js';

/** Bearer tokens and password-reset tokens; both are stored as SHA-256 hashes only. */
export function authRepo(db: Db) {
  return {
    async insertToken(userId: number, tokenHash: string, now: string, emulatorId: number | null = null) {
      await db
        .insertInto('access_tokens')
        .values({ user_id: userId, token_hash: tokenHash, emulator_id: emulatorId, created_at: now, last_used_at: now })
        .execute();
    },

    tokenWithUser(tokenHash: string) {
      return db
        .selectFrom('access_tokens')
        .innerJoin('users', 'users.id', 'access_tokens.user_id')
        .selectAll('users')
        .select(['access_tokens.id as token_id', 'access_tokens.emulator_id', 'access_tokens.last_used_at'])
        .where('access_tokens.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    async touchToken(tokenId: number, now: string) {
      await db.updateTable('access_tokens').set({ last_used_at: now }).where('id', '=', tokenId).execute();
    },

    async deleteToken(tokenId: number) {
      await db.deleteFrom('access_tokens').where('id', '=', tokenId).execute();
    },

    async deleteUserTokens(userId: number, exceptTokenId?: number) {
      let q = db.deleteFrom('access_tokens').where('user_id', '=', userId);
      if (exceptTokenId) q = q.where('id', '!=', exceptTokenId);
      await q.execute();
    },

    async insertReset(userId: number, tokenHash: string, now: string, expiresAt: string) {
      await db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
      await db
        .insertInto('password_resets')
        .values({ user_id: userId, token_hash: tokenHash, created_at: now, expires_at: expiresAt, used_at: null })
        .execute();
    },

    resetByHash(tokenHash: string) {
      return db.selectFrom('password_resets').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    },

    /** Marks it used only if still unused: a concurrent second use updates nothing. */
    async consumeReset(id: number, now: string): Promise<boolean> {
      const r = await db
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    async getSetting(key: string) {
      return (await db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirst())?.value;
    },

    async putSettingIfAbsent(key: string, value: string) {
      await db
        .insertInto('app_settings')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    },
  };
}
export type AuthRepo = ReturnType<typeof authRepo>;
