import { JOBS_MINE_MAX, JOBS_RECENT_MINUTES } from '@brandvault/contract';
import type { Job, JobsQueue } from '@brandvault/contract';
import { iso } from '../../lib/clock.js';
import type { RequestContext } from '../../lib/requestContext.js';
import type { Deps } from '../../deps/deps.js';
import { requireAccess } from '../access/requireAccess.js';
import { jobAccess, jobsPolicy } from './jobs.policy.js';
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
export function jobsService(deps: Pick<Deps, 'repos' | 'handle' | 'clock'>) {
  const repo = deps.repos.jobs;
  const access = { access: deps.repos.access };
  return {
    async get(ctx: RequestContext, id: number): Promise<Job> {
      const [row] = await requireAccess(access, { actor: ctx.actor, permission: 'view', kind: jobAccess, ids: [id] });
      return view(row!);
    },

    async mine(ctx: RequestContext): Promise<{ items: Job[] }> {
      const since = iso(new Date(deps.clock.now().getTime() - JOBS_RECENT_MINUTES * 60_000));
      const rows = await repo.activeOrRecent(ctx.actor.user.id, since, JOBS_MINE_MAX);
      return { items: rows.filter((r) => jobsPolicy.can(ctx.actor, 'view', r)).map(view) };
    },

    /** The queue at a glance (route: administrators): counts per name, never a job's contents. */
    async queue(_ctx: RequestContext): Promise<JobsQueue> {
      const since = iso(new Date(deps.clock.now().getTime() - 86_400_000));
      const rows = await repo.queueCounts(since);
      const byName = new Map<string, JobsQueue['by_name'][number]>();
      const totals = { queued: 0, running: 0, failed_day: 0 };
      for (const r of rows) {
        const e = byName.get(r.name) ?? { name: r.name, queued: 0, running: 0, failed_day: 0 };
        const key = r.status === 'failed' ? 'failed_day' : (r.status as 'queued' | 'running');
        e[key] += Number(r.n);
        totals[key] += Number(r.n);
        byName.set(r.name, e);
      }
      const by_name = [...byName.values()].sort(
        (a, b) => b.running + b.queued - (a.running + a.queued) || a.name.localeCompare(b.name),
      );
      return { ...totals, by_name };
    },
  };
}
export type JobsService = ReturnType<typeof jobsService>;
