import { sql } from 'kysely';
import type { Db } from '../../db/index.js';

export function metricsRepo(db: Db) {
  return {
    /**
     * Per job name: jobs due and waiting (with the run-at of the oldest), running, and failed for
     * good since `failedSince`. The `jobs` row is every job's record on both queue drivers (on
     * BullMQ too a job stays `queued` until a worker starts it), so these are the same figures
     * whichever driver runs; jobs scheduled for later are not counted as waiting.
     */
    queue: (now: string, failedSince: string) =>
      db
        .selectFrom('jobs')
        .select(['name', 'status', sql<number>`count(*)`.as('n'), sql<string | null>`min(run_at)`.as('oldest')])
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]),
            eb('status', '=', 'running'),
            eb.and([eb('status', '=', 'failed'), eb('finished_at', '>=', failedSince)]),
          ]),
        )
        .groupBy(['name', 'status'])
        .execute(),
  };
}

declare module '../../deps/repos.js' {
  interface Repos {
    metrics: ReturnType<typeof metricsRepo>;
  }
}
