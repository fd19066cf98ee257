import type { z } from 'zod';
import type { SyncSettings } from '../config/config.js';
import type { Db, Dialect } from '../db/index.js';
import type { JobsTable } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import type { Mailer } from '../lib/mailMessage.js';
import type { BlobStore } from '../storage/index.js';

export type JobStatus = JobsTable['status'];

/** A pino-compatible subset, so the server passes `app.log` and the worker process its own. */
export interface JobLog {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * The unit of work a job gets, as requests do: `change(ctx, fn)` and `tx(fn)` over the app's
 * repositories (`u.repos`, `u.audit`, `u.emit`, `u.mail`, `u.enqueue`), and `repos` for reads.
 * Its members are declared where the app builds it (jobUnits.ts, the composition root), so this
 * folder, below the unit of work, never imports it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface JobUnits {}

/** What a handler gets besides its payload. */
export interface JobContext extends JobUnits {
  db: Db;
  dialect: Dialect;
  clock: Clock;
  log: JobLog;
  /** The blob store, when the worker was given one (the server's and `npm run worker`'s are). */
  storage: BlobStore | undefined;
  /** The data directory (tus parts live under it), when the worker was given one. */
  dataDir: string | undefined;
  /** Sends e-mail, when the worker was given one (mail.send runs only on workers that have it). */
  mailer: Mailer | undefined;
  /** The app's public address (APP_URL), for links in mail the job writes. */
  appUrl: string | undefined;
  /**
   * Tells this process's notification streams that a notification was stored (after its commit):
   * delivery is then immediate here, while other processes' pollers find it within their interval.
   */
  notificationPublished(userId: number, notificationId: number): void;
  /** APP_KEY from the environment, when set: the audit chain's entries are keyed with it. */
  appKey: string | undefined;
  /** How long notification mail waits to gather what else happens (NOTIFICATION_MAIL_WINDOW_SECONDS). */
  mailWindowMs: number;
  /** NAS sync settings (SYNC_ROOTS and the rest), for `sync.run`. */
  sync: SyncSettings;
  job: { id: number; name: string; attempt: number; maxAttempts: number; ownerId: number | null };
  /** Aborted when the lease was lost (another worker may run the job) or the timeout passed. */
  signal: AbortSignal;
  /**
   * How far the job got, for its owner (GET /api/jobs/:id): `done` of `of` units (files, bytes).
   * Cheap to call per item: the row is written at most every half second, when `done === of`,
   * and once more with the latest value when the job ends. Resolves once a due write is made
   * (a failed write is logged, never thrown).
   */
  progress(done: number, of: number): Promise<void>;
  /**
   * What the job produced (e.g. `{ key }` of a blob to download), kept as JSON with the done
   * job. The same as returning it from `run`; a value returned from `run` wins.
   */
  result(value: unknown): void;
  /**
   * Replaces the stored payload, e.g. to drop a secret (a mailed link's token) once it is no
   * longer needed. A re-run after a crash gets the new payload, so it must still parse.
   */
  redactPayload(payload: unknown): Promise<void>;
}

/**
 * One per job name, in `worker/handlers/<name>.ts`. `run` must be idempotent: delivery is at least once
 * (a crash after the work but before the row says `done` runs it again).
 */
export interface JobHandler<S extends z.ZodType = z.ZodType> {
  schema: S;
  /** May return the job's result (JSON-serialisable, small: a key, counts), as `ctx.result`. */
  run(payload: z.output<S>, ctx: JobContext): Promise<unknown>;
  /** Give up on one attempt after this long (the signal is aborted and the attempt fails). */
  timeoutMs?: number;
  /**
   * At most this many jobs of this name run at once in one worker, whatever its concurrency: a
   * slow kind (video encodes) then never takes every slot while other jobs wait.
   */
  concurrency?: number;
  /**
   * `'low'`: background analysis and backfills. A worker claims such a job only when no other job
   * it runs is due, so thumbnails, mail and scheduled runs never queue behind them; while other
   * jobs keep coming they may wait indefinitely (the one kind allowed to).
   */
  priority?: 'low';
}

export type Handlers = Record<string, JobHandler>;

/** Identity function that infers the payload type of `run` from `schema`. */
export const defineHandler = <S extends z.ZodType>(handler: JobHandler<S>): JobHandler<S> => handler;
