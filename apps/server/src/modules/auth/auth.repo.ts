import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { compiledOnce } from '../../db/compiledOnce.js';
import { keptPlan } from '../../db/pgStatements.js';

/** Joins names in one column; a control character no role or permission name holds. */
const SEP = '\u001f';
const split = (v: string | null) => (v ? v.split(SEP).sort() : []);

/** Bearer tokens and password-reset tokens; both are stored as SHA-256 hashes only. */
export function authRepo(db: Db) {
  const byToken = compiledOnce(db, (tokenHash: string) =>
    db
      .selectFrom('access_tokens')
      .innerJoin('users', 'users.id', 'access_tokens.user_id')
      .selectAll('users')
      .select(['access_tokens.id as token_id', 'access_tokens.emulator_id', 'access_tokens.last_used_at'])
      .select(
        sql<string | null>`(select string_agg(r.name, ${SEP}) from user_roles ur
          join roles r on r.id = ur.role_id where ur.user_id = users.id)`.as('role_names'),
      )
      .select(
        sql<string | null>`(select string_agg(x.name, ${SEP}) from (
          select p.name from user_roles ur join role_permissions rp on rp.role_id = ur.role_id
            join permissions p on p.id = rp.permission_id where ur.user_id = users.id
          union
          select p.name from user_permissions up join permissions p on p.id = up.permission_id
            where up.user_id = users.id) x)`.as('permission_names'),
      )
      .where('access_tokens.token_hash', '=', tokenHash)
      .modifyEnd(keptPlan),
  );

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

    /**
     * The token's user with their roles and effective permissions (role and direct), in one
     * round trip: it runs on every API request.
     */
    async actorByToken(tokenHash: string) {
      const [row] = await byToken(tokenHash);
      if (!row) return undefined;
      const { role_names, permission_names, ...rest } = row;
      return { ...rest, roles: split(role_names), permissions: split(permission_names) };
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
