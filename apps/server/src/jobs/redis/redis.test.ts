import { Worker as BullWorker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ADMIN, startApp } from '../../../test/harness.js';
import { iso } from '../../lib/clock.js';
import { enqueueAny } from '../queue.js';
import { deleteKeys, memoryLog, openTestDb, testQueue, testRedisUrl } from '../../../test/jobsDb.js';
import type { TestDb } from '../../../test/jobsDb.js';
import { defineHandler } from '../types.js';
import { Dispatcher } from './dispatcher.js';
import { IN_BULLMQ, LEASE_LOST, beginRun } from './outbox.js';
import { RedisQueues, bullmqJobId, rowIdOf } from './queues.js';

// What only the BullMQ driver has (the outbox, Redis locks); the shared job suite runs on it too.
describe.skipIf(testQueue !== 'redis')('jobs on BullMQ', () => {
  let t: TestDb;
  const closing: (() => Promise<unknown>)[] = [];
  beforeAll(async () => {
    t = await openTestDb();
  });
  afterAll(async () => {
    for (const c of closing) await c();
    await t.close();
  });

  const log = memoryLog().log;
  const queues = () => {
    const q = new RedisQueues(t.redisOptions(), log);
    closing.push(() => q.close());
    return q;
  };
  const row = (id: number | null) =>
    t.db.selectFrom('jobs').selectAll().where('id', '=', id!).executeTakeFirstOrThrow();
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  async function until(what: string, test: () => Promise<boolean>, timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs;
    while (!(await test())) {
      if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
      await sleep(25);
    }
  }

  it('sends nothing for a rolled-back enqueue, and a committed one exactly once with two dispatchers', async () => {
    const q1 = queues();
    const q2 = queues();
    const d1 = new Dispatcher({ db: t.db, dialect: t.dialect, queues: q1, log });
    const d2 = new Dispatcher({ db: t.connect().db, dialect: t.dialect, queues: q2, log });
    const counts = () => q1.queue('outbox.test').getJobCounts('waiting', 'delayed', 'active');
    await expect(
      t.db.transaction().execute(async (trx) => {
        await enqueueAny(trx, 'outbox.test', { n: 1 });
        throw new Error('change refused');
      }),
    ).rejects.toThrow('change refused');
    expect((await d1.dispatch()) + (await d2.dispatch())).toBe(0);
    expect(await counts()).toEqual({ waiting: 0, delayed: 0, active: 0 });

    const id = await t.db.transaction().execute((trx) => enqueueAny(trx, 'outbox.test', { n: 2 }));
    const sent = await Promise.all([d1.dispatch(), d2.dispatch()]);
    expect(sent[0] + sent[1]).toBe(1);
    expect(await counts()).toEqual({ waiting: 1, delayed: 0, active: 0 });
    expect(await row(id)).toMatchObject({ status: 'queued', locked_by: IN_BULLMQ });

    // A dispatcher that died after sending, before marking: its lease runs out, the row is sent
    // again, and BullMQ still holds one job (its id is the row's).
    await t.db
      .updateTable('jobs')
      .set({ locked_by: 'dispatch:dead-host:1:x', locked_until: iso(new Date(Date.now() - 1000)) })
      .where('id', '=', id!)
      .execute();
    expect(await d2.dispatch()).toBe(1);
    expect(await counts()).toEqual({ waiting: 1, delayed: 0, active: 0 });

    // Two workers run it once.
    const runs: number[] = [];
    const handlers = {
      'outbox.test': defineHandler({ schema: z.object({ n: z.number() }), run: async ({ n }) => void runs.push(n) }),
    };
    const a = t.worker({ handlers, log });
    const b = t.worker({ db: t.connect().db, handlers, log });
    const ran = await Promise.all([a.runUntilIdle(), b.runUntilIdle()]);
    expect(ran[0] + ran[1]).toBe(1);
    expect(runs).toEqual([2]);
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 1 });
    expect(await counts()).toEqual({ waiting: 0, delayed: 0, active: 0 });
    expect(await q1.queue('outbox.test').getJob(bullmqJobId(id!))).toBeUndefined(); // the row keeps the record
  });

  it('keeps a job enqueued for later as a delayed BullMQ job and runs it after its time', async () => {
    const q = queues();
    const runAt = new Date(Date.now() + 1200);
    const id = await enqueueAny(t.db, 'later.test', {}, { runAt });
    await new Dispatcher({ db: t.db, dialect: t.dialect, queues: q, log }).dispatch();
    expect(await q.queue('later.test').getJobCounts('waiting', 'delayed')).toEqual({ waiting: 0, delayed: 1 });
    let ranAt = 0;
    const w = t.worker({
      handlers: { 'later.test': defineHandler({ schema: z.object({}), run: async () => void (ranAt = Date.now()) }) },
      log,
      pollMs: 20,
    });
    w.start();
    await until('the delayed job', async () => (await row(id)).status === 'done');
    expect(ranAt).toBeGreaterThanOrEqual(runAt.getTime());
  });

  it('re-runs a job whose worker died mid-run once its lock expires, and fails one on its last attempt', async () => {
    const runs: number[] = [];
    const handlers = {
      'crash.test': defineHandler({ schema: z.object({}), run: async (_p, ctx) => void runs.push(ctx.job.id) }),
    };
    const id = await enqueueAny(t.db, 'crash.test', {}, { maxAttempts: 3 });
    const poisoned = await enqueueAny(t.db, 'crash.test', {}, { maxAttempts: 1 });
    await new Dispatcher({ db: t.db, dialect: t.dialect, queues: queues(), log }).dispatch();

    // A worker killed -9 mid-job: it took both jobs under its lock and began their rows, then its
    // connection went away without finishing or renewing anything.
    const connection = new Redis(testRedisUrl, { maxRetriesPerRequest: null });
    const dead = new BullWorker('crash.test', null, {
      connection,
      prefix: t.redisPrefix,
      autorun: false,
      lockDuration: 1500,
    });
    for (let i = 0; i < 2; i++) {
      const job = await dead.getNextJob(`dead:${i}`, { block: false });
      expect(job).toBeDefined();
      expect(await beginRun(t.db, rowIdOf(job!.id), 'dead-host:1:x', new Date(), 1500)).toMatchObject({ kind: 'run' });
    }
    await dead.close(true);
    connection.disconnect();

    const b = t.worker({ handlers, log, leaseMs: 500 });
    expect(await b.runUntilIdle()).toBe(0); // the dead worker's lock still holds
    expect(runs).toEqual([]);
    await until('the stalled job to be re-run', async () => {
      await b.runUntilIdle();
      return (await row(id)).status === 'done' && (await row(poisoned)).status === 'failed';
    });
    expect(runs).toEqual([id]);
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 2, locked_by: null });
    expect(await row(poisoned)).toMatchObject({ status: 'failed', attempts: 1, last_error: LEASE_LOST });
    await sleep(700); // another stalled check: nothing more to run
    expect(await b.runUntilIdle()).toBe(0);
    expect(runs).toEqual([id]);
  });

  it('aborts the handler when its lock is lost, and the job still ends once', async () => {
    const aborted: string[] = [];
    const done: number[] = [];
    const handlers = {
      'lock.test': defineHandler({
        schema: z.object({}),
        run: async (_p, ctx) => {
          if (ctx.job.attempt === 1) {
            await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve()));
            aborted.push(String((ctx.signal.reason as Error).message));
            throw ctx.signal.reason;
          }
          done.push(ctx.job.attempt);
        },
      }),
    };
    const id = await enqueueAny(t.db, 'lock.test', {}, { maxAttempts: 2 });
    const w = t.worker({ handlers, log, leaseMs: 600, pollMs: 20 });
    w.start();
    await until('the job to start', async () => (await row(id)).status === 'running');
    // What a lock lost to a long pause (or a Redis failover) looks like to the worker.
    const redis = new Redis(testRedisUrl);
    closing.push(async () => redis.disconnect());
    expect(await redis.del(`${t.redisPrefix}:lock.test:${bullmqJobId(id!)}:lock`)).toBe(1);
    await until('the abort', async () => aborted.length > 0);
    expect(aborted).toEqual(['lease lost']);
    await until('the retry', async () => (await row(id)).status === 'done', 15_000);
    expect(done).toEqual([2]);
  });

  it('sends a job again when Redis lost it, under the same id', async () => {
    const q = queues();
    const runs: number[] = [];
    const handlers = {
      'lost.test': defineHandler({ schema: z.object({}), run: async (_p, ctx) => void runs.push(ctx.job.id) }),
    };
    const id = await enqueueAny(t.db, 'lost.test', {});
    await new Dispatcher({ db: t.db, dialect: t.dialect, queues: q, log }).dispatch();
    await q.queue('lost.test').obliterate({ force: true }); // a Redis restarted without persistence
    expect(await row(id)).toMatchObject({ status: 'queued', locked_by: IN_BULLMQ });
    expect(await t.worker({ handlers, log }).runUntilIdle()).toBe(1);
    expect(runs).toEqual([id]);
  });

  it('serves the app: a request queues mail that the server sends through BullMQ', async () => {
    const prefix = `${t.redisPrefix}-app`;
    const app = await startApp({ REDIS_URL: testRedisUrl, REDIS_PREFIX: prefix });
    closing.push(async () => {
      await app.close();
      await deleteKeys(testRedisUrl, prefix);
    });
    const res = await app.client().post('/api/auth/forgot-password', { email: ADMIN.email });
    expect(res.statusCode).toBe(200);
    const [mail] = await app.waitForMails(ADMIN.email);
    expect(mail).toBeDefined();
    const sent = await app.built.handle.db
      .selectFrom('jobs')
      .selectAll()
      .where('name', '=', 'mail.send')
      .executeTakeFirstOrThrow();
    expect(sent).toMatchObject({ status: 'done', attempts: 1 });
    // It went through the mail.send queue under the app's prefix (BullMQ keeps its event stream).
    const redis = new Redis(testRedisUrl);
    closing.push(async () => redis.disconnect());
    expect(await redis.keys(`${prefix}:mail.send:*`)).toContain(`${prefix}:mail.send:events`);
  });
});
