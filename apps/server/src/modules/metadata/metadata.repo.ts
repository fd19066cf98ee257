import { DEFAULT_CHANNELS, SYSTEM_VOCABULARIES, SYSTEM_VOCABULARY_KEYS } from '@brandvault/contract';
import type { SystemVocabularyKey } from '@brandvault/contract';
import type { Db } from '../../db/index.js';
import type { MetadataFieldsTable } from '../../db/schema.js';

export type FieldRow = Omit<MetadataFieldsTable, 'id'> & { id: number };
export type FieldInsert = Omit<MetadataFieldsTable, 'id' | 'position'>;
export type FieldPatch = Partial<Omit<MetadataFieldsTable, 'id' | 'brand_id' | 'created_at'>>;

/** SQL of a brand's metadata fields and vocabularies (options are in options.repo.ts). */
export function metadataRepo(db: Db) {
  return {
    fieldsOfBrand: (brandId: number): Promise<FieldRow[]> =>
      db
        .selectFrom('metadata_fields')
        .selectAll()
        .where('brand_id', '=', brandId)
        .orderBy('position')
        .orderBy('id')
        .execute(),

    /** The fields of several brands with `flag` set (those a share page or a PDF prints). */
    flaggedFieldsOf: (brandIds: readonly number[], flag: 'on_share' | 'on_pdf'): Promise<FieldRow[]> =>
      brandIds.length
        ? db
            .selectFrom('metadata_fields')
            .selectAll()
            .where('brand_id', 'in', [...brandIds])
            .where(flag, '=', 1)
            .orderBy('position')
            .orderBy('id')
            .execute()
        : Promise.resolve([]),

    field: (id: number): Promise<FieldRow | undefined> =>
      db.selectFrom('metadata_fields').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Last in the brand's order. */
    async insertField(row: FieldInsert): Promise<FieldRow> {
      const last = await db
        .selectFrom('metadata_fields')
        .select((eb) => eb.fn.max('position').as('p'))
        .where('brand_id', '=', row.brand_id)
        .executeTakeFirst();
      const position = (last?.p ?? -1) + 1;
      return db
        .insertInto('metadata_fields')
        .values({ ...row, position })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    updateField: (id: number, patch: FieldPatch) =>
      db.updateTable('metadata_fields').set(patch).where('id', '=', id).returningAll().executeTakeFirst(),

    deleteField: (id: number) => db.deleteFrom('metadata_fields').where('id', '=', id).executeTakeFirst(),

    async setFieldOrder(brandId: number, ids: readonly number[], at: string) {
      for (const [position, id] of ids.entries())
        await db
          .updateTable('metadata_fields')
          .set({ position, updated_at: at })
          .where('id', '=', id)
          .where('brand_id', '=', brandId)
          .execute();
    },

    /** How many assets hold a value of the field. */
    async assetsWithValues(fieldId: number): Promise<number> {
      const r = await db
        .selectFrom('asset_field_values')
        .select((eb) => eb.fn.count<number>('asset_id').distinct().as('n'))
        .where('field_id', '=', fieldId)
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },

    vocabulariesOfBrand: (brandId: number) =>
      db
        .selectFrom('vocabularies')
        .selectAll('vocabularies')
        .select((eb) => [
          eb
            .selectFrom('vocabulary_options')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('vocabulary_options.vocabulary_id', '=', 'vocabularies.id')
            .as('option_count'),
          eb
            .selectFrom('metadata_fields')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('metadata_fields.vocabulary_id', '=', 'vocabularies.id')
            .as('field_count'),
        ])
        .where('brand_id', '=', brandId)
        .orderBy('name')
        .orderBy('id')
        .execute(),

    vocabulary: (id: number) => db.selectFrom('vocabularies').selectAll().where('id', '=', id).executeTakeFirst(),

    insertVocabulary: (row: { brand_id: number; name: string; kind: string; created_at: string; updated_at: string }) =>
      db
        .insertInto('vocabularies')
        .values({ ...row, system_key: null })
        .returningAll()
        .executeTakeFirstOrThrow(),

    /**
     * A new brand's system vocabularies: themes and visual language (empty lists), and the
     * channels of usage rights with the default ones.
     */
    async insertSystemVocabularies(brandId: number, at: string) {
      for (const key of SYSTEM_VOCABULARY_KEYS) {
        const v = await db
          .insertInto('vocabularies')
          .values({
            brand_id: brandId,
            name: SYSTEM_VOCABULARIES[key].name,
            kind: 'list',
            system_key: key,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (key !== 'channels') continue;
        for (const [position, c] of DEFAULT_CHANNELS.entries()) {
          const o = await db
            .insertInto('vocabulary_options')
            .values({
              vocabulary_id: v.id,
              parent_id: null,
              label_en: c.label_en,
              label_es: c.label_es,
              position,
              retired_at: null,
              path: '',
              created_at: at,
              updated_at: at,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await db
            .updateTable('vocabulary_options')
            .set({ path: `/${o.id}/` })
            .where('id', '=', o.id)
            .execute();
        }
      }
    },

    /** The brand's vocabulary behind `key` (every brand has one since 2026112950). */
    systemVocabulary: (brandId: number, key: SystemVocabularyKey) =>
      db
        .selectFrom('vocabularies')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('system_key', '=', key)
        .executeTakeFirst(),

    renameVocabulary: (id: number, name: string, at: string) =>
      db
        .updateTable('vocabularies')
        .set({ name, updated_at: at })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),

    async fieldsUsing(vocabularyId: number): Promise<number> {
      const r = await db
        .selectFrom('metadata_fields')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('vocabulary_id', '=', vocabularyId)
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },

    /** Deletes the vocabulary only while no field uses it; false when one does (or it is gone). */
    async deleteUnusedVocabulary(id: number): Promise<boolean> {
      const r = await db
        .deleteFrom('vocabularies')
        .where('id', '=', id)
        .where('system_key', 'is', null)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('metadata_fields').select('id').where('vocabulary_id', '=', id))))
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}

declare module '../../deps/repos.js' {
  interface Repos {
    metadata: ReturnType<typeof metadataRepo>;
  }
}
