import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { compiledOnce } from '../../db/compiledOnce.js';
import { keptPlan } from '../../db/pgStatements.js';
import { folderChecks, folderColumnsAs } from '../folders/folders.repo.js';
import type { FolderForUser } from '../folders/folders.repo.js';

/** Bearer tokens and password-reset tokens; both are stored as SHA-256 hashes only. */
export function authRepo(db: Db) {
  // The token's user and the grant generation their roles and permissions are kept under.
  const tokenUser = (tokenHash: string) =>
    db
      .selectFrom('access_tokens')
      .innerJoin('users', 'users.id', 'access_tokens.user_id')
      .selectAll('users')
      .select([
        'access_tokens.id as token_id',
        'access_tokens.emulator_id',
        'access_tokens.last_used_at',
        'access_tokens.created_at as token_created_at',
      ])
      .select(sql<number>`(select g.n from grant_generation g where g.id = 1)`.as('grant_generation'))
      .where('access_tokens.token_hash', '=', tokenHash);
  const byToken = compiledOnce(db, (tokenHash: string) => tokenUser(tokenHash).modifyEnd(keptPlan));
  // The same, with the folder a folder route names as `folders.byIdForUser` reads it: one round
  // trip where there were two (on PostgreSQL most of a list request's database time).
  const byTokenWithFolder = compiledOnce(db, (tokenHash: string, folderId: number) =>
    tokenUser(tokenHash)
      .leftJoin('folders', (j) => j.on('folders.id', '=', folderId).on('folders.status', '=', 'ACTIVE'))
      .leftJoin('brands', 'brands.id', 'folders.brand_id')
      .select(folderColumnsAs('folder__'))
      .select(folderChecks(sql<number>`users.id`, 'folder__'))
      .modifyEnd(keptPlan),
  );

  return {
    /** The new token's id. */
    async insertToken(userId: number, tokenHash: string, now: string, emulatorId: number | null = null) {
      const row = await db
        .insertInto('access_tokens')
        .values({ user_id: userId, token_hash: tokenHash, emulator_id: emulatorId, created_at: now, last_used_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The token's user, with the grant generation their roles and permissions are valid under. */
    async actorByToken(tokenHash: string) {
      const [row] = await byToken(tokenHash);
      return row && { ...row, grant_generation: Number(row.grant_generation) };
    },

    /**
     * `actorByToken` and, in the same statement, the folder `folderId` as `folders.byIdForUser`
     * answers for the token's user (undefined when it does not exist or is removed).
     */
    async actorByTokenWithFolder(tokenHash: string, folderId: number) {
      const [row] = (await byTokenWithFolder(tokenHash, folderId)) as Record<string, unknown>[];
      if (!row) return undefined;
      const user: Record<string, unknown> = {};
      const folder: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(row))
        if (k.startsWith('folder__')) folder[k.slice(8)] = v;
        else user[k] = v;
      const actor = user as Awaited<ReturnType<typeof byToken>>[number];
      return {
        ...actor,
        grant_generation: Number(actor.grant_generation),
        folder: folder.id == null ? undefined : (folder as unknown as FolderForUser),
      };
    },

    async touchToken(tokenId: number, now: string) {
      await db.updateTable('access_tokens').set({ last_used_at: now }).where('id', '=', tokenId).execute();
    },

    /** Which of these tokens still exist (a session signed out anywhere has none). */
    async liveTokenIds(ids: number[]): Promise<Set<number>> {
      if (!ids.length) return new Set();
      const rows = await db.selectFrom('access_tokens').select('id').where('id', 'in', ids).execute();
      return new Set(rows.map((r) => r.id));
    },

    async deleteToken(tokenId: number) {
      await db.deleteFrom('access_tokens').where('id', '=', tokenId).execute();
    },

    /** A user's tokens unused since `idleSince` or issued before `issuedBefore`: they sign nobody in. */
    async deleteExpiredTokens(userId: number, idleSince: string, issuedBefore: string) {
      await db
        .deleteFrom('access_tokens')
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('last_used_at', '<', idleSince), eb('created_at', '<', issuedBefore)]))
        .execute();
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

declare module '../../deps/repos.js' {
  interface Repos {
    auth: ReturnType<typeof authRepo>;
  }
}
