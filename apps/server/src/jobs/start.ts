import type { Db, Dialect } from '../db/index.js';
import type { Clock } from '../lib/clock.js';
import type { Mailer } from '../mail/mailer.js';
import type { BlobStore } from '../storage/index.js';
import { handlers } from './handlers/index.js';
import { every } from './recurring.js';
import type { JobLog } from './types.js';
import { Worker } from './worker.js';

/** Work every deployment runs; `every` dedupes per slot, so each runs once however many workers. */
export const recurring = [
  every('jobs.cleanup', 60 * 60_000, {}),
  every('rateLimits.sweep', 10 * 60_000, {}),
  every('storage.cleanup', 30 * 60_000, {}),
  every('search.ftsMerge', 60 * 60_000, {}),
  // Batched notification mail: each minute, the groups whose window has passed.
  every('notifications.mail', 60_000, {}),
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
}): Worker {
  const { 'mail.send': mail, ...rest } = handlers;
  const worker = new Worker({ ...opts, handlers: opts.mailer ? { ...rest, 'mail.send': mail } : rest, recurring });
  worker.start();
  return worker;
}
