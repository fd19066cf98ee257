import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TestClock } from '../../test/harness.js';
import { iso } from '../lib/clock.js';
import { enqueueAny } from './queue.js';
import { memoryLog, openTestDb, testQueue } from '../../test/jobsDb.js';
import type { TestDb } from '../../test/jobsDb.js';
import { defineHandler } from './types.js';
import type { Handlers } from './types.js';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t.close());

const row = (id: number | null) => t.db.selectFrom('jobs').selectAll().where('id', '=', id!).executeTakeFirstOrThrow();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('several workers', () => {
  it('never run the same job twice: 50 jobs, 2 workers on separate connections', async () => {
    const runs = new Map<number, string[]>();
    // Worker a holds its first jobs until b has run one (5 s at most), so both take part however
    // fast a starts: on a loaded machine a could otherwise drain the queue before b connects.
    let bRan!: () => void;
    const bHasRun = new Promise<void>((resolve) => (bRan = resolve));
    const handlersFor = (who: string): Handlers => ({
      'count.test': defineHandler({
        schema: z.object({ i: z.number() }),
        run: async ({ i }) => {
          if (who === 'a') await Promise.race([bHasRun, sleep(5000)]);
          else bRan();
          await sleep(Math.random() * 5); // keep both workers' claims interleaved
          runs.set(i, [...(runs.get(i) ?? []), who]);
        },
      }),
    });
    const ids: number[] = [];
    for (let i = 0; i < 50; i++) ids.push((await enqueueAny(t.db, 'count.test', { i }))!);
    const other = t.connect();
    const a = t.worker({ handlers: handlersFor('a'), log: memoryLog().log, concurrency: 4 });
    const b = t.worker({ db: other.db, handlers: handlersFor('b'), log: memoryLog().log, concurrency: 4 });
    const [ranA, ranB] = await Promise.all([a.runUntilIdle(), b.runUntilIdle()]);
    expect(ranA + ranB).toBe(50);
    expect([...runs.keys()].sort((x, y) => x - y)).toEqual([...Array(50).keys()]);
    for (const who of runs.values()) expect(who).toHaveLength(1);
    // Both took part (a worker that claimed everything alone would prove nothing).
    expect(new Set([...runs.values()].flat())).toEqual(new Set(['a', 'b']));
    const rows = await t.db.selectFrom('jobs').select(['status', 'attempts']).where('id', 'in', ids).execute();
    expect(rows.every((r) => r.status === 'done' && r.attempts === 1)).toBe(true);
  });

  // The row's lease is the database driver's; redis/redis.test.ts kills a BullMQ worker mid-job.
  it.skipIf(testQueue === 'redis')(
    're-run a job left running by a crashed worker once its lease has expired',
    async () => {
      const clock = new TestClock();
      const done: number[] = [];
      const handlers = {
        'crash.test': defineHandler({ schema: z.object({ n: z.number() }), run: async ({ n }) => void done.push(n) }),
      };
      const w = t.worker({ handlers, log: memoryLog().log, clock, leaseMs: 60_000 });
      // What a worker killed mid-job leaves behind: claimed, leased, never finished.
      const id = await enqueueAny(t.db, 'crash.test', { n: 1 }, { maxAttempts: 3 });
      const poisoned = await enqueueAny(t.db, 'crash.test', { n: 2 }, { maxAttempts: 1 });
      for (const [jobId, attempts] of [
        [id, 1],
        [poisoned, 1],
      ] as const) {
        await t.db
          .updateTable('jobs')
          .set({
            status: 'running',
            attempts,
            locked_by: 'dead-host:1:x',
            locked_until: iso(new Date(clock.now().getTime() + 60_000)),
          })
          .where('id', '=', jobId!)
          .execute();
      }
      expect(await w.runUntilIdle()).toBe(0); // the lease still holds
      clock.advance(61_000);
      expect(await w.runUntilIdle()).toBe(1);
      expect(done).toEqual([1]);
      expect(await row(id)).toMatchObject({ status: 'done', attempts: 2, locked_by: null });
      // A job that was on its last attempt when its worker died fails instead of looping for ever.
      expect(await row(poisoned)).toMatchObject({ status: 'failed', attempts: 1 });
      expect((await row(poisoned)).last_error).toContain('lease expired');
    },
  );

  it('keep a long job leased while it runs, so others do not take it over', async () => {
    let runs = 0;
    const handlers = {
      'long.test': defineHandler({
        schema: z.object({}),
        run: async () => {
          runs += 1;
          await sleep(1000);
        },
      }),
    };
    const a = t.worker({ handlers, log: memoryLog().log, leaseMs: 450 });
    const b = t.worker({ db: t.connect().db, handlers, log: memoryLog().log, leaseMs: 450 });
    const id = await enqueueAny(t.db, 'long.test', {});
    const running = a.runUntilIdle();
    for (let i = 0; i < 9; i++) {
      await sleep(100);
      expect(await b.runUntilIdle()).toBe(0); // reaps expired leases first: there must be none
    }
    expect(await running).toBe(1);
    expect(runs).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it("run at most a handler's own limit of its kind at once, leaving the other slots to other jobs", async () => {
    const events: string[] = [];
    let encoding = 0;
    let mostEncoding = 0;
    let mailed = 0;
    let allMailed!: () => void;
    const mailDone = new Promise<void>((resolve) => (allMailed = resolve));
    const handlers: Handlers = {
      'encode.test': defineHandler({
        schema: z.object({ n: z.number() }),
        concurrency: 1,
        run: async ({ n }) => {
          encoding += 1;
          mostEncoding = Math.max(mostEncoding, encoding);
          // The first encode holds its slot until every mail has gone: they must not wait behind it.
          if (n === 1) await mailDone;
          events.push(`encode ${n}`);
          encoding -= 1;
        },
      }),
      'mail.test': defineHandler({
        schema: z.object({ n: z.number() }),
        run: async ({ n }) => {
          events.push(`mail ${n}`);
          if (++mailed === 3) allMailed();
        },
      }),
    };
    for (const n of [1, 2, 3]) await enqueueAny(t.db, 'encode.test', { n });
    for (const n of [1, 2, 3]) await enqueueAny(t.db, 'mail.test', { n });
    const w = t.worker({ handlers, log: memoryLog().log, concurrency: 3 });
    expect(await w.runUntilIdle()).toBe(6);
    expect(mostEncoding).toBe(1);
    expect(events.slice(0, 3).sort()).toEqual(['mail 1', 'mail 2', 'mail 3']);
    expect(events.slice(3)).toEqual(['encode 1', 'encode 2', 'encode 3']);
  });
});
