import type { ImportApplyBody, ImportListQuery, ImportRowsQuery } from '@brandvault/contract';
import { IMPORT_SCHEDULE_MAX_DAYS, XLSX_MIME } from '@brandvault/contract';
import type { z } from 'zod';
import { buffer } from 'node:stream/consumers';
import { AppError, invalid } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import { FileAnswer, contentDisposition, fileSafetyHeaders } from '../../lib/fileAnswer.js';
import type { RequestContext } from '../../lib/requestContext.js';
import type { Deps } from '../../deps/deps.js';
import { importRowView, importView } from './imports.view.js';
import { reportsPolicy } from './reports.policy.js';

/** Template imports (§1, §4): their preview, and applying them now or later, or dropping them. */
export function importsService(deps: Deps) {
  const { clock } = deps;
  const repo = deps.repos.reports;

  /** The caller's import (another user's, or none: 404). */
  async function mine(ctx: RequestContext, id: number) {
    const r = await repo.withJob(id);
    if (!r || !reportsPolicy.can(ctx.actor, 'view', r)) throw new AppError('NOT_FOUND');
    return r;
  }
  const target = (r: { id: number; name: string }) => ({ type: 'import' as const, id: r.id, label: r.name });

  return {
    async list(ctx: RequestContext, q: z.output<typeof ImportListQuery>) {
      const page = await repo.list(ctx.actor.user.id, q.page, q.per_page);
      return { ...page, items: page.items.map(importView), page: q.page, per_page: q.per_page };
    },
    get: async (ctx: RequestContext, id: number) => importView(await mine(ctx, id)),
    async rows(ctx: RequestContext, id: number, q: z.output<typeof ImportRowsQuery>) {
      await mine(ctx, id);
      const page = await repo.rowsPage(id, q.outcome, q.page, q.per_page);
      return { ...page, items: page.items.map((r) => importRowView(r, ctx.lang)), page: q.page, per_page: q.per_page };
    },

    /** Schedules the apply job now or at `run_at` (future, at most IMPORT_SCHEDULE_MAX_DAYS ahead). */
    async apply(ctx: RequestContext, id: number, body: z.output<typeof ImportApplyBody>) {
      const r = await mine(ctx, id);
      if (!reportsPolicy.can(ctx.actor, 'apply', r)) throw invalid({ id: 'importState' });
      const now = clock.now();
      const runAt = body?.run_at ? new Date(body.run_at) : null;
      if (runAt && (runAt <= now || runAt.getTime() - now.getTime() > IMPORT_SCHEDULE_MAX_DAYS * 86_400_000))
        throw invalid({ run_at: 'runAt' });
      await deps.change(ctx, async (u) => {
        const jobId = (await u.enqueue(
          'reports.apply',
          { id },
          {
            ownerId: ctx.actor.user.id,
            maxAttempts: 3,
            ...(runAt ? { runAt } : { clock }),
          },
        ))!;
        const moved = await u.repos.reports.update(
          id,
          { state: 'scheduled', job_id: jobId, run_at: runAt ? iso(runAt) : null },
          ['ready'],
        );
        if (!moved) throw invalid({ id: 'importState' });
        await u.audit({
          event: 'template.apply',
          target: target(r),
          info: { kind: r.kind, rows: r.n_change, ...(runAt ? { run_at: iso(runAt) } : {}) },
        });
      });
      return { import: importView((await repo.withJob(id))!) };
    },

    async cancel(ctx: RequestContext, id: number) {
      const r = await mine(ctx, id);
      if (!reportsPolicy.can(ctx.actor, 'cancel', r)) throw invalid({ id: 'importState' });
      await deps.change(ctx, async (u) => {
        // A scheduled job finds the import cancelled and does nothing.
        if (!(await u.repos.reports.update(id, { state: 'cancelled' }, ['ready', 'scheduled'])))
          throw invalid({ id: 'importState' });
        await u.audit({ event: 'template.cancel', target: target(r), info: { kind: r.kind } });
      });
      return { import: importView((await repo.withJob(id))!) };
    },

    async result(ctx: RequestContext, id: number) {
      const r = await mine(ctx, id);
      if (r.state !== 'applied' || !r.result_key) throw new AppError('NOT_FOUND');
      const data = await buffer(await deps.storage.get(r.result_key));
      const name = r.name.replace(/\.xlsx$/i, '') + (ctx.lang === 'es' ? ' (resultado).xlsx' : ' (result).xlsx');
      return new FileAnswer(
        200,
        {
          ...fileSafetyHeaders(),
          'content-type': XLSX_MIME,
          'content-length': data.length,
          'content-disposition': contentDisposition(name),
          'cache-control': 'private, no-store',
        },
        data,
      );
    },
  };
}
export type ImportsService = ReturnType<typeof importsService>;

declare module '../../deps/services.js' {
  interface Services {
    imports: ReturnType<typeof importsService>;
  }
}
