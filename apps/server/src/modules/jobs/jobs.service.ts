import { JOBS_MINE_MAX, JOBS_RECENT_MINUTES } from '@brandvault/contract';
import type { Job } from '@brandvault/contract';
import { AppError } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import type { RequestContext } from '../../lib/requestContext.js';
import type { Deps } from '../../services.js';
import { jobsPolicy } from './jobs.policy.js';
import { jobsRepo } from './jobs.repo.js';
import type { JobView } from './jobs.repo.js';

function view(row: JobView): Job {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    progress: row.progress_of === null ? null : { done: row.progress_done ?? 0, of: row.progress_of },
    result: row.result === null ? null : (JSON.parse(row.result) as unknown),
    // Set by a failed attempt too; the owner is told only once the job has failed for good.
    error: row.status === 'failed' ? (row.last_error ?? 'failed') : null,
    created_at: row.created_at,
    finished_at: row.finished_at,
  };
}

/** Jobs as their owners follow them (the shell's indicator, a page waiting for a zip). */
export function jobsService(deps: Pick<Deps, 'handle' | 'clock'>) {
  const repo = jobsRepo(deps.handle.db);
  return {
    async get(ctx: RequestContext, id: number): Promise<Job> {
      const row = await repo.byId(id);
      if (!row || !jobsPolicy.can(ctx.actor, 'view', row)) throw new AppError('NOT_FOUND');
      return view(row);
    },

    async mine(ctx: RequestContext): Promise<{ items: Job[] }> {
      const since = iso(new Date(deps.clock.now().getTime() - JOBS_RECENT_MINUTES * 60_000));
      const rows = await repo.activeOrRecent(ctx.actor.user.id, since, JOBS_MINE_MAX);
      return { items: rows.filter((r) => jobsPolicy.can(ctx.actor, 'view', r)).map(view) };
    },
  };
}
export type JobsService = ReturnType<typeof jobsService>;
