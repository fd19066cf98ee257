import { SHORTABLE_TYPES } from '@brandvault/contract';
import type { ShortableType } from '@brandvault/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { ShortcutsTable } from '../../db/schema.js';

export type ShortcutRow = Selectable<ShortcutsTable>;

/** A shortcut with what deciding whether its owner still sees the target needs. */
export interface ShortcutListRow extends ShortcutRow {
  folder_status: string | null;
  folder_private: number | null;
  asset_status: string | null;
  asset_visibility: string | null;
  asset_availability: string | null;
  asset_review_state: string | null;
  asset_created_by: number | null;
  asset_folder_id: number | null;
  asset_folder_status: string | null;
  asset_folder_private: number | null;
}

export function shortcutsRepo(db: Db) {
  return {
    /** The user's shortcut to one target. */
    of: (userId: number, type: ShortableType, id: number) =>
      db
        .selectFrom('shortcuts')
        .selectAll()
        .where('user_id', '=', userId)
        .where('shortable_type', '=', type)
        .where('shortable_id', '=', id)
        .executeTakeFirst(),

    byId: (id: number) => db.selectFrom('shortcuts').selectAll().where('id', '=', id).executeTakeFirst(),

    async insert(s: { user_id: number; brand_id: number; type: ShortableType; id: number; name: string; at: string }) {
      const row = await db
        .insertInto('shortcuts')
        .values({
          user_id: s.user_id,
          brand_id: s.brand_id,
          shortable_type: s.type,
          shortable_id: s.id,
          name: s.name,
          created_at: s.at,
          updated_at: s.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    rename: (id: number, name: string, at: string) =>
      db.updateTable('shortcuts').set({ name, updated_at: at }).where('id', '=', id).execute(),

    remove: (id: number) => db.deleteFrom('shortcuts').where('id', '=', id).execute(),

    /** Every shortcut of the user with its target's state (null when the target is gone), oldest first. */
    forUser: (userId: number): Promise<ShortcutListRow[]> =>
      db
        .selectFrom('shortcuts')
        .leftJoin('folders as f', (j) =>
          j.onRef('f.id', '=', 'shortcuts.shortable_id').on('shortcuts.shortable_type', '=', SHORTABLE_TYPES.folder),
        )
        .leftJoin('assets as a', (j) =>
          j.onRef('a.id', '=', 'shortcuts.shortable_id').on('shortcuts.shortable_type', '=', SHORTABLE_TYPES.asset),
        )
        .leftJoin('folders as af', 'af.id', 'a.folder_id')
        .selectAll('shortcuts')
        .select([
          'f.status as folder_status',
          'f.private_path as folder_private',
          'a.status as asset_status',
          'a.visibility as asset_visibility',
          'a.availability as asset_availability',
          'a.review_state as asset_review_state',
          'a.created_by as asset_created_by',
          'a.folder_id as asset_folder_id',
          'af.status as asset_folder_status',
          'af.private_path as asset_folder_private',
        ])
        .where('shortcuts.user_id', '=', userId)
        .orderBy('shortcuts.id')
        .execute(),
  };
}
export type ShortcutsRepo = ReturnType<typeof shortcutsRepo>;

declare module '../../deps/repos.js' {
  interface Repos {
    shortcuts: ReturnType<typeof shortcutsRepo>;
  }
}
