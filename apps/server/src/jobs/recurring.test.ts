import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { iso } from '../lib/clock.js';
import { handlers } from '../worker/handlers/index.js';
import { enqueue, enqueueAny } from './queue.js';
import type { Recurring } from './recurring.js';
import { recurringJobs } from '../worker/start.js';

const recurring = recurringJobs();
import { memoryLog, openTestDb } from '../../test/jobsDb.js';
import type { TestDb } from '../../test/jobsDb.js';
import { defineHandler } from './types.js';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60_000;

describe('recurring jobs', () => {
  it('are enqueued once per slot however many workers schedule them', async () => {
    let now = new Date('2030-03-01T10:00:30.000Z');
    const clock = { now: () => now };
    const ticks: string[] = [];
    const tick = {
      'tick.test': defineHandler({
        schema: z.object({}),
        run: async (_p, ctx) => void ticks.push(iso(ctx.clock.now())),
      }),
    };
    // every() is typed against the registry; a test job is declared by hand.
    const minutely: Recurring[] = [{ name: 'tick.test', intervalMs: 60_000, payload: {} }];
    const workers = [t.db, t.connect().db, t.connect().db].map((db) =>
      t.worker({ db, handlers: tick, log: memoryLog().log, clock, recurring: minutely }),
    );
    const ran = async () => (await Promise.all(workers.map((w) => w.runUntilIdle()))).reduce((a, b) => a + b, 0);
    expect(await ran()).toBe(1);
    expect(await ran()).toBe(0);
    now = new Date('2030-03-01T10:00:59.000Z');
    expect(await ran()).toBe(0);
    now = new Date('2030-03-01T10:01:00.000Z');
    expect(await ran()).toBe(1);
    // A worker that was down for three slots runs the current one, not a backlog.
    now = new Date('2030-03-01T10:04:10.000Z');
    expect(await ran()).toBe(1);
    expect(ticks).toHaveLength(3);
    const rows = await t.db
      .selectFrom('jobs')
      .select(['run_at', 'dedupe_key'])
      .where('name', '=', 'tick.test')
      .orderBy('run_at')
      .execute();
    expect(rows.map((r) => r.run_at)).toEqual([
      '2030-03-01T10:00:00.000Z',
      '2030-03-01T10:01:00.000Z',
      '2030-03-01T10:04:00.000Z',
    ]);
  });

  it('include jobs.cleanup, which deletes done jobs after 7 days and failed ones after 30', async () => {
    expect(recurring.map((r) => r.name)).toContain('jobs.cleanup');
    const now = new Date('2030-06-30T00:00:00.000Z');
    const ago = (days: number) => iso(new Date(now.getTime() - days * DAY));
    const make = async (status: 'done' | 'failed' | 'queued', finishedDaysAgo: number | null) => {
      const id = (await enqueueAny(t.db, 'old.test', {}))!;
      await t.db
        .updateTable('jobs')
        .set({ status, finished_at: finishedDaysAgo === null ? null : ago(finishedDaysAgo), run_at: ago(40) })
        .where('id', '=', id)
        .execute();
      return id;
    };
    const keep = [await make('done', 6), await make('failed', 29), await make('queued', null)];
    const drop = [await make('done', 8), await make('failed', 31)];
    const cleanup = await enqueue(t.db, 'jobs.cleanup', {}, { runAt: now });
    const w = t.worker({ handlers, log: memoryLog().log, clock: { now: () => now } });
    expect(await w.runUntilIdle()).toBe(1);
    const left = (
      await t.db
        .selectFrom('jobs')
        .select('id')
        .where('id', 'in', [...keep, ...drop, cleanup!])
        .execute()
    ).map((r) => r.id);
    expect(left.sort((a, b) => a - b)).toEqual([...keep, cleanup].sort((a, b) => a! - b!));
  });
});
