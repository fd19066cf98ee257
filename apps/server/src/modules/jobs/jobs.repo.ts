import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { JOB_COLUMNS } from '../access/access.repo.js';

const VISIBLE = JOB_COLUMNS;

export function jobsRepo(db: Db) {
  return {
    byId: (id: number) => db.selectFrom('jobs').select(VISIBLE).where('id', '=', id).executeTakeFirst(),

    /** An owner's queued and running jobs and those finished since `since`, newest first. */
    activeOrRecent: (ownerId: number, since: string, limit: number) =>
      db
        .selectFrom('jobs')
        .select(VISIBLE)
        .where('owner_id', '=', ownerId)
        .where((eb) => eb.or([eb('status', 'in', ['queued', 'running']), eb('finished_at', '>=', since)]))
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),

    /** Jobs waiting or running, and failed since `since`, per name: counts through the status index. */
    queueCounts: (since: string) =>
      db
        .selectFrom('jobs')
        .select(['name', 'status', sql<number>`count(*)`.as('n')])
        .where((eb) =>
          eb.or([
            eb('status', 'in', ['queued', 'running']),
            eb.and([eb('status', '=', 'failed'), eb('finished_at', '>=', since)]),
          ]),
        )
        .groupBy(['name', 'status'])
        .execute(),
  };
}
export type JobView = NonNullable<Awaited<ReturnType<ReturnType<typeof jobsRepo>['byId']>>>;

declare module '../../deps/repos.js' {
  interface Repos {
    jobs: ReturnType<typeof jobsRepo>;
  }
}
