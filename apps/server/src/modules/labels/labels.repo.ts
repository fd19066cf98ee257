import { TURNED_OFF } from '../analysis/switch/analysisSwitch.js';
import type { Db } from '../../db/index.js';
import type { Sight } from '../access/privacy.js';
import { hiddenIn } from '../access/privacy.js';
import { analysisRepo } from '../analysis/switch/analysis.repo.js';
import { foundWordsOf, shownFrom } from './labels.words.js';

export type ObjectsState = 'done' | 'skipped' | 'failed';

/** Objects and scenes of assets (issue 42 §2): the analysis per asset and its labels. */
export function labelsRepo(db: Db) {
  /** Runs `fn` in the caller's transaction, or in one of its own. */
  const inTx = <T>(fn: (d: Db) => Promise<T>) => (db.isTransaction ? fn(db) : db.transaction().execute(fn));

  /** Rewrites the asset's object words for search from its label rows (inside a transaction). */
  async function rewriteWords(d: Db, assetId: number, threshold: number) {
    const rows = await d
      .selectFrom('asset_labels')
      .select(['label', 'score', 'state'])
      .where('asset_id', '=', assetId)
      .orderBy('score', 'desc')
      .orderBy('label')
      .execute();
    await analysisRepo(d).setFoundWords(assetId, 'objects', foundWordsOf(rows, threshold));
  }

  return {
    objectsOf: (assetId: number) =>
      db.selectFrom('asset_objects').selectAll().where('asset_id', '=', assetId).executeTakeFirst(),

    labelsOf: (assetId: number) =>
      db
        .selectFrom('asset_labels')
        .selectAll()
        .where('asset_id', '=', assetId)
        .orderBy('score', 'desc')
        .orderBy('label')
        .execute(),

    /**
     * Stores one analysis of revision `rev` in one transaction: the outcome, each found label's
     * best score (a new label suggested, a decided one keeping its decision), and the asset's
     * words for search. Labels it no longer finds go, except decided ones, which stay with score
     * 0: a rejected label is never suggested again, whatever later versions show.
     */
    async saveAnalysis(a: {
      assetId: number;
      brandId: number;
      rev: number;
      state: ObjectsState;
      reason: string | null;
      found: Map<string, number>;
      threshold: number;
      now: string;
    }) {
      await inTx(async (d) => {
        await analysisRepo(d).lockAssets([a.assetId]);
        const outcome = { rev: a.rev, state: a.state, reason: a.reason, analysed_at: a.now };
        await d
          .insertInto('asset_objects')
          .values({ asset_id: a.assetId, brand_id: a.brandId, ...outcome })
          .onConflict((oc) => oc.column('asset_id').doUpdateSet(outcome))
          .execute();
        const before = await d
          .selectFrom('asset_labels')
          .select(['label', 'state'])
          .where('asset_id', '=', a.assetId)
          .execute();
        const had = new Map(before.map((r) => [r.label, r.state]));
        for (const [label, score] of a.found) {
          if (had.has(label))
            await d
              .updateTable('asset_labels')
              .set({ rev: a.rev, score })
              .where('asset_id', '=', a.assetId)
              .where('label', '=', label)
              .execute();
          else
            await d
              .insertInto('asset_labels')
              .values({ asset_id: a.assetId, brand_id: a.brandId, rev: a.rev, label, score, state: 'suggested' })
              .execute();
        }
        const gone = before.filter((r) => !a.found.has(r.label));
        const undecided = gone.filter((r) => r.state === 'suggested').map((r) => r.label);
        const decided = gone.filter((r) => r.state !== 'suggested').map((r) => r.label);
        if (undecided.length)
          await d
            .deleteFrom('asset_labels')
            .where('asset_id', '=', a.assetId)
            .where('label', 'in', undecided)
            .execute();
        if (decided.length)
          await d
            .updateTable('asset_labels')
            .set({ score: 0 })
            .where('asset_id', '=', a.assetId)
            .where('label', 'in', decided)
            .execute();
        await rewriteWords(d, a.assetId, a.threshold);
      });
    },

    /** Records a person's decision on one label of an asset, and rewrites the asset's words. */
    async decide(
      assetId: number,
      label: string,
      state: 'accepted' | 'rejected',
      by: number,
      now: string,
      threshold: number,
    ) {
      return inTx(async (d) => {
        await analysisRepo(d).lockAssets([assetId]);
        const r = await d
          .updateTable('asset_labels')
          .set({ state, decided_by: by, decided_at: now })
          .where('asset_id', '=', assetId)
          .where('label', '=', label)
          .executeTakeFirst();
        await rewriteWords(d, assetId, threshold);
        return Number(r.numUpdatedRows) > 0;
      });
    },

    /** Rewrites the object words of these assets (after the brand's threshold changed). */
    rewriteWords: (assetIds: number[], threshold: number) =>
      inTx(async (d) => {
        for (const id of assetIds) await rewriteWords(d, id, threshold);
      }),

    /** The brand's assets with an object analysis, in id order, `limit` after `afterId`. */
    analysedIds: async (brandId: number, afterId: number, limit: number) =>
      (
        await db
          .selectFrom('asset_objects')
          .select('asset_id')
          .where('brand_id', '=', brandId)
          .where('asset_id', '>', afterId)
          .orderBy('asset_id')
          .limit(limit)
          .execute()
      ).map((r) => r.asset_id),

    countAnalysed: async (brandId: number) =>
      Number(
        (
          await db
            .selectFrom('asset_objects')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('brand_id', '=', brandId)
            .executeTakeFirstOrThrow()
        ).n,
      ),

    /** Active images of a brand with no object analysis of their latest revision. */
    missing: (brandId: number) =>
      db
        .selectFrom('assets')
        .leftJoin('asset_objects', 'asset_objects.asset_id', 'assets.id')
        .select(['assets.id', 'assets.derivative_rev'])
        .where('assets.brand_id', '=', brandId)
        .where('assets.type', '=', 'image')
        .where('assets.status', '=', 'ACTIVE')
        .where((eb) =>
          eb.or([
            eb('asset_objects.asset_id', 'is', null),
            eb('asset_objects.rev', '!=', eb.ref('assets.derivative_rev')),
            // Skipped while the analysis was off: looked at once it is back on.
            eb('asset_objects.reason', '=', TURNED_OFF),
          ]),
        )
        .orderBy('assets.id')
        .execute(),

    /**
     * The brand's labels shown under `threshold`, each with how many live assets `sight` sees
     * hold it (the search row's privacy class, as searches count).
     */
    brandCounts(brandId: number, threshold: number, sight: Sight) {
      const hidden = hiddenIn(sight);
      return db
        .selectFrom('asset_labels')
        .innerJoin('asset_search', 'asset_search.asset_id', 'asset_labels.asset_id')
        .select(['asset_labels.label', (eb) => eb.fn.countAll<number>().as('n')])
        .where('asset_labels.brand_id', '=', brandId)
        .where('asset_labels.score', '>=', shownFrom(threshold))
        .where('asset_labels.state', '!=', 'rejected')
        .where('asset_search.active', '=', 1)
        .$if(!!hidden, (q) => q.where('asset_search.hidden', 'in', hidden!))
        .groupBy('asset_labels.label')
        .execute();
    },
  };
}
export type LabelsRepo = ReturnType<typeof labelsRepo>;

declare module '../../deps/repos.js' {
  interface Repos {
    labels: LabelsRepo;
  }
}
