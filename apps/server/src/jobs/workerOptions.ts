import type { AnalysisKind, SyncSettings } from '../config/config.js';
import type { Db, Dialect } from '../db/index.js';
import type { Clock } from '../lib/clock.js';
import type { Mailer } from '../lib/mailMessage.js';
import type { BlobStore } from '../storage/index.js';
import type { Recurring } from './recurring.js';
import type { SourceFactory } from './source.js';
import type { Handlers, JobLog, JobUnits } from './types.js';

export interface WorkerOptions {
  db: Db;
  /** FOR UPDATE SKIP LOCKED exists only on PostgreSQL. */
  dialect: Dialect;
  handlers: Handlers;
  log: JobLog;
  clock?: Clock;
  /** Jobs run at once by this process (handlers mostly wait on sharp/ffmpeg/SMTP). */
  concurrency?: number;
  /**
   * Idle wait between looks at the queue. A job enqueued by another process (which cannot wake
   * this one) waits up to this long: 250 ms keeps a comment's notification well under a second.
   */
  pollMs?: number;
  /** A claim lasts this long and is renewed at a third of it while the handler runs (JOB_LEASE_MS). */
  leaseMs?: number;
  recurring?: Recurring[];
  /** Look at `job_schedules` for due runs (default: yes), at most every `schedulesEveryMs`. */
  schedules?: boolean;
  schedulesEveryMs?: number;
  storage?: BlobStore;
  dataDir?: string;
  mailer?: Mailer;
  /** APP_URL, handed to jobs that write links (JobContext.appUrl). */
  appUrl?: string;
  /** See JobContext.notificationPublished (the server passes its notification broker's). */
  notificationPublished?: (userId: number, notificationId: number) => void;
  /** See JobContext.appKey. */
  appKey?: string | undefined;
  /** See JobContext.mailWindowMs; ten minutes when absent. */
  mailWindowMs?: number;
  /** See JobContext.sync; no roots (sync runs fail) when absent. */
  sync?: SyncSettings;
  /** See JobContext.analysis; every kind when absent. */
  analysis?: AnalysisKind[];
  /** Progress rows are written at most this often per job (default 500 ms). */
  progressIntervalMs?: number;
  /**
   * The unit of work jobs get (JobContext.change, tx, repos), built once over `db` with the
   * worker's wake (jobUnits.ts). Only the queue's own tests leave it out: a job of theirs that
   * reaches for it fails for good.
   */
  units?: (db: Db, wake: () => void) => JobUnits;
  /** The queue driver: the `jobs` table (default) or BullMQ (`bullmqSource`, jobs/redis/). */
  source?: SourceFactory;
}
