import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { OidcProvidersTable, SsoPendingTable } from '../../db/schema.js';

export type ProviderRow = Selectable<OidcProvidersTable>;
export type PendingRow = Selectable<SsoPendingTable>;

/** Providers, the identities bound through them, the flow's one-time codes and SSO sessions. */
export function ssoRepo(db: Db) {
  return {
    providers: () => db.selectFrom('oidc_providers').selectAll().orderBy('id').execute(),
    provider: (id: number) => db.selectFrom('oidc_providers').selectAll().where('id', '=', id).executeTakeFirst(),
    envProvider: () =>
      db.selectFrom('oidc_providers').selectAll().where('from_env', '=', 1).orderBy('id').executeTakeFirst(),
    async insertProvider(row: Insertable<OidcProvidersTable>) {
      return (await db.insertInto('oidc_providers').values(row).returning('id').executeTakeFirstOrThrow()).id;
    },
    async updateProvider(id: number, row: Updateable<OidcProvidersTable>) {
      await db.updateTable('oidc_providers').set(row).where('id', '=', id).execute();
    },
    async deleteProvider(id: number) {
      await db.deleteFrom('oidc_providers').where('id', '=', id).execute();
    },

    identity: (issuer: string, sub: string) =>
      db
        .selectFrom('user_identities')
        .selectAll()
        .where('issuer', '=', issuer)
        .where('sub', '=', sub)
        .executeTakeFirst(),
    async insertIdentity(row: {
      user_id: number;
      provider_id: number;
      issuer: string;
      sub: string;
      email: string | null;
      at: string;
    }) {
      const { at, ...rest } = row;
      return (
        await db
          .insertInto('user_identities')
          .values({ ...rest, created_at: at, last_login_at: null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    },
    async identityUsed(id: number, at: string) {
      await db.updateTable('user_identities').set({ last_login_at: at }).where('id', '=', id).execute();
    },

    async insertPending(row: Insertable<SsoPendingTable>) {
      await db.insertInto('sso_pending').values(row).execute();
    },
    pendingByCode: (kind: string, codeHash: string) =>
      db
        .selectFrom('sso_pending')
        .selectAll()
        .where('kind', '=', kind)
        .where('code_hash', '=', codeHash)
        .executeTakeFirst(),
    pendingByMail: (mailHash: string) =>
      db
        .selectFrom('sso_pending')
        .selectAll()
        .where('kind', '=', 'link')
        .where('mail_hash', '=', mailHash)
        .executeTakeFirst(),
    async setMailHash(id: number, mailHash: string) {
      await db.updateTable('sso_pending').set({ mail_hash: mailHash }).where('id', '=', id).execute();
    },
    /** Marks it used only if still unused: a second use of the same code updates nothing. */
    async consumePending(id: number, at: string): Promise<boolean> {
      const r = await db
        .updateTable('sso_pending')
        .set({ used_at: at })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    async deleteStalePending(before: string) {
      await db.deleteFrom('sso_pending').where('expires_at', '<', before).execute();
    },

    async insertSession(tokenId: number, identityId: number, sid: string | null) {
      await db.insertInto('sso_sessions').values({ token_id: tokenId, identity_id: identityId, sid }).execute();
    },
    /** Ends an identity's sessions (all of them, or the one provider session `sid`); how many ended. */
    async endSessions(identityId: number, sid: string | null): Promise<number[]> {
      let q = db.selectFrom('sso_sessions').select('token_id').where('identity_id', '=', identityId);
      if (sid) q = q.where('sid', '=', sid);
      const ids = (await q.execute()).map((r) => r.token_id);
      if (ids.length) await db.deleteFrom('access_tokens').where('id', 'in', ids).execute();
      return ids;
    },
    /** The identity a provider session `sid` signed in, for a logout token that names no `sub`. */
    identityBySid: (providerId: number, sid: string) =>
      db
        .selectFrom('sso_sessions')
        .innerJoin('user_identities', 'user_identities.id', 'sso_sessions.identity_id')
        .selectAll('user_identities')
        .where('user_identities.provider_id', '=', providerId)
        .where('sso_sessions.sid', '=', sid)
        .executeTakeFirst(),

    roles: () => db.selectFrom('roles').select(['id', 'name', 'sso_only']).orderBy('id').execute(),
    role: (id: number) =>
      db.selectFrom('roles').select(['id', 'name', 'sso_only']).where('id', '=', id).executeTakeFirst(),
    async setSsoOnly(id: number, on: boolean) {
      await db
        .updateTable('roles')
        .set({ sso_only: on ? 1 : 0 })
        .where('id', '=', id)
        .execute();
    },
    /**
     * Whether password sign-in is refused to this user: one of their roles is SSO-only and none is
     * admin (the break-glass: an administrator can always sign in with a password).
     */
    async passwordRefused(userId: number): Promise<boolean> {
      const rows = await db
        .selectFrom('user_roles')
        .innerJoin('roles', 'roles.id', 'user_roles.role_id')
        .select(['roles.name', 'roles.sso_only'])
        .where('user_roles.user_id', '=', userId)
        .execute();
      return rows.some((r) => Number(r.sso_only) === 1) && !rows.some((r) => r.name === 'admin');
    },
  };
}
export type SsoRepo = ReturnType<typeof ssoRepo>;

declare module '../../deps/repos.js' {
  interface Repos {
    sso: ReturnType<typeof ssoRepo>;
  }
}
