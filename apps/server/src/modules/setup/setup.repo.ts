import type { Db } from '../../db/index.js';

/** The installation's settings (`app_settings`, one value per key) that the first run reads and writes. */
export const SETTING_KEYS = { orgName: 'org_name', setupFinishedAt: 'setup_finished_at' } as const;

export function setupRepo(db: Db) {
  return {
    async settings(keys: readonly string[]) {
      const rows = await db.selectFrom('app_settings').select(['key', 'value']).where('key', 'in', keys).execute();
      return new Map(rows.map((r) => [r.key, r.value]));
    },

    async putSetting(key: string, value: string) {
      await db
        .insertInto('app_settings')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    },

    /** Whether any brand was ever made (removed ones count: the installation was in use). */
    async anyBrand() {
      return (await db.selectFrom('brands').select('id').limit(1).executeTakeFirst()) !== undefined;
    },
  };
}
export type SetupRepo = ReturnType<typeof setupRepo>;

declare module '../../deps/repos.js' {
  interface Repos {
    setup: ReturnType<typeof setupRepo>;
  }
}
