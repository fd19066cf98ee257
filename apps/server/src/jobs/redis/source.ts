import { UnrecoverableError, Worker as BullWorker } from 'bullmq';
import type { Job } from 'bullmq';
import { extendLease } from '../store.js';
import type { JobRow } from '../store.js';
import type { JobSource, SourceEnv, SourceFactory } from '../source.js';
import { Dispatcher } from './dispatcher.js';
import { LEASE_LOST, beginRun, dispatching, dueInBullmq } from './outbox.js';
import { RedisQueues, rowIdOf, sendOptions } from './queues.js';
import type { RedisQueueOptions } from './queues.js';

export interface BullmqOptions extends RedisQueueOptions {
  /** The outbox is looked at this often besides after each nudge (default 1 s). */
  dispatchEveryMs?: number;
  /** See DispatcherOptions.aheadMs. */
  aheadMs?: number;
}

/**
 * The BullMQ driver: jobs wait in Redis (one queue per job name) and are fetched by the worker's
 * own loop, so concurrency, shutdown and runUntilIdle are the same as on the database driver.
 * The worker's lease is BullMQ's lock (lockDuration), renewed by the worker's heartbeat with the
 * row's lease; a lost lock aborts ctx.signal. A worker killed mid-job leaves an expired lock:
 * BullMQ's stalled check (every half lease, at most 30 s) puts the job back and another worker
 * runs it, counting the attempt in the row. Retries wait as BullMQ delayed jobs (backoff.ts).
 */
export const bullmqSource =
  (opts: BullmqOptions): SourceFactory =>
  (env) =>
    new BullmqSource(opts, env);

const REPAIR_EVERY_MS = 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Held {
  job: Job;
  token: string;
}

class BullmqSource implements JobSource {
  private readonly queues: RedisQueues;
  private readonly dispatcher: Dispatcher;
  private readonly workers = new Map<string, BullWorker>();
  private readonly held = new Map<number, Held>();
  private readonly dispatchEveryMs: number;
  private nudged = true;
  private lastDispatch = 0;
  private lastRepair = Date.now();
  /** When each name last had a job taken (a count of claims), for taking names in turn. */
  private readonly servedAt = new Map<string, number>();
  private served = 0;
  private tokens = 0;

  constructor(
    opts: BullmqOptions,
    private readonly env: SourceEnv,
  ) {
    this.queues = new RedisQueues(opts, env.log);
    this.dispatcher = new Dispatcher({ ...env, queues: this.queues, aheadMs: opts.aheadMs });
    this.dispatchEveryMs = opts.dispatchEveryMs ?? 1000;
  }

  async housekeeping(now: Date, force: boolean): Promise<void> {
    if (force || Date.now() - this.lastDispatch >= this.dispatchEveryMs) await this.dispatch();
    if (!force) {
      // Now and then, jobs BullMQ should have had for a minute are looked up (a Redis that lost its data).
      if (Date.now() - this.lastRepair < REPAIR_EVERY_MS) return;
      this.lastRepair = Date.now();
      return this.promoteDue(new Date(now.getTime() - REPAIR_EVERY_MS));
    }
    // runUntilIdle: what is due includes rows another process is sending and delayed ones due by our clock.
    const deadline = Date.now() + 2000;
    while ((await dispatching(this.env.db, now)) > 0 && Date.now() < deadline) await sleep(10);
    await this.promoteDue(now);
  }

  private async dispatch(): Promise<void> {
    this.nudged = false;
    this.lastDispatch = Date.now();
    await this.dispatcher.dispatch();
  }

  /**
   * Takes the next job among `names`, the name served least recently first, so that no name
   * starves the others whichever subset the worker asks for (it asks for analyses apart, after
   * the rest). BullMQ's own job priority would not help: it orders jobs within one queue, and
   * each name has its queue (there, jobs without a priority go before any prioritized one).
   */
  async claim(names: string[], workerId: string, now: Date): Promise<JobRow | null> {
    // Jobs the last ones enqueued (a nudge follows every job) are sent before looking.
    if (this.nudged) await this.dispatch();
    const turn = (name: string) => this.servedAt.get(name) ?? 0;
    for (const name of [...names].sort((a, b) => turn(a) - turn(b))) {
      for (;;) {
        const token = `${workerId}:${++this.tokens}`;
        const job = await this.worker(name).getNextJob(token, { block: false });
        if (!job) break;
        const row = await this.begin(job, token, workerId, now);
        if (!row) continue;
        this.servedAt.set(name, ++this.served);
        this.held.set(row.id, { job, token });
        return row;
      }
    }
    return null;
  }

  /** The row of a job BullMQ handed over, now running; null when the job was settled instead. */
  private async begin(job: Job, token: string, workerId: string, now: Date): Promise<JobRow | null> {
    const id = rowIdOf(job.id);
    if (!Number.isSafeInteger(id)) {
      await job.moveToFailed(new UnrecoverableError('not a job of this queue'), token, false);
      return null;
    }
    const b = await beginRun(this.env.db, id, workerId, now, this.env.leaseMs);
    if (b.kind === 'run') return b.row;
    if (b.kind === 'early') await job.moveToDelayed(Date.now() + (b.runAt.getTime() - now.getTime()), token);
    else if (b.kind === 'lost') await job.moveToFailed(new UnrecoverableError(LEASE_LOST), token, false);
    else await job.moveToCompleted(null, token, false);
    return null;
  }

  async renew(job: JobRow, claim: Parameters<JobSource['renew']>[1], now: Date): Promise<boolean> {
    const h = this.held.get(job.id);
    if (!h || (await h.job.extendLock(h.token, this.env.leaseMs)) !== 1) return false;
    return extendLease(this.env.db, claim, now, this.env.leaseMs);
  }

  async settle(job: JobRow, end: Parameters<JobSource['settle']>[1]): Promise<void> {
    const h = this.held.get(job.id);
    this.held.delete(job.id);
    // Without an end written to the row, the lock is left to expire and BullMQ hands the job on.
    if (!h || !end) return;
    if (end.status === 'done') await h.job.moveToCompleted(null, h.token, false);
    else if (end.status === 'failed')
      await h.job.moveToFailed(new UnrecoverableError('failed: the row has the error'), h.token, false);
    else {
      const wait = end.retryAt.getTime() - this.env.clock.now().getTime();
      await h.job.moveToDelayed(Date.now() + Math.max(0, wait), h.token);
    }
  }

  nudge(): void {
    this.nudged = true;
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.workers.values()].map((w) => w.close()));
    this.workers.clear();
    await this.queues.close();
  }

  private worker(name: string): BullWorker {
    let w = this.workers.get(name);
    if (!w) {
      const { leaseMs, log } = this.env;
      w = new BullWorker(name, null, {
        connection: this.queues.connection,
        prefix: this.queues.prefix,
        autorun: false,
        lockDuration: leaseMs,
        stalledInterval: Math.max(100, Math.min(leaseMs / 2, 30_000)),
        // The row counts attempts (a stalled job is one) and fails the job at max_attempts.
        maxStalledCount: Number.MAX_SAFE_INTEGER,
      });
      w.on('error', (err) => log.warn({ err, queue: name }, 'job queue connection error'));
      void w.startStalledCheckTimer();
      this.workers.set(name, w);
    }
    return w;
  }

  /**
   * Jobs due by this worker's clock that BullMQ still delays (a test clock moved ahead) or no
   * longer has (Redis lost its data): promoted, or sent again under the same id.
   */
  private async promoteDue(now: Date): Promise<void> {
    for (const r of await dueInBullmq(this.env.db, now, 200)) {
      const queue = this.queues.queue(r.name);
      const job = await queue.getJob(sendOptions(r.id, 0).jobId!);
      if (!job) await queue.add(r.name, {}, sendOptions(r.id, 0));
      else if (await job.isDelayed()) await job.promote().catch(() => undefined);
    }
  }
}
