import type { ExpressionBuilder } from 'kysely';
import type { Db, Dialect } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { iso } from '../../lib/clock.js';
import type { JobRow } from '../store.js';

/**
 * The BullMQ driver's SQL. The `jobs` row written in the enqueuing transaction is the outbox: a
 * committed `queued` row is sent to BullMQ by a dispatcher, which marks it in `locked_by` (status
 * stays `queued` until a worker starts it, so the API reads the same states as on the database
 * driver): `dispatch:<id>` while one dispatcher sends it (leased, so a dead one is taken over),
 * then `bullmq` once it is in Redis.
 */
export const IN_BULLMQ = 'bullmq';
const DISPATCHING = 'dispatch:';

/** The error a job gets when its worker died on its last attempt (the same as the database driver's). */
export const LEASE_LOST = 'lease expired: the worker stopped before finishing';

export type Dispatchable = Pick<JobRow, 'id' | 'name' | 'run_at'>;

const sendable = (nowIso: string, untilIso: string) => (eb: ExpressionBuilder<Database, 'jobs'>) =>
  eb.and([
    eb('status', '=', 'queued'),
    eb('run_at', '<=', untilIso),
    eb.or([
      eb('locked_by', 'is', null),
      eb.and([eb('locked_by', 'like', `${DISPATCHING}%`), eb('locked_until', '<=', nowIso)]),
    ]),
  ]);

/**
 * Takes up to `limit` committed rows due before `until` for `dispatcherId`, leased until
 * `now + leaseMs`. Atomic like claimNext: PostgreSQL skips rows another dispatcher is taking,
 * SQLite runs one writer at a time, and the update checks the condition again.
 */
export async function claimForDispatch(
  db: Db,
  dialect: Dialect,
  dispatcherId: string,
  now: Date,
  until: Date,
  leaseMs: number,
  limit: number,
): Promise<Dispatchable[]> {
  const ready = sendable(iso(now), iso(until));
  const ids = db
    .selectFrom('jobs')
    .select('id')
    .where(ready)
    .orderBy('run_at')
    .orderBy('id')
    .limit(limit)
    .$if(dialect === 'postgres', (q) => q.forUpdate().skipLocked());
  return db
    .updateTable('jobs')
    .set({ locked_by: `${DISPATCHING}${dispatcherId}`, locked_until: iso(new Date(now.getTime() + leaseMs)) })
    .where('id', 'in', ids)
    .where(ready)
    .returning(['id', 'name', 'run_at'])
    .execute();
}

/** Records that BullMQ has the rows (unless a worker started one meanwhile). */
export async function markDispatched(db: Db, dispatcherId: string, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('jobs')
    .set({ locked_by: IN_BULLMQ, locked_until: null })
    .where('id', 'in', ids)
    .where('status', '=', 'queued')
    .where('locked_by', '=', `${DISPATCHING}${dispatcherId}`)
    .execute();
}

export type Begin =
  | { kind: 'run'; row: JobRow }
  /** Done, failed or deleted: the BullMQ job is a stale copy. */
  | { kind: 'gone' }
  /** Not due yet by the row's run-at (a clock ahead of this one sent it). */
  | { kind: 'early'; runAt: Date }
  /** Its worker died on the last attempt: now failed, as the database driver's reaper does. */
  | { kind: 'lost' };

/**
 * Starts the attempt of a job BullMQ handed to `workerId`: the row goes `running` with one more
 * attempt and a lease. BullMQ's lock lets one worker hold a job id at a time, so the row is read
 * and then updated guarded by what was read. A `running` row is one whose worker died (BullMQ
 * found the job stalled and gave it to us).
 */
export async function beginRun(db: Db, id: number, workerId: string, now: Date, leaseMs: number): Promise<Begin> {
  const row = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || (row.status !== 'queued' && row.status !== 'running')) return { kind: 'gone' };
  const nowIso = iso(now);
  if (row.status === 'queued' && row.run_at > nowIso) return { kind: 'early', runAt: new Date(row.run_at) };
  const guarded = db
    .updateTable('jobs')
    .where('id', '=', id)
    .where('status', '=', row.status)
    .where('attempts', '=', row.attempts);
  const stalled = row.status === 'running';
  if (stalled && row.attempts >= row.max_attempts) {
    await guarded
      .set({
        status: 'failed',
        locked_by: null,
        locked_until: null,
        last_error: LEASE_LOST,
        updated_at: nowIso,
        finished_at: nowIso,
      })
      .execute();
    return { kind: 'lost' };
  }
  const started = await guarded
    .set((eb) => ({
      status: 'running',
      attempts: eb('attempts', '+', 1),
      locked_by: workerId,
      locked_until: iso(new Date(now.getTime() + leaseMs)),
      updated_at: nowIso,
      ...(stalled ? { last_error: LEASE_LOST } : {}),
    }))
    .returningAll()
    .executeTakeFirst();
  return started ? { kind: 'run', row: started } : { kind: 'gone' };
}

/** Rows BullMQ holds that are due by `now` (a delayed BullMQ job may be promoted). */
export async function dueInBullmq(db: Db, now: Date, limit: number): Promise<Dispatchable[]> {
  return db
    .selectFrom('jobs')
    .select(['id', 'name', 'run_at'])
    .where('status', '=', 'queued')
    .where('locked_by', '=', IN_BULLMQ)
    .where('run_at', '<=', iso(now))
    .orderBy('run_at')
    .limit(limit)
    .execute();
}

/** Due rows another dispatcher is sending right now (runUntilIdle waits for them). */
export async function dispatching(db: Db, now: Date): Promise<number> {
  const nowIso = iso(now);
  const r = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'queued')
    .where('run_at', '<=', nowIso)
    .where('locked_by', 'like', `${DISPATCHING}%`)
    .where('locked_until', '>', nowIso)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
