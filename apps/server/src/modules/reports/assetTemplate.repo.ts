import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { inSlices } from '../../db/inSlices.js';
import { assetsWithAccess } from '../access/access.repo.js';

/** What a template shows of an asset, with what decides access to it. */
const COLUMNS = [
  'assets.id',
  'assets.brand_id',
  'assets.folder_id',
  'assets.name',
  'assets.ext',
  'assets.type',
  'assets.size',
  'assets.width',
  'assets.height',
  'assets.created_at',
  'assets.updated_at',
  'assets.description',
  'assets.keywords',
  'assets.categories',
  'assets.language',
  'assets.visibility',
  'assets.author',
  'assets.status',
  'assets.name_locked',
  'assets.availability',
  'assets.review_state',
  'assets.created_by',
  'assets.available_from',
  'assets.available_until',
] as const;

/** The columns an import writes. */
const WRITABLE = ['name', 'description', 'keywords', 'categories', 'language', 'visibility', 'author'] as const;
export interface AssetWrite {
  id: number;
  updatedAt: string;
  patch: Partial<Record<(typeof WRITABLE)[number], string | null>>;
}

/** The SQL of asset templates: assets by id (with their access columns) and the folders they sit in. */
export function assetTemplateRepo(db: Db) {
  return {
    /** Assets by id, with their folder's state, their brand's status and `userId`'s membership. */
    byIds: (ids: readonly number[], userId: number) =>
      inSlices(ids, (slice) => assetsWithAccess(db, userId).select(COLUMNS).where('assets.id', 'in', slice).execute()),
    /** Active asset ids of these folders, by folder and name. */
    idsIn: (folderIds: readonly number[]) =>
      inSlices(folderIds, (slice) =>
        db
          .selectFrom('assets')
          .select('id')
          .where('folder_id', 'in', slice)
          .where('status', '=', 'ACTIVE')
          .orderBy('folder_id')
          .orderBy('name')
          .orderBy('id')
          .execute(),
      ).then((rows) => rows.map((r) => r.id)),
    /** The names of the licences and consents linked to these assets (issue 40 §1), by name. */
    rightsNames: async (ids: readonly number[]) => ({
      licences: await inSlices(ids, (slice) =>
        db
          .selectFrom('asset_licences')
          .innerJoin('licences', 'licences.id', 'asset_licences.licence_id')
          .select(['asset_licences.asset_id', 'licences.name'])
          .where('asset_licences.asset_id', 'in', slice)
          .orderBy('licences.name')
          .orderBy('licences.id')
          .execute(),
      ),
      consents: await inSlices(ids, (slice) =>
        db
          .selectFrom('asset_consents')
          .innerJoin('consents', 'consents.id', 'asset_consents.consent_id')
          .select(['asset_consents.asset_id', 'consents.person as name'])
          .where('asset_consents.asset_id', 'in', slice)
          .orderBy('consents.person')
          .orderBy('consents.id')
          .execute(),
      ),
    }),
    /** The brand field values of these assets (issue 39 §3), one row a value. */
    fieldValues: (ids: readonly number[]) =>
      inSlices(ids, (slice) =>
        db.selectFrom('asset_field_values').selectAll().where('asset_id', 'in', slice).execute(),
      ),
    /** Every option of the brand's vocabularies, retired ones too (assets may still hold them). */
    brandOptions: (brandId: number) =>
      db
        .selectFrom('vocabulary_options')
        .innerJoin('vocabularies', 'vocabularies.id', 'vocabulary_options.vocabulary_id')
        .selectAll('vocabulary_options')
        .where('vocabularies.brand_id', '=', brandId)
        .execute(),
    /** A brand's folders (for the path column). */
    folders: (brandId: number) =>
      db.selectFrom('folders').select(['id', 'parent_id', 'name']).where('brand_id', '=', brandId).execute(),
    /**
     * Writes a batch of imported rows in one statement (PostgreSQL's search triggers then run once
     * per batch, not per row), each only while its asset is still as it was read (`updated_at`).
     * Answers the ids written; the others changed meanwhile.
     */
    async updateMany(writes: AssetWrite[], at: string): Promise<Set<number>> {
      if (!writes.length) return new Set();
      const set: Record<string, unknown> = { updated_at: at };
      for (const col of WRITABLE) {
        const whens = writes.filter((w) => col in w.patch).map((w) => sql`when ${w.id} then ${w.patch[col]}`);
        if (whens.length) set[col] = sql`case id ${sql.join(whens, sql` `)} else ${sql.ref(col)} end`;
      }
      const rows = await db
        .updateTable('assets')
        .set(set)
        .where((eb) => eb.or(writes.map((w) => eb.and([eb('id', '=', w.id), eb('updated_at', '=', w.updatedAt)]))))
        .returning('id')
        .execute();
      return new Set(rows.map((r) => r.id));
    },
  };
}
export type TemplateAsset = Awaited<ReturnType<ReturnType<typeof assetTemplateRepo>['byIds']>>[number];

declare module '../../deps/repos.js' {
  interface Repos {
    assetTemplates: ReturnType<typeof assetTemplateRepo>;
  }
}
