import type { Db } from '../../db/index.js';
import type { SavedSearchesTable } from '../../db/schema.js';
import { savedSearchesWithAccess } from '../access/access.repo.js';

export type SavedSearchInsert = Omit<SavedSearchesTable, 'id'>;
export type SavedSearchPatch = Partial<
  Pick<SavedSearchesTable, 'name' | 'folder_id' | 'search_json' | 'shared_with_brand' | 'as_collection' | 'updated_at'>
>;
const oneOf = (db: Db, id: number, userId: number) =>
  savedSearchesWithAccess(db, userId).where('saved_searches.id', '=', id).executeTakeFirst();
/** A saved search as its policy and view read it, seen by one user. */
export type SavedSearchRow = NonNullable<Awaited<ReturnType<typeof oneOf>>>;

/** The most a list answers: a person's own searches and their brands' shared ones are few. */
export const SAVED_SEARCH_LIST_MAX = 500;

/** SQL of saved searches and their per-person pins. */
export function savedSearchesRepo(db: Db) {
  return {
    one: (id: number, userId: number) => oneOf(db, id, userId),

    /**
     * The user's own and every shared one, of one brand or all; the policy then keeps those of
     * brands the user sees. Pinned first, then own, then shared, by name.
     */
    list: (userId: number, opts: { brandId?: number; collections?: boolean }) => {
      let q = savedSearchesWithAccess(db, userId).where((eb) =>
        eb.or([eb('saved_searches.owner_id', '=', userId), eb('saved_searches.shared_with_brand', '=', 1)]),
      );
      if (opts.brandId !== undefined) q = q.where('saved_searches.brand_id', '=', opts.brandId);
      if (opts.collections) q = q.where('saved_searches.as_collection', '=', 1);
      return q
        .orderBy((eb) => eb.case().when('pin.user_id', 'is not', null).then(0).else(1).end())
        .orderBy((eb) => eb.case().when('saved_searches.owner_id', '=', userId).then(0).else(1).end())
        .orderBy('saved_searches.name')
        .orderBy('saved_searches.id')
        .limit(SAVED_SEARCH_LIST_MAX)
        .execute();
    },

    insert: (row: SavedSearchInsert) =>
      db.insertInto('saved_searches').values(row).returning('id').executeTakeFirstOrThrow(),

    update: (id: number, patch: SavedSearchPatch) =>
      db.updateTable('saved_searches').set(patch).where('id', '=', id).execute(),

    remove: (id: number) => db.deleteFrom('saved_searches').where('id', '=', id).execute(),

    async pin(id: number, userId: number, at: string) {
      await db
        .insertInto('saved_search_pins')
        .values({ saved_search_id: id, user_id: userId, created_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'saved_search_id']).doNothing())
        .execute();
    },

    unpin: (id: number, userId: number) =>
      db.deleteFrom('saved_search_pins').where('saved_search_id', '=', id).where('user_id', '=', userId).execute(),
  };
}

declare module '../../deps/repos.js' {
  interface Repos {
    savedSearches: ReturnType<typeof savedSearchesRepo>;
  }
}
