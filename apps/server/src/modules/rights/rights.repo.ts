import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { paged } from '../../db/paged.js';
import type { ConsentsTable, LicencesTable } from '../../db/schema/rights.js';

type Editable<T> = Omit<T, 'id' | 'brand_id' | 'created_by' | 'created_at' | 'channels' | 'territories' | 'kind'> & {
  channels: string;
  territories: string;
};
export type LicenceValues = Editable<LicencesTable>;
export type ConsentValues = Editable<ConsentsTable> & { kind: string };

/** `q` as a case-blind LIKE pattern whose own % and _ match themselves (both dialects). */
const likeOf = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** The most rows an export holds. */
export const RIGHTS_EXPORT_MAX = 50_000;

/** How many assets a licence or consent row covers, as its `asset_count` column. */
const assetCount = (kind: 'licence' | 'consent') => {
  const [link, row] = kind === 'licence' ? ['asset_licences', 'licences'] : ['asset_consents', 'consents'];
  return sql<number>`(select count(*) from ${sql.table(link)} l where l.${sql.ref(`${kind}_id`)} = ${sql.ref(`${row}.id`)})`.as(
    'asset_count',
  );
};

/** Rows any of whose `columns` hold `q`, case-blind (nullable columns read as empty). */
const matching = (columns: string[], q: string) => {
  const like = likeOf(q);
  const tests = columns.map((c) => sql`lower(coalesce(${sql.ref(c)}, '')) like ${like} escape '\\'`);
  return sql<boolean>`(${sql.join(tests, sql` or `)})`;
};

/** SQL of licences, consents, their documents and their links to assets. */
export function rightsRepo(db: Db) {
  const licences = (brandId: number) =>
    db.selectFrom('licences').where('licences.brand_id', '=', brandId).select(assetCount('licence'));
  const consents = (brandId: number) =>
    db.selectFrom('consents').where('consents.brand_id', '=', brandId).select(assetCount('consent'));

  return {
    listLicences(brandId: number, q: string | undefined, page: number, perPage: number) {
      let base = db.selectFrom('licences').where('brand_id', '=', brandId);
      if (q) base = base.where(matching(['name', 'holder', 'notes'], q));
      return paged(
        base,
        (b) => b.selectAll().select(assetCount('licence')).orderBy('name').orderBy('id'),
        page,
        perPage,
      );
    },
    listConsents(brandId: number, q: string | undefined, page: number, perPage: number) {
      let base = db.selectFrom('consents').where('brand_id', '=', brandId);
      if (q) base = base.where(matching(['person', 'notes'], q));
      return paged(
        base,
        (b) => b.selectAll().select(assetCount('consent')).orderBy('person').orderBy('id'),
        page,
        perPage,
      );
    },
    licence: (id: number) =>
      db.selectFrom('licences').selectAll().select(assetCount('licence')).where('id', '=', id).executeTakeFirst(),
    consent: (id: number) =>
      db.selectFrom('consents').selectAll().select(assetCount('consent')).where('id', '=', id).executeTakeFirst(),
    /** Every licence of the brand for an export, by name. */
    allLicences: (brandId: number) =>
      licences(brandId).selectAll().orderBy('name').orderBy('id').limit(RIGHTS_EXPORT_MAX).execute(),
    allConsents: (brandId: number) =>
      consents(brandId).selectAll().orderBy('person').orderBy('id').limit(RIGHTS_EXPORT_MAX).execute(),

    insertLicence: (row: LicenceValues & { brand_id: number; created_by: number; created_at: string }) =>
      db.insertInto('licences').values(row).returning('id').executeTakeFirstOrThrow(),
    updateLicence: (id: number, row: LicenceValues) =>
      db.updateTable('licences').set(row).where('id', '=', id).execute(),
    deleteLicence: (id: number) => db.deleteFrom('licences').where('id', '=', id).execute(),
    insertConsent: (row: ConsentValues & { brand_id: number; created_by: number; created_at: string }) =>
      db.insertInto('consents').values(row).returning('id').executeTakeFirstOrThrow(),
    updateConsent: (id: number, row: ConsentValues) =>
      db.updateTable('consents').set(row).where('id', '=', id).execute(),
    deleteConsent: (id: number) => db.deleteFrom('consents').where('id', '=', id).execute(),

    /** The documents of these licences or consents, oldest first. */
    documentsOf: (column: 'licence_id' | 'consent_id', ids: number[]) =>
      ids.length
        ? db
            .selectFrom('rights_documents')
            .selectAll()
            .where(column, 'in', ids)
            .orderBy('created_at')
            .orderBy('id')
            .execute()
        : Promise.resolve([]),
    document: (id: number) => db.selectFrom('rights_documents').selectAll().where('id', '=', id).executeTakeFirst(),
    insertDocument: (row: {
      brand_id: number;
      licence_id: number | null;
      consent_id: number | null;
      name: string;
      mime: string;
      size: number;
      blob_key: string;
      created_by: number;
      created_at: string;
    }) => db.insertInto('rights_documents').values(row).returningAll().executeTakeFirstOrThrow(),
    deleteDocument: (id: number) => db.deleteFrom('rights_documents').where('id', '=', id).execute(),

    /** The assets a licence or consent covers. */
    assetsOfLicence: async (id: number) =>
      (await db.selectFrom('asset_licences').select('asset_id').where('licence_id', '=', id).execute()).map(
        (r) => r.asset_id,
      ),
    assetsOfConsent: async (id: number) =>
      (await db.selectFrom('asset_consents').select('asset_id').where('consent_id', '=', id).execute()).map(
        (r) => r.asset_id,
      ),

    /** Links a licence to the assets not linked yet; answers how many were new. */
    async linkLicence(licenceId: number, assetIds: number[]) {
      const held = new Set(
        (
          await db
            .selectFrom('asset_licences')
            .select('asset_id')
            .where('licence_id', '=', licenceId)
            .where('asset_id', 'in', assetIds)
            .execute()
        ).map((r) => r.asset_id),
      );
      const fresh = assetIds.filter((id) => !held.has(id));
      if (fresh.length)
        await db
          .insertInto('asset_licences')
          .values(fresh.map((asset_id) => ({ asset_id, licence_id: licenceId })))
          .onConflict((oc) => oc.columns(['asset_id', 'licence_id']).doNothing())
          .execute();
      return fresh.length;
    },

    /** The licences and consents linked to an asset, by name. */
    licencesOfAsset: (assetId: number) =>
      db
        .selectFrom('licences')
        .innerJoin('asset_licences', 'asset_licences.licence_id', 'licences.id')
        .selectAll('licences')
        .where('asset_licences.asset_id', '=', assetId)
        .orderBy('licences.name')
        .orderBy('licences.id')
        .execute(),
    consentsOfAsset: (assetId: number) =>
      db
        .selectFrom('consents')
        .innerJoin('asset_consents', 'asset_consents.consent_id', 'consents.id')
        .selectAll('consents')
        .where('asset_consents.asset_id', '=', assetId)
        .orderBy('consents.person')
        .orderBy('consents.id')
        .execute(),

    /**
     * Replaces an asset's links and sets its own usage window. Two saves at once leave the links
     * both named (a link already there is kept, never a duplicate-key error).
     */
    async setAssetRights(
      assetId: number,
      v: { licenceIds: number[]; consentIds: number[]; from: string | null; until: string | null },
    ) {
      await db.deleteFrom('asset_licences').where('asset_id', '=', assetId).execute();
      await db.deleteFrom('asset_consents').where('asset_id', '=', assetId).execute();
      if (v.licenceIds.length)
        await db
          .insertInto('asset_licences')
          .values(v.licenceIds.map((licence_id) => ({ asset_id: assetId, licence_id })))
          .onConflict((oc) => oc.columns(['asset_id', 'licence_id']).doNothing())
          .execute();
      if (v.consentIds.length)
        await db
          .insertInto('asset_consents')
          .values(v.consentIds.map((consent_id) => ({ asset_id: assetId, consent_id })))
          .onConflict((oc) => oc.columns(['asset_id', 'consent_id']).doNothing())
          .execute();
      await db
        .updateTable('assets')
        .set({ available_from: v.from, available_until: v.until })
        .where('id', '=', assetId)
        .execute();
    },

    /**
     * A channel of the brand renamed or merged into another: the licences and consents holding
     * `from` hold `to` instead (once). Answers how many changed.
     */
    async renameChannel(brandId: number, from: string, to: string, at: string) {
      let n = 0;
      const like = `%${JSON.stringify(from).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      for (const table of ['licences', 'consents'] as const) {
        const rows = await db
          .selectFrom(table)
          .select(['id', 'channels'])
          .where('brand_id', '=', brandId)
          .where(sql<boolean>`channels like ${like} escape '\\'`)
          .execute();
        for (const r of rows) {
          const list = (JSON.parse(r.channels) as string[]).map((c) => (c === from ? to : c));
          const channels = JSON.stringify(list.filter((c, i) => list.indexOf(c) === i));
          if (channels === r.channels) continue;
          await db.updateTable(table).set({ channels, updated_at: at }).where('id', '=', r.id).execute();
          n++;
        }
      }
      return n;
    },

    /** The English labels of the brand's channels still offered, in their order. */
    channelsOfBrand: async (brandId: number) =>
      (
        await db
          .selectFrom('vocabulary_options')
          .innerJoin('vocabularies', 'vocabularies.id', 'vocabulary_options.vocabulary_id')
          .select('vocabulary_options.label_en')
          .where('vocabularies.brand_id', '=', brandId)
          .where('vocabularies.system_key', '=', 'channels')
          .where('vocabulary_options.retired_at', 'is', null)
          .orderBy('vocabulary_options.position')
          .orderBy('vocabulary_options.id')
          .execute()
      ).map((r) => r.label_en),

    /** The licences and consents of these brand-checked ids that belong to `brandId`. */
    async ofBrand(brandId: number, licenceIds: number[], consentIds: number[]) {
      const l = licenceIds.length
        ? await db
            .selectFrom('licences')
            .select(['id', 'name'])
            .where('brand_id', '=', brandId)
            .where('id', 'in', licenceIds)
            .execute()
        : [];
      const c = consentIds.length
        ? await db
            .selectFrom('consents')
            .select(['id', 'person'])
            .where('brand_id', '=', brandId)
            .where('id', 'in', consentIds)
            .execute()
        : [];
      return { licences: l, consents: c };
    },
  };
}

declare module '../../deps/repos.js' {
  interface Repos {
    rights: ReturnType<typeof rightsRepo>;
  }
}
