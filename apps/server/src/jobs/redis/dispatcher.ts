import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db, Dialect } from '../../db/index.js';
import { systemClock } from '../../lib/clock.js';
import type { Clock } from '../../lib/clock.js';
import type { JobLog } from '../types.js';
import { claimForDispatch, markDispatched } from './outbox.js';
import type { Dispatchable } from './outbox.js';
import type { RedisQueues } from './queues.js';
import { sendOptions } from './queues.js';

export interface DispatcherOptions {
  db: Db;
  dialect: Dialect;
  queues: RedisQueues;
  log: JobLog;
  clock?: Clock;
  /** Rows due within this long are sent now with a BullMQ delay; later ones wait in the table. */
  aheadMs?: number;
  /** A dispatcher that stops between taking rows and sending them is taken over after this long. */
  leaseMs?: number;
  batch?: number;
}

/**
 * Sends committed `queued` rows (the outbox) to BullMQ. Any number of processes may run one: rows
 * are taken atomically and leased, and a row sent twice (a dispatcher that died after sending,
 * before marking) is one BullMQ job, because the job id is the row's id. A rolled-back enqueue
 * left no row, so nothing is sent early or for nothing.
 */
export class Dispatcher {
  readonly id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly clock: Clock;
  private readonly aheadMs: number;
  private readonly leaseMs: number;
  private readonly batch: number;
  private loop: Promise<void> | null = null;
  private stopping = false;
  private wakeUp: (() => void) | null = null;
  private woken = false;

  constructor(private readonly opts: DispatcherOptions) {
    this.clock = opts.clock ?? systemClock;
    this.aheadMs = opts.aheadMs ?? 10 * 60_000;
    this.leaseMs = opts.leaseMs ?? 60_000;
    this.batch = opts.batch ?? 200;
  }

  /** Sends every row due within `aheadMs`; returns how many this call sent. */
  async dispatch(): Promise<number> {
    let sent = 0;
    for (;;) {
      const now = this.clock.now();
      const until = new Date(now.getTime() + this.aheadMs);
      const { db, dialect } = this.opts;
      const rows = await claimForDispatch(db, dialect, this.id, now, until, this.leaseMs, this.batch);
      if (rows.length === 0) return sent;
      await this.send(rows, now);
      await markDispatched(
        db,
        this.id,
        rows.map((r) => r.id),
      );
      sent += rows.length;
      if (rows.length < this.batch) return sent;
    }
  }

  private async send(rows: Dispatchable[], now: Date): Promise<void> {
    const byName = new Map<string, Dispatchable[]>();
    for (const r of rows) byName.set(r.name, [...(byName.get(r.name) ?? []), r]);
    await Promise.all(
      [...byName].map(([name, list]) =>
        this.opts.queues.queue(name).addBulk(
          list.map((r) => ({
            name,
            data: {},
            opts: sendOptions(r.id, new Date(r.run_at).getTime() - now.getTime()),
          })),
        ),
      ),
    );
  }

  /**
   * Dispatches every `everyMs` and at once after nudge(), for a process that enqueues without
   * running a worker (a server with JOBS_IN_SERVER=false); a worker's driver dispatches itself.
   */
  start(everyMs = 1000): void {
    if (this.loop) return;
    this.stopping = false;
    this.loop = (async () => {
      while (!this.stopping) {
        try {
          await this.dispatch();
        } catch (err) {
          this.opts.log.error({ err }, 'job dispatch failed');
        }
        if (this.stopping) break;
        if (this.woken) {
          this.woken = false;
          continue;
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, everyMs);
          function done() {
            clearTimeout(timer);
            resolve();
          }
          this.wakeUp = done;
        });
        this.wakeUp = null;
        this.woken = false;
      }
    })();
  }

  /** Dispatches now (after a commit that enqueued) instead of at the next interval. */
  nudge(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.nudge();
    await this.loop;
    this.loop = null;
  }
}
