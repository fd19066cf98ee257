import type { AnalysisKind, AuditCheckpointSettings, SyncSettings } from '../config/config.js';
import { DEFAULT_AUDIT_CHECKPOINTS } from '../config/config.js';
import type { Db, Dialect } from '../db/index.js';
import type { Clock } from '../lib/clock.js';
import type { Mailer } from '../mail/mailer.js';
import type { BlobStore } from '../storage/index.js';
import type { RedisQueueOptions } from '../jobs/redis/queues.js';
import { every } from '../jobs/recurring.js';
import type { JobLog } from '../jobs/types.js';
import { Worker } from '../jobs/worker.js';
import type { WorkerOptions } from '../jobs/worker.js';
import { handlers } from './handlers/index.js';

/**
 * Work every deployment runs; `every` dedupes per slot, so each runs once however many workers.
 * Batched notification mail looks each minute (or each window, when shorter) for the groups whose
 * window has passed.
 */
export const recurringJobs = (mailWindowMs = 60_000, audit: AuditCheckpointSettings = DEFAULT_AUDIT_CHECKPOINTS) => [
  every('audit.checkpoint', audit.intervalMs, { lockDays: audit.lockDays, lockMode: audit.lockMode }),
  every('jobs.cleanup', 60 * 60_000, {}),
  every('rateLimits.sweep', 10 * 60_000, {}),
  every('storage.cleanup', 30 * 60_000, {}),
  every('search.ftsMerge', 60 * 60_000, {}),
  every('notifications.mail', Math.min(60_000, mailWindowMs), {}),
  every('downloads.cleanup', 15 * 60_000, {}),
  every('stats.windows', 10 * 60_000, {}),
  every('reports.cleanup', 60 * 60_000, {}),
  every('metadata.bulkCleanup', 10 * 60_000, {}),
  every('folders.purgeTrash', 60 * 60_000, {}),
  // Availability changes by the day (UTC): the slot starts at midnight, and a worker started later
  // that day still runs it.
  every('rights.availability', 24 * 60 * 60_000, {}),
];

/**
 * A worker with every registered handler and the recurring jobs, already polling. BullMQ (and
 * ioredis) are loaded only when REDIS_URL is set: they are a large part of a start without it.
 */
export async function startWorker(opts: {
  db: Db;
  dialect: Dialect;
  log: JobLog;
  storage?: BlobStore;
  dataDir?: string;
  clock?: Clock;
  concurrency?: number;
  pollMs?: number;
  /** See WorkerOptions.leaseMs. */
  leaseMs?: number;
  /** Without one, this worker leaves mail.send jobs to a worker that has one. */
  mailer?: Mailer;
  appUrl?: string;
  notificationPublished?: (userId: number, notificationId: number) => void;
  mailWindowMs?: number;
  /** APP_KEY from the environment: audit entries written by jobs are keyed with it. */
  appKey?: string | undefined;
  /** How often the audit chain's head is anchored in the blob store, and how it is locked there. */
  auditCheckpoints?: AuditCheckpointSettings;
  sync?: SyncSettings;
  analysis?: AnalysisKind[];
  /** The unit of work jobs get (the composition root's jobUnits). */
  units: WorkerOptions['units'];
  /** REDIS_URL set: jobs run on BullMQ (the rows stay the outbox and the record); else the table is the queue. */
  redis?: RedisQueueOptions;
}): Promise<Worker> {
  const { 'mail.send': mail, ...rest } = handlers;
  const { redis, auditCheckpoints, ...options } = opts;
  const worker = new Worker({
    ...options,
    source: redis ? (await import('../jobs/redis/source.js')).bullmqSource(redis) : undefined,
    handlers: opts.mailer ? { ...rest, 'mail.send': mail } : rest,
    recurring: recurringJobs(opts.mailWindowMs, auditCheckpoints),
  });
  worker.start();
  return worker;
}
