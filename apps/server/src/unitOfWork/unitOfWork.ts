import type { Db } from '../db/index.js';
import { emit as emitEvent } from '../events/emit.js';
import type { EventName, EventPayload } from '../events/catalogue.js';
import type { Clock } from '../lib/clock.js';
import type { AnyContext } from '../lib/requestContext.js';
import type { JobName, JobPayload } from '../jobs/payloads.js';
import { enqueue as enqueueJob } from '../jobs/queue.js';
import type { EnqueueOptions } from '../jobs/queue.js';
import type { MailMessage } from '../mail/mailer.js';
import { queueMail } from '../mail/queueMail.js';
import type { QueueMailOptions } from '../mail/queueMail.js';
import type { AuditEvent } from './auditEvent.js';

/** What writes audit entries into a transaction (modules/audit/audit.trail.ts). */
export interface AuditWriter {
  record(tx: Db, ctx: AnyContext, e: AuditEvent): Promise<unknown>;
  recordMany(tx: Db, ctx: AnyContext, events: AuditEvent[]): Promise<unknown>;
}

/** A transaction and the repositories over it. */
export interface Tx<R> {
  /** The transaction itself, for helpers that take a connection. */
  readonly db: Db;
  readonly repos: R;
}

/** Work in one transaction: its rows, and the events, mail and jobs it causes (no audit entry). */
export interface Work<R> extends Tx<R> {
  /** Enqueues the event's subscribed jobs; the worker is woken after commit when there are any. */
  emit<E extends EventName>(name: E, payload: EventPayload<E>, opts?: { clock?: Clock }): Promise<number[]>;
  /** Enqueues a job; the worker is woken after commit. */
  enqueue<N extends JobName>(name: N, payload: JobPayload<N>, opts?: EnqueueOptions): Promise<number | null>;
  /** Queues a mail (mail/queueMail.ts); the worker is woken after commit. */
  mail(msg: MailMessage, opts?: QueueMailOptions): Promise<number | null>;
  /** Wakes the worker after commit, for jobs a helper enqueued through `db` itself. */
  wake(): void;
}

/** One change a user makes: its rows, its audit entries, and the events, mail and jobs it causes. */
export interface Unit<R> extends Work<R> {
  /** An audit entry of the change's context (`ctx` when another actor stands for it, e.g. a link's user). */
  audit(e: AuditEvent, ctx?: AnyContext): Promise<void>;
  /** Several entries, in order (one per row of a bulk change). */
  auditMany(events: AuditEvent[]): Promise<void>;
}

/** PostgreSQL ended the transaction to let another go on: a deadlock or a serialization failure. */
const raceEnded = (err: unknown) => {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
};

export type Change<R> = <T>(ctx: AnyContext, fn: (u: Unit<R>) => Promise<T>) => Promise<T>;
export type RunTx<R> = <T>(fn: (t: Work<R>) => Promise<T>) => Promise<T>;

/**
 * `change(ctx, fn)`: one transaction for one change, with its audit entries, events, mail and
 * jobs, and the worker woken once it has committed (never before: it would find nothing).
 * `tx(fn)`: a transaction with its repositories, events, mail and jobs, for work nobody asked for
 * (no audit entry: a job's own bookkeeping, a download marked ready).
 */
export function unitOfWork<R>(opts: {
  db: Db;
  repos: (db: Db) => R;
  audit: AuditWriter;
  /** Read at each commit: the in-process worker is set once it has started. */
  wake: () => void;
}): { change: Change<R>; tx: RunTx<R> } {
  const { db, repos, audit: writer } = opts;
  /**
   * Runs `fn` in a transaction; the worker is woken once it has committed, if `fn` gave it work.
   * PostgreSQL may end it to break a deadlock or a serialization failure with another change (a
   * job's trigger taking the same rows in the other order): nothing of it was kept, so it runs
   * again, up to three times, and the person never sees a 500 for a race they did not cause.
   */
  async function inTx<T>(fn: (trx: Db, work: Work<R>) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await once(fn);
      } catch (err) {
        if (attempt >= 3 || !raceEnded(err)) throw err;
      }
    }
  }
  async function once<T>(fn: (trx: Db, work: Work<R>) => Promise<T>): Promise<T> {
    let woken = false;
    const result = await db.transaction().execute((trx) =>
      fn(trx, {
        db: trx,
        repos: repos(trx),
        async emit(name, payload, o) {
          const ids = await emitEvent(trx, name, payload, o);
          if (ids.length) woken = true;
          return ids;
        },
        enqueue(name, payload, o) {
          woken = true;
          return enqueueJob(trx, name, payload, o);
        },
        mail(msg, o) {
          woken = true;
          return queueMail(trx, msg, o);
        },
        wake() {
          woken = true;
        },
      }),
    );
    if (woken) opts.wake();
    return result;
  }
  return {
    tx: (fn) => inTx((_trx, work) => fn(work)),
    change: (ctx, fn) =>
      inTx((trx, work) =>
        fn({
          ...work,
          async audit(e, as) {
            await writer.record(trx, as ?? ctx, e);
          },
          async auditMany(events) {
            await writer.recordMany(trx, ctx, events);
          },
        }),
      ),
  };
}
