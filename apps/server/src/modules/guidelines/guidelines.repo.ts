import type { Db } from '../../db/index.js';
import type { GuidelinePagesTable, GuidelineVersionsTable } from '../../db/schema.js';

export type GuidelinePageInsert = Omit<GuidelinePagesTable, 'id' | 'unpublished_changes'>;
export type GuidelineDraft = Pick<
  GuidelinePagesTable,
  'title' | 'title_es' | 'cover_asset_id' | 'blocks_json' | 'es_json' | 'updated_at'
>;
export type GuidelineVersionInsert = Omit<GuidelineVersionsTable, 'id'>;

/** The columns of a tree node: everything but the blocks, with the published title beside the draft's. */
const NODE = [
  'p.id',
  'p.brand_id',
  'p.parent_id',
  'p.kind',
  'p.position',
  'p.title',
  'p.title_es',
  'p.published_version',
  'p.unpublished_changes',
  'p.updated_at',
  'v.title as published_title',
  'v.title_es as published_title_es',
] as const;

/** SQL of guidelines pages, their versions and the assets their published versions show. */
export function guidelinesRepo(db: Db) {
  const nodes = () =>
    db
      .selectFrom('guideline_pages as p')
      .leftJoin('guideline_versions as v', (j) =>
        j.onRef('v.page_id', '=', 'p.id').onRef('v.number', '=', 'p.published_version'),
      )
      .select(NODE);
  return {
    /** Every chapter and page of a brand, siblings in order (a brand's guidelines are tens of pages). */
    tree: (brandId: number) =>
      nodes().where('p.brand_id', '=', brandId).orderBy('p.parent_id').orderBy('p.position').orderBy('p.id').execute(),
    page: (id: number) => db.selectFrom('guideline_pages').selectAll().where('id', '=', id).executeTakeFirst(),
    /** The ids of the children of `parentId` (the top level when null), in order. */
    siblings: async (brandId: number, parentId: number | null) =>
      (
        await db
          .selectFrom('guideline_pages')
          .select('id')
          .where('brand_id', '=', brandId)
          .where('parent_id', parentId === null ? 'is' : '=', parentId)
          .orderBy('position')
          .orderBy('id')
          .execute()
      ).map((r) => r.id),
    hasChildren: async (id: number) =>
      !!(await db.selectFrom('guideline_pages').select('id').where('parent_id', '=', id).limit(1).executeTakeFirst()),
    insert: (row: GuidelinePageInsert) =>
      db.insertInto('guideline_pages').values(row).returning('id').executeTakeFirstOrThrow(),
    saveDraft: (id: number, draft: GuidelineDraft) =>
      db
        .updateTable('guideline_pages')
        .set({ ...draft, unpublished_changes: 1 })
        .where('id', '=', id)
        .execute(),
    /** Puts `ids` under `parentId` in this order (positions 0, 1, …). */
    async place(parentId: number | null, ids: number[], at: string) {
      for (const [position, id] of ids.entries())
        await db
          .updateTable('guideline_pages')
          .set({ parent_id: parentId, position, updated_at: at })
          .where('id', '=', id)
          .execute();
    },
    remove: (id: number) => db.deleteFrom('guideline_pages').where('id', '=', id).execute(),

    versions: (pageId: number) =>
      db
        .selectFrom('guideline_versions as v')
        .leftJoin('users as u', 'u.id', 'v.published_by')
        .select(['v.number', 'v.title', 'v.published_at', 'v.published_by', 'u.first_name', 'u.last_name'])
        .where('v.page_id', '=', pageId)
        .orderBy('v.number', 'desc')
        .execute(),
    version: (pageId: number, number: number) =>
      db
        .selectFrom('guideline_versions as v')
        .leftJoin('users as u', 'u.id', 'v.published_by')
        .selectAll('v')
        .select(['u.first_name', 'u.last_name'])
        .where('v.page_id', '=', pageId)
        .where('v.number', '=', number)
        .executeTakeFirst(),
    /** The published versions of a brand's pages, for search (a brand's guidelines are tens of pages). */
    publishedText: (brandId: number) =>
      db
        .selectFrom('guideline_pages as p')
        .innerJoin('guideline_versions as v', (j) =>
          j.onRef('v.page_id', '=', 'p.id').onRef('v.number', '=', 'p.published_version'),
        )
        .select(['p.id', 'v.title', 'v.title_es', 'v.blocks_json', 'v.es_json'])
        .where('p.brand_id', '=', brandId)
        .execute(),
    /** The pages whose published versions show an asset. */
    pagesShowing: async (assetId: number) =>
      (await db.selectFrom('guideline_assets').select('page_id').where('asset_id', '=', assetId).execute()).map(
        (r) => r.page_id,
      ),
    /** Records a version and makes it the published one; the page's asset uses follow it. */
    async publish(v: GuidelineVersionInsert, assetIds: number[]) {
      await db.insertInto('guideline_versions').values(v).execute();
      await db
        .updateTable('guideline_pages')
        .set({ published_version: v.number, unpublished_changes: 0 })
        .where('id', '=', v.page_id)
        .execute();
      await db.deleteFrom('guideline_assets').where('page_id', '=', v.page_id).execute();
      if (assetIds.length)
        await db
          .insertInto('guideline_assets')
          .values(assetIds.map((asset_id) => ({ page_id: v.page_id, asset_id })))
          .execute();
    },
  };
}
export type GuidelineNodeRow = Awaited<ReturnType<ReturnType<typeof guidelinesRepo>['tree']>>[number];
export type GuidelinePageRow = NonNullable<Awaited<ReturnType<ReturnType<typeof guidelinesRepo>['page']>>>;

declare module '../../deps/repos.js' {
  interface Repos {
    guidelines: ReturnType<typeof guidelinesRepo>;
  }
}
