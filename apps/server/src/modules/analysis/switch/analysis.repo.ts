import type { Db } from '../../../db/index.js';

/** A brand's analysis settings (issue 42 §6); a brand with no row has these. */
export const ANALYSIS_DEFAULTS = { text: true, objects: true, faces: false, colours: true, object_threshold: 0.5 };
export type BrandAnalysis = typeof ANALYSIS_DEFAULTS;

/** Kinds of found words, in the order `assets.found_text` joins them. */
export const FOUND_KINDS = ['text', 'objects', 'people', 'colours'] as const;
export type FoundKind = (typeof FOUND_KINDS)[number];

/** Settings per brand and the words each analysis found, joined into `assets.found_text`. */
export function analysisRepo(db: Db) {
  return {
    async settings(brandId: number): Promise<BrandAnalysis> {
      const row = await db.selectFrom('brand_analysis').selectAll().where('brand_id', '=', brandId).executeTakeFirst();
      if (!row) return { ...ANALYSIS_DEFAULTS };
      return {
        text: row.text === 1,
        objects: row.objects === 1,
        faces: row.faces === 1,
        colours: row.colours === 1,
        object_threshold: Number(row.object_threshold),
      };
    },

    async saveSettings(brandId: number, s: BrandAnalysis, now: string) {
      const row = {
        text: s.text ? 1 : 0,
        objects: s.objects ? 1 : 0,
        faces: s.faces ? 1 : 0,
        colours: s.colours ? 1 : 0,
        object_threshold: s.object_threshold,
        updated_at: now,
      };
      await db
        .insertInto('brand_analysis')
        .values({ brand_id: brandId, ...row })
        .onConflict((oc) => oc.column('brand_id').doUpdateSet(row))
        .execute();
    },

    /**
     * Sets what one kind of analysis found for an asset ('' removes it) and rewrites the asset's
     * `found_text`, which the full text reads. Call inside the transaction that stores the result.
     */
    async setFoundWords(assetId: number, kind: FoundKind, words: string) {
      const text = words.replace(/\s+/g, ' ').trim();
      await db.deleteFrom('asset_found_words').where('asset_id', '=', assetId).where('kind', '=', kind).execute();
      if (text) await db.insertInto('asset_found_words').values({ asset_id: assetId, kind, words: text }).execute();
      const rows = await db
        .selectFrom('asset_found_words')
        .select(['kind', 'words'])
        .where('asset_id', '=', assetId)
        .execute();
      const joined = FOUND_KINDS.flatMap((k) => rows.filter((r) => r.kind === k).map((r) => r.words)).join(' ');
      await db.updateTable('assets').set({ found_text: joined }).where('id', '=', assetId).execute();
    },

    /**
     * Takes the assets' rows first (PostgreSQL; SQLite has one writer): a result's rows move the
     * brand's search generation by trigger, and an edit of the asset takes its row and then the
     * generation, so a transaction taking the generation before the row would deadlock against it.
     */
    async lockAssets(ids: readonly number[]) {
      const sorted = [...new Set(ids)].sort((a, b) => a - b);
      for (let i = 0; i < sorted.length; i += 500)
        await db
          .updateTable('assets')
          .set((eb) => ({ id: eb.ref('id') }))
          .where('id', 'in', sorted.slice(i, i + 500))
          .execute();
    },

    foundWords: (assetId: number) =>
      db.selectFrom('asset_found_words').select(['kind', 'words']).where('asset_id', '=', assetId).execute(),
  };
}
export type AnalysisRepo = ReturnType<typeof analysisRepo>;

declare module '../../../deps/repos.js' {
  interface Repos {
    analysis: AnalysisRepo;
  }
}
