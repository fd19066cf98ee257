import { sql } from 'kysely';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { DownloadsTable } from '../../db/schema.js';
import { paged } from '../../db/paged.js';
import { SLICE, inSlices } from '../../db/inSlices.js';
import { assetsWithAccess } from '../access/access.repo.js';
import { folderChecks } from '../folders/folders.repo.js';

export type DownloadRow = Selectable<DownloadsTable>;
/** A download with its job's state (null once the job row was purged). */
export type DownloadWithJob = DownloadRow & { job_status: string | null; job_error: string | null };

/** What the zip and the PDF need of an asset, with what decides access to it. */
const ASSET_COLUMNS = [
  'assets.id',
  'assets.brand_id',
  'assets.folder_id',
  'assets.name',
  'assets.ext',
  'assets.mime',
  'assets.type',
  'assets.size',
  'assets.blob_key',
  'assets.thumb_key',
  'assets.preview_key',
  'assets.derivatives',
  'assets.width',
  'assets.height',
  'assets.author',
  'assets.description',
  'assets.keywords',
  'assets.visibility',
  'assets.status',
  'assets.updated_at',
  'assets.availability',
  'assets.availability_date',
  'assets.availability_reason',
  'assets.review_state',
  'assets.created_by',
] as const;

export function downloadsRepo(db: Db) {
  const withJob = () =>
    db
      .selectFrom('downloads')
      .leftJoin('jobs', 'jobs.id', 'downloads.job_id')
      .selectAll('downloads')
      .select(['jobs.status as job_status', 'jobs.last_error as job_error']);

  return {
    async insert(row: Insertable<DownloadsTable>) {
      const r = await db.insertInto('downloads').values(row).returning('id').executeTakeFirstOrThrow();
      return r.id;
    },
    setJob: (id: number, jobId: number) =>
      db.updateTable('downloads').set({ job_id: jobId }).where('id', '=', id).execute(),
    byId: (id: number) => db.selectFrom('downloads').selectAll().where('id', '=', id).executeTakeFirst(),
    withJob: (id: number): Promise<DownloadWithJob | undefined> =>
      withJob().where('downloads.id', '=', id).executeTakeFirst(),
    list: (userId: number, page: number, perPage: number) =>
      paged(
        db.selectFrom('downloads').where('user_id', '=', userId),
        () => withJob().where('downloads.user_id', '=', userId).orderBy('downloads.id', 'desc'),
        page,
        perPage,
      ),
    /** Ends the build: only a download still preparing changes (a late retry changes nothing). */
    async finish(
      id: number,
      patch: Partial<
        Pick<
          DownloadRow,
          'state' | 'blob_key' | 'contents' | 'files' | 'skipped' | 'size' | 'error' | 'ready_at' | 'expires_at'
        >
      >,
    ) {
      const r = await db
        .updateTable('downloads')
        .set(patch)
        .where('id', '=', id)
        .where('state', '=', 'preparing')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    /** Ready downloads past their time, and builds stuck since before `staleBefore`. */
    due: (now: string, staleBefore: string, limit: number) =>
      db
        .selectFrom('downloads')
        .select(['id', 'state', 'blob_key'])
        .where((eb) =>
          eb.or([
            eb.and([eb('state', '=', 'ready'), eb('expires_at', '<=', now)]),
            eb.and([eb('state', '=', 'preparing'), eb('created_at', '<', staleBefore)]),
          ]),
        )
        .orderBy('id')
        .limit(limit)
        .execute(),
    expire: (id: number, from: string, to: 'expired' | 'failed', error: string | null) =>
      db
        .updateTable('downloads')
        .set({ state: to, blob_key: null, ...(error ? { error } : {}) })
        .where('id', '=', id)
        .where('state', '=', from)
        .execute(),

    /** The chosen folders with their brand's status and whether `userId` belongs to it. */
    folders: (ids: number[], userId: number) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('folders')
            .innerJoin('brands', 'brands.id', 'folders.brand_id')
            .selectAll('folders')
            .select(folderChecks(userId))
            .where('folders.id', 'in', ids)
            .execute(),
    /** Every folder under `path` (itself included), whatever its state: the caller judges each. */
    subtree: (brandId: number, path: string) =>
      db
        .selectFrom('folders')
        .select(['id', 'parent_id', 'name', 'path', 'status', 'private_path'])
        .where('brand_id', '=', brandId)
        .where('path', 'like', `${path}%`)
        .execute(),
    /** Active assets of these folders, in a stable order. */
    assetsIn: (folderIds: readonly number[]) =>
      inSlices(folderIds, (slice) =>
        db
          .selectFrom('assets')
          .select(ASSET_COLUMNS)
          .where('folder_id', 'in', slice)
          .where('status', '=', 'ACTIVE')
          .orderBy('folder_id')
          .orderBy('name')
          .orderBy('id')
          .execute(),
      ),
    /** Chosen assets with their folder's state, their brand's status and `userId`'s membership. */
    assetsByIds: (ids: readonly number[], userId: number) =>
      inSlices(ids, (slice) =>
        assetsWithAccess(db, userId).select(ASSET_COLUMNS).where('assets.id', 'in', slice).execute(),
      ),
    /** Assets still there (a download's contents, for counting): id and brand. */
    brandsOf: (ids: readonly number[]) =>
      inSlices(ids, (slice) => db.selectFrom('assets').select(['id', 'brand_id']).where('id', 'in', slice).execute()),

    /** Adds each asset's downloads to the day's count of `kind` (and of `linkId`, 0 for none); one row per asset. */
    async count(
      rows: { asset_id: number; brand_id: number; count: number }[],
      day: string,
      kind: string,
      linkId: number,
    ) {
      for (let i = 0; i < rows.length; i += SLICE) {
        const values = rows.slice(i, i + SLICE).map((r) => ({ ...r, day, kind, link_id: linkId }));
        await db
          .insertInto('download_counts')
          .values(values)
          .onConflict((oc) =>
            oc
              .columns(['asset_id', 'day', 'kind', 'link_id'])
              .doUpdateSet({ count: sql<number>`download_counts.count + excluded.count` }),
          )
          .execute();
      }
    },
  };
}
export type DownloadsRepo = ReturnType<typeof downloadsRepo>;
export type DownloadAsset = Awaited<ReturnType<DownloadsRepo['assetsIn']>>[number];

declare module '../../deps/repos.js' {
  interface Repos {
    downloads: ReturnType<typeof downloadsRepo>;
  }
}
