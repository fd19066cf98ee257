import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { VocabularyOptionsTable } from '../../db/schema.js';

export type OptionRow = Omit<VocabularyOptionsTable, 'id'> & { id: number };
type NewOption = { vocabulary_id: number; parent_id: number | null; label_en: string; label_es: string; at: string };

/**
 * SQL of a vocabulary's options. Every change that may race another on the same option first
 * claims it with a conditional update (`claim`): the loser finds it gone and answers 409, and an
 * option is deleted only after its values moved, so no value is left pointing at it.
 */
export function optionsRepo(db: Db) {
  const get = (id: number): Promise<OptionRow | undefined> =>
    db.selectFrom('vocabulary_options').selectAll().where('id', '=', id).executeTakeFirst();

  /** Locks the option for this transaction (PostgreSQL row lock; SQLite writes one at a time). */
  async function claim(id: number, at: string): Promise<boolean> {
    const r = await db
      .updateTable('vocabulary_options')
      .set({ updated_at: at })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Locks the option without changing it; false when it is gone. */
  async function hold(id: number): Promise<boolean> {
    const r = await db
      .updateTable('vocabulary_options')
      .set({ updated_at: sql<string>`updated_at` })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  const children = (vocabularyId: number, parentId: number | null) =>
    db
      .selectFrom('vocabulary_options')
      .selectAll()
      .where('vocabulary_id', '=', vocabularyId)
      .where('parent_id', parentId === null ? 'is' : '=', parentId)
      .orderBy('position')
      .orderBy('id')
      .execute();

  /** Gives the subtree at `oldPath` the new prefix `newPath` (ids never change, so neither do tails). */
  const repath = (vocabularyId: number, oldPath: string, newPath: string) =>
    db
      .updateTable('vocabulary_options')
      .set({ path: sql<string>`cast(${newPath} as text) || substr(path, ${oldPath.length + 1})` })
      .where('vocabulary_id', '=', vocabularyId)
      .where('path', 'like', `${oldPath}%`)
      .execute();

  /** Puts `id` at `position` among its siblings under `parentId`, renumbering them. */
  async function place(row: OptionRow, parentId: number | null, position: number) {
    const siblings = (await children(row.vocabulary_id, parentId)).filter((o) => o.id !== row.id);
    siblings.splice(Math.min(position, siblings.length), 0, row);
    for (const [i, o] of siblings.entries())
      if (o.id === row.id || o.position !== i)
        await db
          .updateTable('vocabulary_options')
          .set({ position: i, ...(o.id === row.id ? { parent_id: parentId } : {}) })
          .where('id', '=', o.id)
          .execute();
  }

  async function parentPath(parentId: number | null) {
    return parentId === null ? '/' : ((await get(parentId))?.path ?? '/');
  }

  /** Inserts an option last among its siblings; with `ifAbsent` a label taken under the parent inserts nothing. */
  async function add(o: NewOption, ifAbsent: boolean): Promise<OptionRow | undefined> {
    const last = await db
      .selectFrom('vocabulary_options')
      .select((eb) => eb.fn.max('position').as('p'))
      .where('vocabulary_id', '=', o.vocabulary_id)
      .where('parent_id', o.parent_id === null ? 'is' : '=', o.parent_id)
      .executeTakeFirst();
    const insert = db.insertInto('vocabulary_options').values({
      vocabulary_id: o.vocabulary_id,
      parent_id: o.parent_id,
      label_en: o.label_en,
      label_es: o.label_es,
      position: (last?.p ?? -1) + 1,
      retired_at: null,
      path: '',
      created_at: o.at,
      updated_at: o.at,
    });
    const row = await (ifAbsent ? insert.onConflict((oc) => oc.doNothing()) : insert).returningAll().executeTakeFirst();
    if (!row) {
      if (ifAbsent) return undefined;
      throw new Error('option insert returned nothing');
    }
    const path = `${await parentPath(o.parent_id)}${row.id}/`;
    await db.updateTable('vocabulary_options').set({ path }).where('id', '=', row.id).execute();
    return { ...row, path };
  }

  const repo = {
    get,
    claim,
    hold,
    children,

    ofVocabulary: (vocabularyId: number) =>
      db.selectFrom('vocabulary_options').selectAll().where('vocabulary_id', '=', vocabularyId).execute(),

    byIds: (ids: readonly number[]) =>
      ids.length
        ? db
            .selectFrom('vocabulary_options')
            .selectAll()
            .where('id', 'in', [...ids])
            .execute()
        : Promise.resolve([]),

    /** How many assets hold each option of the vocabulary (options held by none are absent). */
    async assetCounts(vocabularyId: number): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('asset_field_values')
        .innerJoin('vocabulary_options', 'vocabulary_options.id', 'asset_field_values.option_id')
        .select([
          'asset_field_values.option_id',
          (eb) => eb.fn.count<number>('asset_field_values.asset_id').distinct().as('n'),
        ])
        .where('vocabulary_options.vocabulary_id', '=', vocabularyId)
        .groupBy('asset_field_values.option_id')
        .execute();
      return new Map(rows.map((r) => [r.option_id!, Number(r.n)]));
    },

    /** A new option, last among its siblings. */
    insert: async (o: NewOption) => (await add(o, false))!,
    /**
     * A new option, or undefined when one with its label is under that parent already, maybe made
     * by a transaction running alongside (PostgreSQL waits for it to end): the caller re-reads it.
     */
    insertUnlessTaken: (o: NewOption) => add(o, true),

    /** Undefined when the option is gone (merged or deleted meanwhile). */
    update: (id: number, patch: Partial<Pick<OptionRow, 'label_en' | 'label_es' | 'retired_at'>>, at: string) =>
      db
        .updateTable('vocabulary_options')
        .set({ ...patch, updated_at: at })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),

    /** Moves a claimed option (and its subtree) under `parentId` at `position`. */
    async move(row: OptionRow, parentId: number | null, position: number) {
      await place(row, parentId, position);
      if (parentId !== row.parent_id)
        await repath(row.vocabulary_id, row.path, `${await parentPath(parentId)}${row.id}/`);
    },

    /**
     * Merges claimed `from` into claimed `into`: its values move (an asset holding both keeps one),
     * its children move under `into` (a child whose label `into` already has merges into that
     * one), and it is deleted. Answers how many assets held `from`.
     */
    async merge(from: OptionRow, into: OptionRow, at: string): Promise<number> {
      const held = await db
        .selectFrom('asset_field_values')
        .select((eb) => eb.fn.count<number>('asset_id').distinct().as('n'))
        .where('option_id', '=', from.id)
        .executeTakeFirst();
      await db
        .updateTable('asset_field_values')
        .set({ option_id: into.id })
        .where('option_id', '=', from.id)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('asset_field_values as both')
                .select('both.asset_id')
                .whereRef('both.asset_id', '=', 'asset_field_values.asset_id')
                .whereRef('both.field_id', '=', 'asset_field_values.field_id')
                .where('both.option_id', '=', into.id),
            ),
          ),
        )
        .execute();
      await db.deleteFrom('asset_field_values').where('option_id', '=', from.id).execute();
      const theirs = new Map((await children(into.vocabulary_id, into.id)).map((c) => [c.label_en.toLowerCase(), c]));
      for (const child of await children(from.vocabulary_id, from.id)) {
        const same = theirs.get(child.label_en.toLowerCase());
        if (same) await repo.merge(child, same, at);
        else await repo.move(child, into.id, Number.MAX_SAFE_INTEGER);
      }
      await db.deleteFrom('vocabulary_options').where('id', '=', from.id).execute();
      return Number(held?.n ?? 0);
    },
  };
  return repo;
}

declare module '../../deps/repos.js' {
  interface Repos {
    options: ReturnType<typeof optionsRepo>;
  }
}
