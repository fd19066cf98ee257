import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { BulkEditsTable, BulkEditValuesTable } from '../../db/schema.js';

export type BulkEditRow = Selectable<BulkEditsTable>;
export type BulkBeforeRow = BulkEditValuesTable;

/** The SQL of bulk edits of metadata fields and of the values they replaced. */
export function metadataBulkRepo(db: Db) {
  return {
    create: async (row: Insertable<BulkEditsTable>) =>
      (await db.insertInto('bulk_edits').values(row).returning('id').executeTakeFirstOrThrow()).id,

    byId: (id: number) => db.selectFrom('bulk_edits').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Changes the row only while its status is one of `from`; answers whether it did. */
    async update(id: number, patch: Updateable<BulkEditsTable>, from?: readonly string[]) {
      const r = await db
        .updateTable('bulk_edits')
        .set(patch)
        .where('id', '=', id)
        .$if(!!from, (q) => q.where('status', 'in', [...from!]))
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /** Adds a batch's counts: assets looked at and assets changed. */
    progressed: (id: number, done: number, changed: number) =>
      db
        .updateTable('bulk_edits')
        .set((eb) => ({ done: eb('done', '+', done), changed: eb('changed', '+', changed) }))
        .where('id', '=', id)
        .execute(),

    async saveBefore(rows: readonly BulkBeforeRow[]) {
      for (let i = 0; i < rows.length; i += 500)
        await db
          .insertInto('bulk_edit_values')
          .values(rows.slice(i, i + 500))
          .execute();
    },

    /** The values replaced on the next `assets` assets still to restore, in asset order. */
    async beforeOfNext(id: number, assets: number): Promise<BulkBeforeRow[]> {
      const next = await db
        .selectFrom('bulk_edit_values')
        .select('asset_id')
        .distinct()
        .where('bulk_edit_id', '=', id)
        .orderBy('asset_id')
        .limit(assets)
        .execute();
      if (!next.length) return [];
      return db
        .selectFrom('bulk_edit_values')
        .selectAll()
        .where('bulk_edit_id', '=', id)
        .where(
          'asset_id',
          'in',
          next.map((r) => r.asset_id),
        )
        .execute();
    },

    /** Forgets restored values, so a re-run of the undo goes on from the next asset. */
    dropBefore: (id: number, assetIds: readonly number[]) =>
      db
        .deleteFrom('bulk_edit_values')
        .where('bulk_edit_id', '=', id)
        .where('asset_id', 'in', [...assetIds])
        .execute(),

    /**
     * Deletes the values kept for the undo of up to `batch` edits applied (or, when failed, made)
     * before `before`: their undo has expired. Edits still applying or undoing keep theirs.
     * Answers how many edits it cleared.
     */
    async forgetExpired(before: string, batch: number): Promise<number> {
      const due = await db
        .selectFrom('bulk_edits')
        .select('id')
        .where('status', 'not in', ['applying', 'undoing'])
        .where((eb) => eb(eb.fn.coalesce('applied_at', 'created_at'), '<', before))
        .where((eb) =>
          eb.exists(
            eb.selectFrom('bulk_edit_values').select('asset_id').whereRef('bulk_edit_id', '=', 'bulk_edits.id'),
          ),
        )
        .orderBy('id')
        .limit(batch)
        .execute();
      if (!due.length) return 0;
      await db
        .deleteFrom('bulk_edit_values')
        .where(
          'bulk_edit_id',
          'in',
          due.map((r) => r.id),
        )
        .execute();
      return due.length;
    },
  };
}

declare module '../../deps/repos.js' {
  interface Repos {
    metadataBulk: ReturnType<typeof metadataBulkRepo>;
  }
}
