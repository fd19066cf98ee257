import { TURNED_OFF } from '../analysis/switch/analysisSwitch.js';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { AssetTextTable } from '../../db/schema.js';
import { DOCUMENT_EXTS } from '../../analysis/documents.js';
import { analysisRepo } from '../analysis/switch/analysis.repo.js';

/** Text found inside files (issue 42 §1): one row per asset, of the revision read. */
export function textRepo(db: Db) {
  /** Replaces the row and the asset's found words ('' for none), which search reads. */
  async function write(d: Db, row: Insertable<AssetTextTable>, words: string) {
    await analysisRepo(d).lockAssets([row.asset_id]);
    await d.deleteFrom('asset_text').where('asset_id', '=', row.asset_id).execute();
    await d.insertInto('asset_text').values(row).execute();
    await analysisRepo(d).setFoundWords(row.asset_id, 'text', words);
  }

  return {
    byAsset: (assetId: number) =>
      db.selectFrom('asset_text').selectAll().where('asset_id', '=', assetId).executeTakeFirst(),

    /**
     * Stores the outcome and what search finds the asset by in one transaction (or in the caller's,
     * when it runs inside one), so search never finds words the asset page does not show.
     */
    save: (row: Insertable<AssetTextTable>, words: string) =>
      db.isTransaction ? write(db, row, words) : db.transaction().execute((trx) => write(trx, row, words)),

    /**
     * Active assets of a brand whose text applies (images, videos with a poster, documents by
     * extension, as `textSourceOf`) and has not been read from their latest revision.
     */
    missing: (brandId: number) =>
      db
        .selectFrom('assets')
        .leftJoin('asset_text', 'asset_text.asset_id', 'assets.id')
        .select(['assets.id', 'assets.derivative_rev'])
        .where('assets.brand_id', '=', brandId)
        .where('assets.status', '=', 'ACTIVE')
        .where((eb) =>
          eb.or([
            eb('assets.type', '=', 'image'),
            eb.and([eb('assets.type', '=', 'video'), eb('assets.preview_key', 'is not', null)]),
            eb('assets.ext', 'in', [...DOCUMENT_EXTS]),
          ]),
        )
        .where((eb) =>
          eb.or([
            eb('asset_text.asset_id', 'is', null),
            eb('asset_text.rev', '!=', eb.ref('assets.derivative_rev')),
            // Skipped while the analysis was off: read once it is back on.
            eb('asset_text.reason', '=', TURNED_OFF),
          ]),
        )
        .orderBy('assets.id')
        .execute(),
  };
}
export type TextRepo = ReturnType<typeof textRepo>;

declare module '../../deps/repos.js' {
  interface Repos {
    text: TextRepo;
  }
}
