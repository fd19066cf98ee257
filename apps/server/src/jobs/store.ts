import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { Db, Dialect } from '../db/index.js';
import type { JobsTable } from '../db/schema.js';
import { iso } from '../lib/clock.js';

/** The only place with the queue's SQL. Every write after a claim is guarded by the claim. */
export type JobRow = Selectable<JobsTable>;

/** Who holds a running job: a worker id and the attempt it claimed (the pair is unique). */
export interface Claim {
  id: number;
  lockedBy: string;
  attempt: number;
}

/** `last_error` is read by people (the job's owner): a message, not a dump. */
const MAX_ERROR_CHARS = 500;

/**
 * Takes the oldest due job among `names` and leases it to `workerId` until `now + leaseMs`.
 * One statement on both dialects: PostgreSQL skips rows other workers are claiming (no waiting,
 * no double claim); SQLite runs one writer at a time, so the sub-select and the update are
 * atomic. `status = 'queued'` is checked again by the update in case the sub-select read a row
 * that another worker claimed in between.
 */
export async function claimNext(
  db: Db,
  dialect: Dialect,
  names: string[],
  workerId: string,
  now: Date,
  leaseMs: number,
): Promise<JobRow | null> {
  if (names.length === 0) return null;
  const nowIso = iso(now);
  const next = db
    .selectFrom('jobs')
    .select('id')
    .where('status', '=', 'queued')
    .where('run_at', '<=', nowIso)
    .where('name', 'in', names)
    .orderBy('run_at')
    .orderBy('id')
    .limit(1)
    .$if(dialect === 'postgres', (q) => q.forUpdate().skipLocked());
  const row = await db
    .updateTable('jobs')
    .set((eb) => ({
      status: 'running',
      attempts: eb('attempts', '+', 1),
      locked_by: workerId,
      locked_until: iso(new Date(now.getTime() + leaseMs)),
      updated_at: nowIso,
    }))
    .where('id', '=', next)
    .where('status', '=', 'queued')
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** An update of the row only while `claim` still holds it. */
const held = (db: Db, claim: Claim) =>
  db
    .updateTable('jobs')
    .where('id', '=', claim.id)
    .where('status', '=', 'running')
    .where('locked_by', '=', claim.lockedBy)
    .where('attempts', '=', claim.attempt);

/** Pushes the lease forward; false when the job is no longer ours (reaped after a stall). */
export async function extendLease(db: Db, claim: Claim, now: Date, leaseMs: number): Promise<boolean> {
  const r = await held(db, claim)
    .set({ locked_until: iso(new Date(now.getTime() + leaseMs)), updated_at: iso(now) })
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** How far a job got, as its handler last said. */
export interface Progress {
  done: number;
  of: number;
}

/** `result`: JSON text (or null); `progress`: the last value reported, written with the end. */
export async function markDone(
  db: Db,
  claim: Claim,
  now: Date,
  end: { result?: string | null; progress?: Progress | null } = {},
): Promise<boolean> {
  const r = await held(db, claim)
    .set({
      status: 'done',
      locked_by: null,
      locked_until: null,
      updated_at: iso(now),
      finished_at: iso(now),
      result: end.result ?? null,
      ...(end.progress ? { progress_done: end.progress.done, progress_of: end.progress.of } : {}),
    })
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Records progress while `claim` holds the job (a late write after the end changes nothing). */
export async function writeProgress(db: Db, claim: Claim, p: Progress): Promise<boolean> {
  const r = await held(db, claim).set({ progress_done: p.done, progress_of: p.of }).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Replaces the payload while `claim` holds the job (ctx.redactPayload). */
export async function rewritePayload(db: Db, claim: Claim, payload: unknown): Promise<boolean> {
  const r = await held(db, claim)
    .set({ payload: JSON.stringify(payload ?? null) })
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * Records a failed attempt: back to `queued` at `retryAt`, or `failed` when `retryAt` is null.
 * `error` is shown to the job's owner: a short message, never a stack.
 */
export async function markFailed(
  db: Db,
  claim: Claim,
  now: Date,
  error: string,
  retryAt: Date | null,
  progress: Progress | null = null,
): Promise<boolean> {
  const r = await held(db, claim)
    .set({
      status: retryAt ? 'queued' : 'failed',
      run_at: retryAt ? iso(retryAt) : sql<string>`run_at`,
      locked_by: null,
      locked_until: null,
      last_error: error.slice(0, MAX_ERROR_CHARS),
      updated_at: iso(now),
      finished_at: retryAt ? null : iso(now),
      ...(progress ? { progress_done: progress.done, progress_of: progress.of } : {}),
    })
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * Jobs whose lease ran out while `running` belong to a worker that died (crash, SIGKILL, lost
 * host): they go back to the queue, or fail when that was their last attempt, so a job that
 * kills its worker every time cannot loop for ever.
 */
export async function reapExpired(db: Db, now: Date): Promise<number> {
  const nowIso = iso(now);
  const lost = 'lease expired: the worker stopped before finishing';
  const r = await db
    .updateTable('jobs')
    .set({
      status: sql<'queued' | 'failed'>`case when attempts >= max_attempts then 'failed' else 'queued' end`,
      finished_at: sql<string | null>`case when attempts >= max_attempts then ${nowIso} else null end`,
      run_at: nowIso,
      locked_by: null,
      locked_until: null,
      last_error: lost,
      updated_at: nowIso,
    })
    .where('status', '=', 'running')
    .where('locked_until', '<=', nowIso)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Deletes finished jobs (their dedupe keys become free again). */
export async function purgeFinished(db: Db, opts: { doneBefore: Date; failedBefore: Date }): Promise<number> {
  const r = await db
    .deleteFrom('jobs')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'done'), eb('finished_at', '<', iso(opts.doneBefore))]),
        eb.and([eb('status', '=', 'failed'), eb('finished_at', '<', iso(opts.failedBefore))]),
      ]),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
