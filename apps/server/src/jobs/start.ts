import type { Db, Dialect } from '../db/index.js';
import type { Clock } from '../lib/clock.js';
import type { Mailer } from '../mail/mailer.js';
import type { BlobStore } from '../storage/index.js';
import { handlers } from './handlers/index.js';
import { every } from './recurring.js';
import type { JobLog } from './types.js';
import { Worker } from './worker.js';

/**
 * Work every deployment runs; `every` dedupes per slot, so each runs once however many workers.
 * Batched notification mail looks each minute (or each window, when shorter) for the groups whose
 * window has passed.
 */
export const recurringJobs = (mailWindowMs = 60_000) => [
  every('jobs.cleanup', 60 * 60_000, {}),
  every('rateLimits.sweep', 10 * 60_000, {}),
  every('storage.cleanup', 30 * 60_000, {}),
  every('search.ftsMerge', 60 * 60_000, {}),
  every('notifications.mail', Math.min(60_000, mailWindowMs), {}),
  every('downloads.cleanup', 15 * 60_000, {}),
];

/** A worker with every registered handler and the recurring jobs, already polling. */
export function startWorker(opts: {
  db: Db;
  dialect: Dialect;
  log: JobLog;
  storage?: BlobStore;
  dataDir?: string;
  clock?: Clock;
  concurrency?: number;
  pollMs?: number;
  /** Without one, this worker leaves mail.send jobs to a worker that has one. */
  mailer?: Mailer;
  appUrl?: string;
  notificationPublished?: (userId: number, notificationId: number) => void;
  mailWindowMs?: number;
}): Worker {
  const { 'mail.send': mail, ...rest } = handlers;
  const worker = new Worker({
    ...opts,
    handlers: opts.mailer ? { ...rest, 'mail.send': mail } : rest,
    recurring: recurringJobs(opts.mailWindowMs),
  });
  worker.start();
  return worker;
}
