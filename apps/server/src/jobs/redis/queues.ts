import { Queue } from 'bullmq';
import type { JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import type { JobLog } from '../types.js';

/** Where the BullMQ driver keeps its queues (REDIS_URL, REDIS_PREFIX). */
export interface RedisQueueOptions {
  url: string;
  /** Namespaces every key, so deployments (or test runs) can share one Redis. */
  prefix: string;
}

/** A job's BullMQ id is its row's id (BullMQ refuses ids that are bare integers). */
export const bullmqJobId = (rowId: number) => `job-${rowId}`;
export const rowIdOf = (jobId: string | undefined) => (jobId?.startsWith('job-') ? Number(jobId.slice(4)) : NaN);

/**
 * Options of every job sent: BullMQ carries only the row's id (the payload stays in the row, so a
 * redacted secret is never copied to Redis) and forgets the job once it ends (the row keeps it).
 * Attempts and backoff are the worker's, from the row (max_attempts, backoff.ts).
 */
export const sendOptions = (rowId: number, delayMs: number): JobsOptions => ({
  jobId: bullmqJobId(rowId),
  delay: Math.max(0, Math.round(delayMs)),
  removeOnComplete: true,
  removeOnFail: true,
});

/** One connection and a BullMQ queue per job name, so a worker takes only the jobs it has handlers for. */
export class RedisQueues {
  readonly connection: Redis;
  private readonly queues = new Map<string, Queue>();

  constructor(
    readonly opts: RedisQueueOptions,
    private readonly log: JobLog,
  ) {
    // BullMQ needs commands that wait for Redis to come back rather than fail after a few retries.
    this.connection = new Redis(opts.url, { maxRetriesPerRequest: null });
  }

  get prefix(): string {
    return this.opts.prefix;
  }

  queue(name: string): Queue {
    let q = this.queues.get(name);
    if (!q) {
      q = new Queue(name, { connection: this.connection, prefix: this.opts.prefix });
      q.on('error', (err) => this.log.warn({ err, queue: name }, 'job queue connection error'));
      this.queues.set(name, q);
    }
    return q;
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.queues.values()].map((q) => q.close()));
    this.queues.clear();
    await this.connection.quit().catch(() => this.connection.disconnect());
  }
}
