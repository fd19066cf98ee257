import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { SyncEntriesTable, SyncRunItemsTable, SyncRunsTable, SyncSourcesTable } from '../../db/schema.js';
import { SLICE } from '../../db/inSlices.js';
import { paged } from '../../db/paged.js';

export type SyncSourceRow = Selectable<SyncSourcesTable>;
export type SyncRunRow = Selectable<SyncRunsTable> & { first_name: string | null; last_name: string | null };
export type SyncEntryRow = Selectable<SyncEntriesTable> & { asset_status: string | null };
export type SyncSourceListRow = SyncSourceRow & {
  brand_name: string;
  folder_name: string;
  folder_path: string;
  folder_parent: number | null;
};

/** Runs `fn` over `items` a slice at a time (well under either database's limit on parameters). */
async function eachSlice<T>(items: readonly T[], fn: (slice: T[]) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += SLICE) await fn(items.slice(i, i + SLICE));
}

/** The job_schedules key of a source's schedule. */
export const scheduleKey = (sourceId: number) => `nas.sync:${sourceId}`;
export const ACTIVE_RUN = ['queued', 'running'] as const;

/** NAS sync sources, their runs and reports, and what the runs saw at each path. */
export function syncRepo(db: Db) {
  const sources = () =>
    db
      .selectFrom('sync_sources')
      .innerJoin('brands', 'brands.id', 'sync_sources.brand_id')
      .innerJoin('folders', 'folders.id', 'sync_sources.folder_id')
      .selectAll('sync_sources')
      .select([
        'brands.name as brand_name',
        'folders.name as folder_name',
        'folders.path as folder_path',
        'folders.parent_id as folder_parent',
      ]);
  const runs = () =>
    db
      .selectFrom('sync_runs')
      .leftJoin('users', 'users.id', 'sync_runs.started_by')
      .selectAll('sync_runs')
      .select(['users.first_name', 'users.last_name']);

  return {
    sourceById: (id: number): Promise<SyncSourceListRow | undefined> =>
      sources().where('sync_sources.id', '=', id).executeTakeFirst(),

    /** Sources of `brandIds` (all brands when null), newest first. */
    listSources(brandIds: number[] | null, page: number, perPage: number) {
      let count = db.selectFrom('sync_sources');
      let rows = sources();
      if (brandIds) {
        count = count.where('sync_sources.brand_id', 'in', brandIds.length ? brandIds : [-1]);
        rows = rows.where('sync_sources.brand_id', 'in', brandIds.length ? brandIds : [-1]);
      }
      return paged(count, () => rows.orderBy('sync_sources.id', 'desc'), page, perPage);
    },

    /** Enabled sources that watch, for the worker's watcher. */
    watchedSources: () =>
      db.selectFrom('sync_sources').select(['id', 'path']).where('enabled', '=', 1).where('watch', '=', 1).execute(),

    async insertSource(row: Insertable<SyncSourcesTable>) {
      return (await db.insertInto('sync_sources').values(row).returning('id').executeTakeFirstOrThrow()).id;
    },
    async updateSource(id: number, patch: Updateable<SyncSourcesTable>) {
      await db.updateTable('sync_sources').set(patch).where('id', '=', id).execute();
    },
    async deleteSource(id: number) {
      await db.deleteFrom('sync_sources').where('id', '=', id).execute();
    },

    /** The latest run of each source. */
    async lastRuns(sourceIds: number[]): Promise<Map<number, SyncRunRow>> {
      const out = new Map<number, SyncRunRow>();
      await eachSlice(sourceIds, async (ids) => {
        const latest = db
          .selectFrom('sync_runs')
          .select((eb) => eb.fn.max('id').as('id'))
          .where('source_id', 'in', ids)
          .groupBy('source_id');
        for (const r of await runs().where('sync_runs.id', 'in', latest).execute()) out.set(r.source_id, r);
      });
      return out;
    },
    /** Assets that came from each source and are not removed. */
    async assetCounts(sourceIds: number[]): Promise<Map<number, number>> {
      const out = new Map<number, number>();
      await eachSlice(sourceIds, async (ids) => {
        const rows = await db
          .selectFrom('sync_entries')
          .innerJoin('assets', 'assets.id', 'sync_entries.asset_id')
          .select(['sync_entries.source_id', (eb) => eb.fn.countAll<number | string>().as('n')])
          .where('sync_entries.source_id', 'in', ids)
          .where('assets.status', '=', 'ACTIVE')
          .groupBy('sync_entries.source_id')
          .execute();
        for (const r of rows) out.set(r.source_id, Number(r.n));
      });
      return out;
    },
    /** The next run of each enabled schedule, by key. */
    async nextRuns(keys: string[]): Promise<Map<string, string>> {
      const out = new Map<string, string>();
      await eachSlice(keys, async (ks) => {
        const rows = await db
          .selectFrom('job_schedules')
          .select(['key', 'next_run_at'])
          .where('key', 'in', ks)
          .where('enabled', '=', 1)
          .execute();
        for (const r of rows) out.set(r.key, r.next_run_at);
      });
      return out;
    },

    runById: (id: number) => runs().where('sync_runs.id', '=', id).executeTakeFirst(),
    /** The queued or running run of a source, with its job's status. */
    activeRun: (sourceId: number) =>
      runs()
        .leftJoin('jobs', 'jobs.id', 'sync_runs.job_id')
        .select('jobs.status as job_status')
        .where('sync_runs.source_id', '=', sourceId)
        .where('sync_runs.status', 'in', [...ACTIVE_RUN])
        .executeTakeFirst(),
    listRuns: (sourceId: number, page: number, perPage: number) =>
      paged(
        db.selectFrom('sync_runs').where('source_id', '=', sourceId),
        () => runs().where('sync_runs.source_id', '=', sourceId).orderBy('sync_runs.id', 'desc'),
        page,
        perPage,
      ),
    async insertRun(row: Insertable<SyncRunsTable>) {
      return (await db.insertInto('sync_runs').values(row).returning('id').executeTakeFirstOrThrow()).id;
    },
    /** Changes a run only while it is in one of `from`; whether it did. */
    async updateRun(id: number, patch: Updateable<SyncRunsTable>, from?: readonly string[]) {
      let q = db.updateTable('sync_runs').set(patch).where('id', '=', id);
      if (from) q = q.where('status', 'in', [...from]);
      return Number((await q.executeTakeFirst()).numUpdatedRows) > 0;
    },

    async addItem(row: Insertable<SyncRunItemsTable>) {
      await db.insertInto('sync_run_items').values(row).execute();
    },
    /** A batch's report rows in one statement. */
    async addItems(rows: Insertable<SyncRunItemsTable>[]) {
      if (rows.length) await db.insertInto('sync_run_items').values(rows).execute();
    },
    items(runId: number, outcome: string | undefined, page: number, perPage: number) {
      let q = db.selectFrom('sync_run_items').where('run_id', '=', runId);
      if (outcome) q = q.where('outcome', '=', outcome);
      return paged(q, (p) => p.selectAll().orderBy('id'), page, perPage);
    },
    async itemCounts(runId: number): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('sync_run_items')
        .select(['outcome', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('run_id', '=', runId)
        .groupBy('outcome')
        .execute();
      return new Map(rows.map((r) => [r.outcome, Number(r.n)]));
    },
    /** Paths already reported by this run (a resumed run does not report them twice). */
    async reportedPaths(runId: number): Promise<Set<string>> {
      const rows = await db.selectFrom('sync_run_items').select('path').where('run_id', '=', runId).execute();
      return new Set(rows.map((r) => r.path));
    },

    /** Every entry of a source, with its asset's status. */
    entries: (sourceId: number): Promise<SyncEntryRow[]> =>
      db
        .selectFrom('sync_entries')
        .leftJoin('assets', 'assets.id', 'sync_entries.asset_id')
        .selectAll('sync_entries')
        .select('assets.status as asset_status')
        .where('sync_entries.source_id', '=', sourceId)
        .execute(),
    async saveEntry(row: Insertable<SyncEntriesTable>) {
      const { source_id, rel_path, ...rest } = row;
      void source_id;
      void rel_path;
      await db
        .insertInto('sync_entries')
        .values(row)
        .onConflict((oc) => oc.columns(['source_id', 'rel_path']).doUpdateSet(rest))
        .execute();
    },
    /** A batch's entries in one statement, each replacing the path's earlier entry. */
    async saveEntries(rows: Insertable<SyncEntriesTable>[]) {
      if (!rows.length) return;
      await db
        .insertInto('sync_entries')
        .values(rows)
        .onConflict((oc) =>
          oc.columns(['source_id', 'rel_path']).doUpdateSet((eb) => ({
            size: eb.ref('excluded.size'),
            mtime_ms: eb.ref('excluded.mtime_ms'),
            sha256: eb.ref('excluded.sha256'),
            asset_id: eb.ref('excluded.asset_id'),
            failed_size: eb.ref('excluded.failed_size'),
            failed_mtime_ms: eb.ref('excluded.failed_mtime_ms'),
            missing_since: eb.ref('excluded.missing_since'),
          })),
        )
        .execute();
    },
    async deleteEntry(sourceId: number, relPath: string) {
      await db.deleteFrom('sync_entries').where('source_id', '=', sourceId).where('rel_path', '=', relPath).execute();
    },
    async markMissing(sourceId: number, relPaths: string[], at: string) {
      await eachSlice(relPaths, (ps) =>
        db
          .updateTable('sync_entries')
          .set({ missing_since: at })
          .where('source_id', '=', sourceId)
          .where('rel_path', 'in', ps)
          .where('missing_since', 'is', null)
          .execute(),
      );
    },

    /** Where a synced asset's file is: the source and the path in it. */
    originOf: (assetId: number) =>
      db
        .selectFrom('sync_entries')
        .innerJoin('sync_sources', 'sync_sources.id', 'sync_entries.source_id')
        .select(['sync_entries.source_id', 'sync_sources.name as source_name', 'sync_entries.rel_path'])
        .where('sync_entries.asset_id', '=', assetId)
        .orderBy('sync_entries.source_id')
        .executeTakeFirst(),

    /** A child folder of `parentId` named `name` (case as given), active. */
    childFolder: (parentId: number, name: string) =>
      db
        .selectFrom('folders')
        .selectAll()
        .where('parent_id', '=', parentId)
        .where('name', '=', name)
        .where('status', '=', 'ACTIVE')
        .orderBy('id')
        .executeTakeFirst(),
  };
}
export type SyncRepo = ReturnType<typeof syncRepo>;

declare module '../../deps/repos.js' {
  interface Repos {
    sync: ReturnType<typeof syncRepo>;
  }
}
