import type { Db, Dialect } from '../../db/index.js';
import type { UploadRequestsTable } from '../../db/schema.js';
import { paged } from '../../db/paged.js';

export type UploadRequestInsert = Omit<UploadRequestsTable, 'id'>;
export type UploadRequestRow = UploadRequestsTable & { id: number };

const withNames = (db: Db) =>
  db
    .selectFrom('upload_requests as r')
    .innerJoin('brands as b', 'b.id', 'r.brand_id')
    .innerJoin('folders as f', 'f.id', 'r.folder_id')
    .innerJoin('users as o', 'o.id', 'r.owner_id');

const listColumns = [
  'r.id',
  'r.brand_id',
  'r.folder_id',
  'r.owner_id',
  'r.token_enc',
  'r.password_hash',
  'r.message',
  'r.expires_at',
  'r.closed_at',
  'r.max_files',
  'r.max_bytes',
  'r.allowed_types',
  'r.created_at',
  'b.name as brand_name',
  'f.name as folder_name',
  'o.first_name as owner_first',
  'o.last_name as owner_last',
] as const;

const one = (db: Db, id: number) => withNames(db).select(listColumns).where('r.id', '=', id).executeTakeFirst();
export type UploadRequestListRow = NonNullable<Awaited<ReturnType<typeof one>>>;

/** Who a list shows: everyone's (administrators), their brands' (with brand-wide sight), or their own. */
export type RequestScope = { all: true } | { userId: number; brandWide: boolean };

/** SQL of upload requests and the files sent through them. */
export function uploadRequestsRepo(db: Db) {
  return {
    insert: async (row: UploadRequestInsert) =>
      (await db.insertInto('upload_requests').values(row).returning('id').executeTakeFirstOrThrow()).id,

    byId: (id: number) => db.selectFrom('upload_requests').selectAll().where('id', '=', id).executeTakeFirst(),
    byHash: (hash: string) =>
      db.selectFrom('upload_requests').selectAll().where('token_hash', '=', hash).executeTakeFirst(),
    listRow: (id: number) => one(db, id),
    /** Whether the user belongs to the brand (a manager's brand-wide sight stops at their brands). */
    async inBrand(userId: number, brandId: number) {
      const row = await db
        .selectFrom('user_brands')
        .select('user_id')
        .where('user_id', '=', userId)
        .where('brand_id', '=', brandId)
        .executeTakeFirst();
      return !!row;
    },

    /** Newest first, in the caller's scope, optionally of one state at `now`. */
    list(scope: RequestScope, q: { page: number; per_page: number; state?: string | undefined }, now: string) {
      let base = withNames(db);
      if (!('all' in scope))
        base = scope.brandWide
          ? base.where((eb) =>
              eb.or([
                eb('r.owner_id', '=', scope.userId),
                eb(
                  'r.brand_id',
                  'in',
                  eb.selectFrom('user_brands').select('brand_id').where('user_id', '=', scope.userId),
                ),
              ]),
            )
          : base.where('r.owner_id', '=', scope.userId);
      if (q.state === 'closed') base = base.where('r.closed_at', 'is not', null);
      if (q.state === 'expired') base = base.where('r.closed_at', 'is', null).where('r.expires_at', '<=', now);
      if (q.state === 'active') base = base.where('r.closed_at', 'is', null).where('r.expires_at', '>', now);
      return paged(
        base,
        (b) => b.select(listColumns).orderBy('r.created_at', 'desc').orderBy('r.id', 'desc'),
        q.page,
        q.per_page,
      );
    },

    close: (id: number, at: string) =>
      db
        .updateTable('upload_requests')
        .set({ closed_at: at, updated_at: at })
        .where('id', '=', id)
        .where('closed_at', 'is', null)
        .executeTakeFirst(),

    /** Holds the request's row until the transaction ends (PostgreSQL; SQLite writes one at a time). */
    async lock(id: number, dialect: Dialect) {
      if (dialect !== 'postgres') return;
      await db.selectFrom('upload_requests').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    },

    /**
     * Files and bytes that count against the budget: those received, and those still arriving
     * that started after `since` (older unfinished uploads were given up and are cleaned away).
     */
    async used(requestIds: number[], since: string) {
      const out = new Map<number, { files: number; bytes: number }>();
      if (!requestIds.length) return out;
      const rows = await db
        .selectFrom('upload_request_files')
        .select((eb) => [
          'request_id',
          eb.fn.countAll<number | string>().as('files'),
          eb.fn.sum<number | string | null>('size').as('bytes'),
        ])
        .where('request_id', 'in', requestIds)
        .where((eb) =>
          eb.or([eb('state', '=', 'done'), eb.and([eb('state', '=', 'uploading'), eb('created_at', '>', since)])]),
        )
        .groupBy('request_id')
        .execute();
      for (const r of rows) out.set(r.request_id, { files: Number(r.files), bytes: Number(r.bytes ?? 0) });
      return out;
    },

    /** What each request has received (finished files only): count, bytes, the last one's time. */
    async received(requestIds: number[]) {
      const out = new Map<number, { files: number; bytes: number; last_at: string | null }>();
      if (!requestIds.length) return out;
      const rows = await db
        .selectFrom('upload_request_files')
        .select((eb) => [
          'request_id',
          eb.fn.countAll<number | string>().as('files'),
          eb.fn.sum<number | string | null>('size').as('bytes'),
          eb.fn.max<string | null>('updated_at').as('last_at'),
        ])
        .where('request_id', 'in', requestIds)
        .where('state', '=', 'done')
        .groupBy('request_id')
        .execute();
      for (const r of rows)
        out.set(r.request_id, { files: Number(r.files), bytes: Number(r.bytes ?? 0), last_at: r.last_at });
      return out;
    },

    /** The received files of each request, newest first, at most `limit` each. */
    async recent(requestIds: number[], limit: number) {
      if (!requestIds.length) return [];
      const rows = await db
        .selectFrom('upload_request_files')
        .select(['request_id', 'asset_id', 'file_name', 'size', 'uploader_name', 'uploader_email', 'updated_at'])
        .where('request_id', 'in', requestIds)
        .where('state', '=', 'done')
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      const seen = new Map<number, number>();
      return rows.filter((r) => {
        const n = (seen.get(r.request_id) ?? 0) + 1;
        seen.set(r.request_id, n);
        return n <= limit;
      });
    },

    addFile: async (row: {
      request_id: number;
      tus_id: string;
      file_name: string;
      size: number;
      uploader_name: string;
      uploader_email: string;
      at: string;
    }) => {
      const { at, ...rest } = row;
      await db
        .insertInto('upload_request_files')
        .values({ ...rest, state: 'uploading', asset_id: null, created_at: at, updated_at: at })
        .execute();
    },
    fileByTusId: (tusId: string) =>
      db.selectFrom('upload_request_files').selectAll().where('tus_id', '=', tusId).executeTakeFirst(),
    finishFile: (tusId: string, patch: { state: 'done' | 'failed'; asset_id: number | null; at: string }) =>
      db
        .updateTable('upload_request_files')
        .set({ state: patch.state, asset_id: patch.asset_id, updated_at: patch.at })
        .where('tus_id', '=', tusId)
        .execute(),

    /** Where an asset came from, when a request brought it. */
    originOf: (assetId: number) =>
      db
        .selectFrom('upload_request_files as u')
        .innerJoin('upload_requests as r', 'r.id', 'u.request_id')
        .select(['r.id as request_id', 'r.message', 'u.uploader_name', 'u.uploader_email', 'u.updated_at'])
        .where('u.asset_id', '=', assetId)
        .where('u.state', '=', 'done')
        .executeTakeFirst(),
  };
}
export type UploadRequestsRepo = ReturnType<typeof uploadRequestsRepo>;

declare module '../../deps/repos.js' {
  interface Repos {
    uploadRequests: UploadRequestsRepo;
  }
}
