import type { Db } from '../db/index.js';
import { iso, systemClock } from '../lib/clock.js';
import type { Clock } from '../lib/clock.js';
import type { JobName, JobPayload } from './payloads.js';
import { enqueueAny } from './queue.js';

/**
 * Recurring jobs that are rows (`job_schedules`): one per NAS source, each with its own
 * interval, made and removed by the domain that owns them. The deployment-wide recurring work
 * stays in code (start.ts, `every`). A run is enqueued when `next_run_at` has come; slots missed
 * while no worker ran are not made up, and a run is skipped while the previous one is still
 * queued or running (two syncs of one source never overlap).
 */

export const MIN_SCHEDULE_SECONDS = 60;

export interface ScheduleInput<N extends JobName> {
  /** Names the schedule for its owner ("nas.sync:12"); saving the same key replaces it. */
  key: string;
  name: N;
  payload: JobPayload<N>;
  everySeconds: number;
  /** The first run; default: one interval from now. A replaced schedule keeps its next run unless given. */
  firstRunAt?: Date;
  enabled?: boolean;
}

/** Creates or replaces a schedule. Pass the transaction that records the change it belongs to. */
export async function saveSchedule<N extends JobName>(
  db: Db,
  s: ScheduleInput<N>,
  clock: Clock = systemClock,
): Promise<void> {
  if (!Number.isInteger(s.everySeconds) || s.everySeconds < MIN_SCHEDULE_SECONDS)
    throw new Error(`schedule ${s.key}: every ${s.everySeconds} s; at least ${MIN_SCHEDULE_SECONDS}`);
  const now = clock.now();
  const first = s.firstRunAt ?? new Date(now.getTime() + s.everySeconds * 1000);
  const values = {
    name: s.name,
    payload: JSON.stringify(s.payload ?? null),
    every_seconds: s.everySeconds,
    enabled: s.enabled === false ? 0 : 1,
    updated_at: iso(now),
  };
  await db
    .insertInto('job_schedules')
    .values({ key: s.key, ...values, next_run_at: iso(first), last_job_id: null, created_at: iso(now) })
    .onConflict((oc) => oc.column('key').doUpdateSet(s.firstRunAt ? { ...values, next_run_at: iso(first) } : values))
    .execute();
}

/** Removes a schedule (a deleted NAS source); its jobs already queued still run. */
export async function removeSchedule(db: Db, key: string): Promise<boolean> {
  const r = await db.deleteFrom('job_schedules').where('key', '=', key).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** The first slot of `everySeconds` after `from` that is later than `now`. */
export function nextRunAfter(from: Date, everySeconds: number, now: Date): Date {
  const step = everySeconds * 1000;
  const slots = Math.max(1, Math.floor((now.getTime() - from.getTime()) / step) + 1);
  return new Date(from.getTime() + slots * step);
}

/**
 * Enqueues the due runs of enabled schedules whose job `names` this worker handles; returns how
 * many were enqueued. No transaction (SQLite's connections in one process would wait on each
 * other): the run's dedupe key lets one worker enqueue it, and the row moves on to its next run
 * by an update guarded by the run time read, so a run is enqueued once however many workers look
 * and a crash between the two steps is mended by the next look.
 */
export async function enqueueDueSchedules(db: Db, names: string[], now: Date, limit = 100): Promise<number> {
  if (names.length === 0) return 0;
  const nowIso = iso(now);
  const due = await db
    .selectFrom('job_schedules')
    .selectAll()
    .where('enabled', '=', 1)
    .where('next_run_at', '<=', nowIso)
    .where('name', 'in', names)
    .orderBy('next_run_at')
    .limit(limit)
    .execute();
  let enqueued = 0;
  for (const s of due) {
    const moveOn = (lastJobId: number | null) =>
      db
        .updateTable('job_schedules')
        .set({
          next_run_at: iso(nextRunAfter(new Date(s.next_run_at), s.every_seconds, now)),
          last_job_id: lastJobId,
          updated_at: nowIso,
        })
        .where('id', '=', s.id)
        .where('next_run_at', '=', s.next_run_at)
        .execute();
    const last =
      s.last_job_id === null
        ? undefined
        : await db.selectFrom('jobs').select('status').where('id', '=', s.last_job_id).executeTakeFirst();
    if (last && (last.status === 'queued' || last.status === 'running')) {
      await moveOn(s.last_job_id); // the previous run is not over: skip this one
      continue;
    }
    const dedupeKey = `schedule:${s.id}:${s.next_run_at}`;
    let id = await enqueueAny(db, s.name, JSON.parse(s.payload), { dedupeKey, clock: { now: () => now } });
    if (id === null) {
      // Another worker enqueued this run (or this one did before a crash): record its job.
      const run = await db.selectFrom('jobs').select('id').where('dedupe_key', '=', dedupeKey).executeTakeFirst();
      id = run?.id ?? s.last_job_id;
    } else enqueued += 1;
    await moveOn(id);
  }
  return enqueued;
}
