import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { SyncSettings } from '../config/config.js';
import type { Db, Dialect } from '../db/index.js';
import { isConnectionError, whileUnreachable } from '../db/connectionErrors.js';
import { systemClock } from '../lib/clock.js';
import type { Clock } from '../lib/clock.js';
import type { Mailer } from '../lib/mailMessage.js';
import type { BlobStore } from '../storage/index.js';
import { backoffMs } from './backoff.js';
import { PermanentJobError } from './errors.js';
import { ProgressWriter } from './progress.js';
import { NOTIFICATION_MAIL_WINDOW_MINUTES } from '@brandvault/contract';
import { enqueueDueSlots } from './recurring.js';
import type { Recurring } from './recurring.js';
import { Permanent, describe, parsePayload, resultText } from './attempt.js';
import { enqueueDueSchedules } from './schedules.js';
import { databaseSource } from './source.js';
import type { AttemptEnd, JobSource } from './source.js';
import { markDone, markFailed, rewritePayload, writeProgress } from './store.js';
import { recordJobAttempt } from '../lib/metrics.js';
import type { Claim, JobRow } from './store.js';
import type { Handlers, JobContext, JobLog, JobUnits } from './types.js';
import type { WorkerOptions } from './workerOptions.js';

export type { WorkerOptions } from './workerOptions.js';

/**
 * A job's lease: renewed every 10 s while its handler runs, so a killed worker's job is run again
 * within about 45 s (the lease plus half of it between looks for expired ones), not minutes.
 */
export const JOB_LEASE_MS = 30_000;

/** The longest wait between looks at a queue that cannot be reached (the database or Redis away). */
const MAX_POLL_BACKOFF_MS = 5000;

/** A worker not told the sync settings: no roots, so a sync run finds its source outside them. */
const NO_SYNC: SyncSettings = { roots: [], settleMs: 3000, watch: false, maxUploadBytes: 0 };

/**
 * Runs due jobs from the `jobs` table (or from BullMQ with the `bullmqSource` driver). Any number
 * of workers, in any number of processes, may share a queue: claims are atomic and leased, so a job runs once at a time, and a job whose
 * worker died is run again when its lease expires. Only jobs named in `handlers` are claimed, so
 * an older worker never takes (and fails) a job it does not know.
 */
export class Worker {
  readonly id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly db: Db;
  private readonly dialect: Dialect;
  private readonly handlers: Handlers;
  private readonly storage: BlobStore | undefined;
  private readonly dataDir: string | undefined;
  private readonly mailer: Mailer | undefined;
  private readonly appUrl: string | undefined;
  private readonly notificationPublished: (userId: number, notificationId: number) => void;
  private readonly mailWindowMs: number;
  private readonly appKey: string | undefined;
  private readonly sync: SyncSettings;
  private readonly progressIntervalMs: number | undefined;
  private readonly schedules: boolean;
  private readonly schedulesEveryMs: number;
  private lastScheduleScan = 0;
  private readonly names: string[];
  private readonly log: JobLog;
  private readonly clock: Clock;
  private readonly concurrency: number;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly recurring: Recurring[];
  private readonly slotsSeen = new Map<string, number>();
  private readonly source: JobSource;
  private readonly units: JobUnits | undefined;
  private readonly inFlight = new Map<Promise<void>, number>();
  /** Jobs of each name running now: for handlers' own `concurrency` and the analyses' share of slots. */
  private readonly runningByName = new Map<string, number>();
  private loop: Promise<void> | null = null;
  private stopping = false;
  private wakeUp: (() => void) | null = null;
  private woken = false;

  constructor(opts: WorkerOptions) {
    this.db = opts.db;
    this.dialect = opts.dialect;
    this.handlers = opts.handlers;
    this.storage = opts.storage;
    this.dataDir = opts.dataDir;
    this.mailer = opts.mailer;
    this.appUrl = opts.appUrl;
    this.notificationPublished = opts.notificationPublished ?? (() => undefined);
    this.mailWindowMs = opts.mailWindowMs ?? NOTIFICATION_MAIL_WINDOW_MINUTES * 60_000;
    this.appKey = opts.appKey;
    this.sync = opts.sync ?? NO_SYNC;
    this.progressIntervalMs = opts.progressIntervalMs;
    this.schedules = opts.schedules ?? true;
    this.schedulesEveryMs = opts.schedulesEveryMs ?? 5000;
    this.names = Object.keys(opts.handlers);
    this.log = opts.log;
    this.clock = opts.clock ?? systemClock;
    this.concurrency = Math.max(1, opts.concurrency ?? 2);
    this.pollMs = opts.pollMs ?? 250;
    this.leaseMs = opts.leaseMs ?? JOB_LEASE_MS;
    this.recurring = (opts.recurring ?? []).filter((r) => {
      if (r.name in this.handlers) return true;
      this.log.warn({ job: r.name }, 'recurring job has no handler here; not scheduled');
      return false;
    });
    this.units = opts.units?.(this.db, () => this.wake());
    this.source = (opts.source ?? databaseSource)({
      db: this.db,
      dialect: this.dialect,
      clock: this.clock,
      log: this.log,
      leaseMs: this.leaseMs,
      workerId: this.id,
    });
  }

  get running(): number {
    return this.inFlight.size;
  }

  /** Polls in the background until stop(). */
  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.loop = this.pollLoop();
    this.log.info({ worker: this.id, jobs: this.names, concurrency: this.concurrency }, 'job worker started');
  }

  /** Stops claiming and resolves once the jobs already running have finished. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.loop;
    this.loop = null;
    await Promise.allSettled([...this.inFlight.keys()]);
    await this.source.close();
  }

  /** Looks at the queue now instead of at the next poll (e.g. after a commit that enqueued). */
  wake(): void {
    this.source.nudge();
    this.woken = true;
    this.wakeUp?.();
  }

  /**
   * Runs jobs until none is due and none is running; returns how many ran. For tests and
   * scripts: do not mix with start().
   */
  async runUntilIdle(): Promise<number> {
    let started = 0;
    await this.housekeeping(true);
    for (;;) {
      started += await this.fill();
      if (this.inFlight.size === 0) return started;
      await Promise.race(this.inFlight.keys());
    }
  }

  private async pollLoop(): Promise<void> {
    let failures = 0;
    while (!this.stopping) {
      try {
        await this.housekeeping(false);
        await this.fill();
        if (failures > 0) this.log.warn({ worker: this.id, failures }, 'job queue reachable again');
        failures = 0;
      } catch (err) {
        // The database may be briefly away (restart, failover): keep polling, ever less often,
        // and say so once per outage rather than at every look.
        if (failures === 0) this.log.error({ err, worker: this.id }, 'job queue poll failed; retrying');
        failures += 1;
      }
      if (this.stopping) break;
      if (this.woken && failures === 0) {
        // A job finished or someone called wake() while we were busy: look again at once.
        this.woken = false;
        continue;
      }
      await new Promise<void>((resolve) => {
        const wait = failures ? Math.min(this.pollMs * 2 ** failures, MAX_POLL_BACKOFF_MS) : this.pollMs;
        const timer = setTimeout(done, wait);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.wakeUp = done;
      });
      this.wakeUp = null;
      this.woken = false;
    }
  }

  /**
   * Enqueues recurring slots and the due runs of scheduled rows (at most every
   * `schedulesEveryMs`), then the driver's own work (requeueing jobs of dead workers, sending
   * the outbox, which then holds those runs too).
   */
  private async housekeeping(force: boolean): Promise<void> {
    const now = this.clock.now();
    if (this.recurring.length > 0) await enqueueDueSlots(this.db, this.recurring, now, this.slotsSeen);
    if (this.schedules && (force || Date.now() - this.lastScheduleScan >= this.schedulesEveryMs)) {
      this.lastScheduleScan = Date.now();
      const n = await enqueueDueSchedules(this.db, this.names, now);
      if (n > 0) this.log.debug({ count: n }, 'enqueued scheduled jobs');
    }
    await this.source.housekeeping(now, force);
  }

  /** Claims jobs until every slot is busy or none is due; returns how many it started. */
  private async fill(): Promise<number> {
    let started = 0;
    while (!this.stopping && this.inFlight.size < this.concurrency) {
      const job = await this.claimNext();
      if (!job) break;
      started += 1;
      this.runningByName.set(job.name, (this.runningByName.get(job.name) ?? 0) + 1);
      const p: Promise<void> = this.execute(job).finally(() => {
        this.inFlight.delete(p);
        this.runningByName.set(job.name, (this.runningByName.get(job.name) ?? 1) - 1);
        this.wake();
      });
      this.inFlight.set(p, job.id);
    }
    return started;
  }

  /**
   * The next job: any other due job first (oldest first on the database, each name in turn on
   * BullMQ), a low-priority one (analyses, backfills) only when none is. So while other jobs keep
   * coming analyses may wait indefinitely, the only jobs that can starve. A started analysis keeps
   * its slot for seconds, so with two slots or more one is always left to the other jobs: an
   * upload's thumbnail never waits behind OCR runs (the analyses share one thread anyway).
   */
  private async claimNext(): Promise<JobRow | null> {
    for (;;) {
      const names = this.claimableNames();
      if (names.length === 0) return null;
      const lowFree = this.concurrency === 1 || this.lowRunning() < this.concurrency - 1;
      const low = lowFree ? names.filter((n) => this.handlers[n]!.priority === 'low') : [];
      const first = names.filter((n) => this.handlers[n]!.priority !== 'low');
      const job =
        (first.length ? await this.source.claim(first, this.id, this.clock.now()) : null) ??
        (low.length ? await this.source.claim(low, this.id, this.clock.now()) : null);
      if (job) return job;
      // A limited kind may have finished while we asked for the others: ask again with it.
      if (names.length === this.claimableNames().length) return null;
    }
  }

  /** Low-priority jobs running now: they may fill every slot but one (see claimNext). */
  private lowRunning(): number {
    let n = 0;
    for (const [name, running] of this.runningByName) if (this.handlers[name]?.priority === 'low') n += running;
    return n;
  }

  /** The names this worker may claim now: a handler at its own limit leaves the free slots to others. */
  private claimableNames(): string[] {
    return this.names.filter((name) => {
      const limit = this.handlers[name]!.concurrency;
      return limit === undefined || (this.runningByName.get(name) ?? 0) < limit;
    });
  }

  private async execute(job: JobRow): Promise<void> {
    const claim: Claim = { id: job.id, lockedBy: this.id, attempt: job.attempts };
    const handler = this.handlers[job.name];
    const ctl = new AbortController();
    const meta = { job: job.name, jobId: job.id, attempt: job.attempts };
    const startedMs = performance.now();
    const heartbeat = setInterval(() => {
      this.source.renew(job, claim, this.clock.now()).then(
        (ours) => {
          if (ours || ctl.signal.aborted) return;
          this.log.warn(meta, 'job lease lost; another worker may run it');
          ctl.abort(new Error('lease lost'));
        },
        (err: unknown) => this.log.warn({ ...meta, err }, 'job lease renewal failed'),
      );
    }, this.leaseMs / 3);
    let timeout: NodeJS.Timeout | undefined;
    const progress = new ProgressWriter(
      (p) => writeProgress(this.db, claim, p),
      (err) => this.log.warn({ ...meta, err }, 'job progress not recorded'),
      this.progressIntervalMs,
    );
    let result: unknown;
    let end: AttemptEnd = null;
    try {
      if (!handler) throw new Permanent(`no handler for job "${job.name}"`);
      const payload = parsePayload(job.payload, handler.schema);
      const ctx = withUnits(this.units, {
        db: this.db,
        dialect: this.dialect,
        clock: this.clock,
        log: this.log,
        storage: this.storage,
        dataDir: this.dataDir,
        mailer: this.mailer,
        appUrl: this.appUrl,
        notificationPublished: this.notificationPublished,
        mailWindowMs: this.mailWindowMs,
        appKey: this.appKey,
        sync: this.sync,
        job: {
          id: job.id,
          name: job.name,
          attempt: job.attempts,
          maxAttempts: job.max_attempts,
          ownerId: job.owner_id,
        },
        signal: ctl.signal,
        progress: (done, of) => progress.report(done, of),
        result: (value) => {
          resultText(value); // refuse what cannot be kept while the handler can still see why
          result = value;
        },
        redactPayload: async (value) => {
          if (!(await rewritePayload(this.db, claim, value))) throw new Error('job no longer held');
        },
      });
      const run = handler.run(payload, ctx);
      if (handler.timeoutMs) {
        const ms = handler.timeoutMs;
        const expired = new Promise<never>((_, reject) => {
          timeout = setTimeout(() => {
            // Reject before aborting: a handler that resolves on abort must not win the race.
            const err = new Error(`timed out after ${ms} ms`);
            reject(err);
            ctl.abort(err);
          }, ms);
        });
        run.catch(() => undefined); // a late rejection after the timeout is not unhandled
        const returned = await Promise.race([run, expired]);
        if (returned !== undefined) result = returned;
      } else {
        const returned = await run;
        if (returned !== undefined) result = returned;
      }
      const text = resultText(result);
      await progress.close();
      const recorded = await whileUnreachable(() =>
        markDone(this.db, claim, this.clock.now(), { result: text, progress: progress.unwritten }),
      );
      if (!recorded) this.log.warn(meta, 'job finished after its lease was taken over');
      else {
        end = { status: 'done' };
        this.log.debug(meta, 'job done');
      }
    } catch (err) {
      await progress.close();
      const permanent = err instanceof Permanent || err instanceof PermanentJobError;
      // A database or Redis outage is not the job's fault: it never uses up the last attempt.
      const spent = job.attempts >= job.max_attempts && !isConnectionError(err);
      const now = this.clock.now();
      const retryAt = permanent || spent ? null : new Date(now.getTime() + backoffMs(job.attempts));
      // The stack goes to the log; the row keeps a short message for the job's owner.
      this.log.warn({ ...meta, err, retryAt }, retryAt ? 'job failed; will retry' : 'job failed for good');
      try {
        if (await whileUnreachable(() => markFailed(this.db, claim, now, describe(err), retryAt, progress.unwritten)))
          end = retryAt ? { status: 'queued', retryAt } : { status: 'failed' };
      } catch (writeErr) {
        // The lease will expire and the job will be retried: no work is lost.
        this.log.error({ ...meta, err: writeErr }, 'could not record job failure');
      }
    } finally {
      clearInterval(heartbeat);
      clearTimeout(timeout);
      recordJobAttempt(
        job.name,
        end ? ({ done: 'done', queued: 'retry', failed: 'failed' } as const)[end.status] : 'lost',
        startedMs,
      );
      await progress.close();
      await this.source.settle(job, end).catch((err: unknown) => this.log.warn({ ...meta, err }, 'job not settled'));
    }
  }
}

/**
 * The job's context with the worker's unit of work. A worker given none (the queue's own tests)
 * fails for good a job that reaches for one.
 */
function withUnits(units: JobUnits | undefined, base: Omit<JobContext, keyof JobUnits>): JobContext {
  if (units) return { ...base, ...units } as JobContext;
  return new Proxy(base, {
    get(target, key) {
      if (typeof key === 'symbol' || key in target) return Reflect.get(target, key);
      throw new PermanentJobError(`this worker has no unit of work (job context "${key}")`);
    },
  }) as JobContext;
}
