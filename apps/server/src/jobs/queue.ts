import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { iso, systemClock } from '../lib/clock.js';
import type { Clock } from '../lib/clock.js';
import type { JobName, JobPayload } from './payloads.js';

export const DEFAULT_MAX_ATTEMPTS = 5;

export interface EnqueueOptions {
  /** Not before this time (scheduled work). Default: now. */
  runAt?: Date;
  maxAttempts?: number;
  /** A second enqueue with the same key is a no-op while the first row exists (see clean-up). */
  dedupeKey?: string;
  /** Source of "now" when `runAt` is not given. */
  clock?: Clock;
  /**
   * The user who follows the job: only they can read it (GET /api/jobs/:id) and it shows in
   * their shell's jobs indicator. Leave it out for system work (mail, clean-ups).
   */
  ownerId?: number;
}

/**
 * Adds a job. Pass the transaction that records the change, so the job exists exactly when the
 * change does. Returns the new job's id, or null when `dedupeKey` already names a job.
 */
export function enqueue<N extends JobName>(
  db: Kysely<Database>,
  name: N,
  payload: JobPayload<N>,
  opts: EnqueueOptions = {},
) {
  return enqueueAny(db, name, payload, opts);
}

/** Scheduled work is a row with a run-at time. */
export function schedule<N extends JobName>(
  db: Kysely<Database>,
  name: N,
  payload: JobPayload<N>,
  runAt: Date,
  opts: Omit<EnqueueOptions, 'runAt'> = {},
) {
  return enqueueAny(db, name, payload, { ...opts, runAt });
}

/** Untyped form, for names outside the registry (tests, a worker with its own handlers). */
export async function enqueueAny(
  db: Kysely<Database>,
  name: string,
  payload: unknown,
  opts: EnqueueOptions = {},
): Promise<number | null> {
  const now = iso((opts.clock ?? systemClock).now());
  const row = await db
    .insertInto('jobs')
    .values({
      name,
      payload: JSON.stringify(payload ?? null),
      status: 'queued',
      attempts: 0,
      max_attempts: Math.max(1, opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS),
      run_at: opts.runAt ? iso(opts.runAt) : now,
      locked_by: null,
      locked_until: null,
      last_error: null,
      dedupe_key: opts.dedupeKey ?? null,
      created_at: now,
      updated_at: now,
      finished_at: null,
      owner_id: opts.ownerId ?? null,
      progress_done: null,
      progress_of: null,
      result: null,
    })
    // `do nothing` rather than catching the violation: on PostgreSQL an error would abort the
    // caller's whole transaction.
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}
