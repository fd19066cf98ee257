import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { TemplateImportRowsTable, TemplateImportsTable } from '../../db/schema.js';
import { inSlices } from '../../db/inSlices.js';
import { paged } from '../../db/paged.js';

export type ImportRow = Selectable<TemplateImportsTable>;
export type ImportRowWithJob = ImportRow & { job_status: string | null; job_error: string | null };
export type PreviewRow = Insertable<TemplateImportRowsTable>;

/** Template imports and their rows; the assets and users a template shows. */
export function reportsRepo(db: Db) {
  const withJob = () =>
    db
      .selectFrom('template_imports')
      .leftJoin('jobs', 'jobs.id', 'template_imports.job_id')
      .leftJoin('brands', 'brands.id', 'template_imports.brand_id')
      .selectAll('template_imports')
      .select(['jobs.status as job_status', 'jobs.last_error as job_error', 'brands.name as brand_name']);

  return {
    async insert(row: Insertable<TemplateImportsTable>) {
      return (await db.insertInto('template_imports').values(row).returning('id').executeTakeFirstOrThrow()).id;
    },
    byId: (id: number) => db.selectFrom('template_imports').selectAll().where('id', '=', id).executeTakeFirst(),
    withJob: (id: number) => withJob().where('template_imports.id', '=', id).executeTakeFirst(),
    list: (userId: number, page: number, perPage: number) =>
      paged(
        db.selectFrom('template_imports').where('user_id', '=', userId),
        () => withJob().where('template_imports.user_id', '=', userId).orderBy('template_imports.id', 'desc'),
        page,
        perPage,
      ),
    /** Changes an import only while it is in one of `from` (a late or repeated job changes nothing). */
    async update(id: number, patch: Updateable<TemplateImportsTable>, from?: readonly string[]) {
      let q = db.updateTable('template_imports').set(patch).where('id', '=', id);
      if (from) q = q.where('state', 'in', [...from]);
      return Number((await q.executeTakeFirst()).numUpdatedRows) > 0;
    },
    /** Imports past their time whose files are still kept. */
    expired: (now: string, limit: number) =>
      db
        .selectFrom('template_imports')
        .select(['id', 'state', 'blob_key', 'result_key'])
        .where('expires_at', '<=', now)
        .where('state', '!=', 'expired')
        .orderBy('id')
        .limit(limit)
        .execute(),

    async insertRows(rows: PreviewRow[]) {
      for (let i = 0; i < rows.length; i += 500)
        await db
          .insertInto('template_import_rows')
          .values(rows.slice(i, i + 500))
          .execute();
    },
    deleteRows: (importId: number) => db.deleteFrom('template_import_rows').where('import_id', '=', importId).execute(),
    rowsPage: (importId: number, outcome: string | undefined, page: number, perPage: number) => {
      let q = db.selectFrom('template_import_rows').where('import_id', '=', importId);
      if (outcome) q = q.where('outcome', '=', outcome);
      return paged(q, (p) => p.selectAll().orderBy('row_no'), page, perPage);
    },
    /** Rows of an import in sheet order, a batch at a time after `afterRow`. */
    rowsAfter: (importId: number, afterRow: number, limit: number) =>
      db
        .selectFrom('template_import_rows')
        .selectAll()
        .where('import_id', '=', importId)
        .where('row_no', '>', afterRow)
        .orderBy('row_no')
        .limit(limit)
        .execute(),
    /** Rows' results, one statement per distinct result (a batch is mostly "applied"). */
    async setResults(
      importId: number,
      rows: { row: number; result: string; reason: string | null; vars: string | null }[],
    ) {
      const groups = new Map<string, { result: string; reason: string | null; vars: string | null; rows: number[] }>();
      for (const r of rows) {
        const key = JSON.stringify([r.result, r.reason, r.vars]);
        (groups.get(key) ?? groups.set(key, { ...r, rows: [] }).get(key)!).rows.push(r.row);
      }
      for (const g of groups.values())
        await db
          .updateTable('template_import_rows')
          .set({ result: g.result, result_reason: g.reason, result_vars: g.vars })
          .where('import_id', '=', importId)
          .where('row_no', 'in', g.rows)
          .execute();
    },
    /** Rows not applied (refused or unchanged in the preview) keep that outcome as their result. */
    settleUnapplied: (importId: number) =>
      db
        .updateTable('template_import_rows')
        .set((eb) => ({
          result: eb.ref('outcome'),
          result_reason: eb.ref('reason'),
          result_vars: eb.ref('reason_vars'),
        }))
        .where('import_id', '=', importId)
        .where('outcome', '!=', 'change')
        .execute(),
    async resultCounts(importId: number) {
      const rows = await db
        .selectFrom('template_import_rows')
        .select(['result', (eb) => eb.fn.countAll<number>().as('n')])
        .where('import_id', '=', importId)
        .groupBy('result')
        .execute();
      const of = (r: string) => Number(rows.find((x) => x.result === r)?.n ?? 0);
      return { applied: of('applied'), refused: of('refused'), unchanged: of('unchanged') };
    },

    /**
     * The options of the brand's themes or visual language vocabulary still offered, in order:
     * the lists a template's cells take (issue 39 §3).
     */
    brandWords: (brandId: number, key: 'themes' | 'language') =>
      db
        .selectFrom('vocabulary_options')
        .innerJoin('vocabularies', 'vocabularies.id', 'vocabulary_options.vocabulary_id')
        .select(['vocabulary_options.label_en', 'vocabulary_options.label_es'])
        .where('vocabularies.brand_id', '=', brandId)
        .where('vocabularies.system_key', '=', key)
        .where('vocabulary_options.retired_at', 'is', null)
        .orderBy('vocabulary_options.position')
        .orderBy('vocabulary_options.id')
        .limit(1000)
        .execute(),

    /** Writes an imported user's columns when the row is still as it was read (`updated_at`). */
    async updateUserIfUnchanged(id: number, updatedAt: string, patch: Record<string, string | null>, at: string) {
      const r = await db
        .updateTable('users')
        .set({ ...patch, updated_at: at })
        .where('id', '=', id)
        .where('updated_at', '=', updatedAt)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    usersByIds: (ids: readonly number[]) =>
      inSlices(ids, (slice) => db.selectFrom('users').selectAll().where('id', 'in', slice).execute()),
    /** Every brand's id, name and slug (a users template names brands). */
    brands: () => db.selectFrom('brands').select(['id', 'name', 'slug']).orderBy('name').execute(),
    roleNames: async () => (await db.selectFrom('roles').select('name').orderBy('name').execute()).map((r) => r.name),
  };
}
export type ReportsRepo = ReturnType<typeof reportsRepo>;

declare module '../../deps/repos.js' {
  interface Repos {
    reports: ReportsRepo;
  }
}
