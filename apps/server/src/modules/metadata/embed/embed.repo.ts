import { sql } from 'kysely';
import type { Db } from '../../../db/index.js';
import type { EmbedMappingsTable } from '../../../db/schema.js';

export type EmbedMappingRow = EmbedMappingsTable;

/** SQL of a brand's embedded-metadata mapping, and the option look-ups ingest makes with it. */
export function embedMappingsRepo(db: Db) {
  return {
    ofBrand: (brandId: number): Promise<EmbedMappingRow[]> =>
      db.selectFrom('embed_mappings').selectAll().where('brand_id', '=', brandId).execute(),

    /** Replaces the brand's whole mapping with `rows`. */
    async replace(brandId: number, rows: readonly EmbedMappingRow[]) {
      await db.deleteFrom('embed_mappings').where('brand_id', '=', brandId).execute();
      if (rows.length)
        await db
          .insertInto('embed_mappings')
          .values([...rows])
          .execute();
    },

    /** The option with this label (case-insensitive) under `parentId` (null: the top), retired or not. */
    optionByLabel: (vocabularyId: number, parentId: number | null, label: string) =>
      db
        .selectFrom('vocabulary_options')
        .selectAll()
        .where('vocabulary_id', '=', vocabularyId)
        .where('parent_id', parentId === null ? 'is' : '=', parentId)
        .where(sql<string>`lower(label_en)`, '=', label.toLowerCase())
        .executeTakeFirst(),
  };
}

declare module '../../../deps/repos.js' {
  interface Repos {
    embedMappings: ReturnType<typeof embedMappingsRepo>;
  }
}
