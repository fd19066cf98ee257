import type { Db } from '../../db/index.js';

/** SQL of two-factor sign-in: each user's sealed secret, their recovery codes, and the roles that require it. */
export function twoFactorRepo(db: Db) {
  return {
    of: (userId: number) =>
      db.selectFrom('user_two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst(),

    /** Whether any of the user's roles requires two-factor sign-in. */
    async required(userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('user_roles')
        .innerJoin('roles', 'roles.id', 'user_roles.role_id')
        .select('roles.id')
        .where('user_roles.user_id', '=', userId)
        .where('roles.requires_two_factor', '=', 1)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A new secret waiting for its first code; replaces a pending one, never an enabled one. */
    async putPending(userId: number, secretEnc: string, at: string) {
      await db.deleteFrom('user_two_factor').where('user_id', '=', userId).where('enabled_at', 'is', null).execute();
      await db
        .insertInto('user_two_factor')
        .values({ user_id: userId, secret_enc: secretEnc, enabled_at: null, last_step: null, created_at: at })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    },

    enable: (userId: number, at: string) =>
      db.updateTable('user_two_factor').set({ enabled_at: at }).where('user_id', '=', userId).execute(),

    /** Records `step` as used; false when it (or a later one) was used already: a replay. */
    async acceptStep(userId: number, step: number): Promise<boolean> {
      const r = await db
        .updateTable('user_two_factor')
        .set({ last_step: step })
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    async remove(userId: number) {
      await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
      const r = await db.deleteFrom('user_two_factor').where('user_id', '=', userId).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    async replaceRecoveryCodes(userId: number, hashes: string[], at: string) {
      await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
      await db
        .insertInto('two_factor_recovery_codes')
        .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null, created_at: at })))
        .execute();
    },

    /** Spends one unused recovery code; false when there is no such code. */
    async spendRecoveryCode(userId: number, hash: string, at: string): Promise<boolean> {
      const r = await db
        .updateTable('two_factor_recovery_codes')
        .set({ used_at: at })
        .where('user_id', '=', userId)
        .where('code_hash', '=', hash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    async recoveryLeft(userId: number): Promise<number> {
      const r = await db
        .selectFrom('two_factor_recovery_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    roles: () =>
      db.selectFrom('roles').select(['id', 'name', 'requires_two_factor']).orderBy('name').orderBy('id').execute(),

    role: (id: number) =>
      db.selectFrom('roles').select(['id', 'name', 'requires_two_factor']).where('id', '=', id).executeTakeFirst(),

    setRoleRequired: (id: number, required: boolean) =>
      db
        .updateTable('roles')
        .set({ requires_two_factor: required ? 1 : 0 })
        .where('id', '=', id)
        .execute(),
  };
}
export type TwoFactorRepo = ReturnType<typeof twoFactorRepo>;

declare module '../../deps/repos.js' {
  interface Repos {
    twoFactor: ReturnType<typeof twoFactorRepo>;
  }
}
