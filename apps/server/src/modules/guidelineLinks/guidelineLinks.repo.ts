import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { GuidelineLinksTable } from '../../db/schema.js';
import { GUIDELINE_LINKS_MAX } from '@brandvault/contract';

export type GuidelineLinkRow = Selectable<GuidelineLinksTable>;
export type GuidelineLinkListRow = GuidelineLinkRow & { owner_first: string; owner_last: string };

/** Public guidelines links (issue 45): all their SQL. */
export function guidelineLinksRepo(db: Db) {
  const listed = () =>
    db
      .selectFrom('guideline_links as l')
      .innerJoin('users as u', 'u.id', 'l.owner_id')
      .selectAll('l')
      .select(['u.first_name as owner_first', 'u.last_name as owner_last']);
  return {
    insert: async (row: Insertable<GuidelineLinksTable>) =>
      (await db.insertInto('guideline_links').values(row).returning('id').executeTakeFirstOrThrow()).id,
    byHash: (hash: string) =>
      db.selectFrom('guideline_links').selectAll().where('token_hash', '=', hash).executeTakeFirst(),
    listRow: (id: number) => listed().where('l.id', '=', id).executeTakeFirst(),
    /** A brand's newest links first. */
    list: (brandId: number) =>
      listed().where('l.brand_id', '=', brandId).orderBy('l.id', 'desc').limit(GUIDELINE_LINKS_MAX).execute(),
    revoke: (id: number, at: string) =>
      db
        .updateTable('guideline_links')
        .set({ revoked_at: at, updated_at: at })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute(),
    countView: (id: number) =>
      db
        .updateTable('guideline_links')
        .set((eb) => ({ views: eb('views', '+', 1) }))
        .where('id', '=', id)
        .execute(),
  };
}

declare module '../../deps/repos.js' {
  interface Repos {
    guidelineLinks: ReturnType<typeof guidelineLinksRepo>;
  }
}
