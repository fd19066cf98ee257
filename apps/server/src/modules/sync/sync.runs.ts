import type { SyncRunTrigger } from '@brandvault/contract';
import type { Repos } from '../../deps/repos.js';
import { isUniqueViolation } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import type { Clock } from '../../lib/clock.js';
import type { Work } from '../../unitOfWork/unitOfWork.js';

/** A sync run gives up after this many attempts (a crash mid-run resumes on the next). */
export const SYNC_RUN_ATTEMPTS = 3;

/**
 * The queued or running run of a source, if one is really under way. A run whose job ended
 * without finishing it (the job failed for good, or was purged) is closed as failed here, so it
 * never blocks the source.
 */
export async function activeRun(repos: Pick<Repos, 'sync'>, clock: Clock, sourceId: number) {
  const repo = repos.sync;
  const run = await repo.activeRun(sourceId);
  if (!run) return undefined;
  if (run.job_id === null || run.job_status === 'queued' || run.job_status === 'running') return run;
  await repo.updateRun(run.id, { status: 'failed', error: 'The run was interrupted.', finished_at: iso(clock.now()) }, [
    'queued',
    'running',
  ]);
  return undefined;
}

/**
 * Asks for a run of a source: the run that is queued or running when there is one (one run per
 * source at a time: a partial unique index holds even against two workers or two clicks), else a
 * new run and its job, in one transaction (`within`: a request's unit of work, with its audit
 * entry, or a job's or the watcher's `tx`; its `enqueue` wakes the worker once it has committed).
 * `jobId`: the job that asks is the one to run it (a scheduled run), so no job is enqueued.
 */
export async function requestRun(
  repos: Pick<Repos, 'sync'>,
  clock: Clock,
  sourceId: number,
  trigger: SyncRunTrigger,
  opts: {
    userId?: number | null;
    jobId?: number;
    within: (work: (t: Work<Repos>) => Promise<number>) => Promise<number>;
  },
): Promise<{ runId: number; created: boolean }> {
  for (let tries = 0; ; tries += 1) {
    const open = await activeRun(repos, clock, sourceId);
    if (open) return { runId: open.id, created: false };
    try {
      const runId = await opts.within(async (t) => {
        const repo = t.repos.sync;
        const at = iso(clock.now());
        const id = await repo.insertRun({
          source_id: sourceId,
          status: opts.jobId ? 'running' : 'queued',
          trigger,
          job_id: opts.jobId ?? null,
          started_by: opts.userId ?? null,
          queued_at: at,
          started_at: opts.jobId ? at : null,
          finished_at: null,
          error: null,
        });
        if (!opts.jobId) {
          const jobId = await t.enqueue(
            'sync.run',
            { sourceId, runId: id },
            {
              dedupeKey: `sync.run:${id}`,
              maxAttempts: SYNC_RUN_ATTEMPTS,
              clock,
              ...(opts.userId ? { ownerId: opts.userId } : {}),
            },
          );
          await repo.updateRun(id, { job_id: jobId });
        }
        return id;
      });
      return { runId, created: true };
    } catch (err) {
      // Another request or worker made the run meanwhile: answer that one.
      if (!isUniqueViolation(err) || tries >= 2) throw err;
    }
  }
}
