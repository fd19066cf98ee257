import type { Db, Dialect } from '../db/index.js';
import type { Clock } from '../lib/clock.js';
import { claimNext, extendLease, reapExpired } from './store.js';
import type { Claim, JobRow } from './store.js';
import type { JobLog } from './types.js';

/** How an attempt ended, as its row now says; null when the row could not be written (or was lost). */
export type AttemptEnd = { status: 'done' } | { status: 'queued'; retryAt: Date } | { status: 'failed' } | null;

/**
 * Where a worker gets its jobs and how it holds them while they run: the driver. The `jobs` row
 * is the record of every job on every driver (status, attempts, progress, result); the default
 * driver also queues and leases in it, the BullMQ one (redis/source.ts) queues and locks in Redis.
 */
export interface JobSource {
  /** Work due before claiming (requeue jobs of dead workers, send the outbox); `force`: all of it now. */
  housekeeping(now: Date, force: boolean): Promise<void>;
  /** The next due job among `names`, already `running` under `workerId`'s claim; null when none. */
  claim(names: string[], workerId: string, now: Date): Promise<JobRow | null>;
  /** Keeps the claim while the handler runs; false when the job is no longer ours. */
  renew(job: JobRow, claim: Claim, now: Date): Promise<boolean>;
  /** Called once per claimed job after its row says how the attempt ended. */
  settle(job: JobRow, end: AttemptEnd): Promise<void>;
  /** Something was enqueued here: look at once rather than at the next interval. */
  nudge(): void;
  close(): Promise<void>;
}

/** What a driver gets from the worker it serves. */
export interface SourceEnv {
  db: Db;
  dialect: Dialect;
  clock: Clock;
  log: JobLog;
  leaseMs: number;
  workerId: string;
}

export type SourceFactory = (env: SourceEnv) => JobSource;

/** The default driver: the `jobs` table is the queue, claimed atomically and leased (store.ts). */
export const databaseSource: SourceFactory = ({ db, dialect, log, leaseMs }) => {
  let lastReap = 0;
  return {
    async housekeeping(now, force) {
      // At most every half lease: a dead worker's job waits at most 1.5 leases.
      if (!force && Date.now() - lastReap < Math.min(leaseMs / 2, 30_000)) return;
      lastReap = Date.now();
      const n = await reapExpired(db, now);
      if (n > 0) log.warn({ count: n }, 'requeued jobs whose worker stopped');
    },
    claim: (names, workerId, now) => claimNext(db, dialect, names, workerId, now, leaseMs),
    renew: (_job, claim, now) => extendLease(db, claim, now, leaseMs),
    settle: async () => undefined,
    nudge: () => undefined,
    close: async () => undefined,
  };
};
