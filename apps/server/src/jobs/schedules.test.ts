import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { iso } from '../lib/clock.js';
import { handlers } from '../worker/handlers/index.js';
import { enqueueDueSchedules, nextRunAfter, removeSchedule, saveSchedule } from './schedules.js';
import { memoryLog, openTestDb } from '../../test/jobsDb.js';
import type { TestDb } from '../../test/jobsDb.js';
import { defineHandler } from './types.js';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t.close());

const at = (s: string) => new Date(`2030-05-01T${s}.000Z`);
const schedule = (key: string) =>
  t.db.selectFrom('job_schedules').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
const jobsOf = (name: string) =>
  t.db
    .selectFrom('jobs')
    .select(['id', 'payload', 'status', 'run_at'])
    .where('name', '=', name)
    .orderBy('id')
    .execute();

describe('scheduled rows', () => {
  it('count the next run from the previous one, skipping slots missed', () => {
    expect(iso(nextRunAfter(at('10:00:00'), 60, at('10:00:00')))).toBe(iso(at('10:01:00')));
    expect(iso(nextRunAfter(at('10:00:00'), 60, at('10:00:59')))).toBe(iso(at('10:01:00')));
    expect(iso(nextRunAfter(at('10:00:00'), 60, at('10:05:30')))).toBe(iso(at('10:06:00')));
  });

  it('refuse an interval under a minute', async () => {
    await expect(saveSchedule(t.db, { key: 'x', name: 'jobs.cleanup', payload: {}, everySeconds: 5 })).rejects.toThrow(
      /at least 60/,
    );
  });

  it('run each on its own interval, once however many workers look, and never overlap a run', async () => {
    let now = at('10:00:00');
    const clock = { now: () => now };
    const ran: unknown[] = [];
    const sync = {
      'jobs.cleanup': defineHandler({
        ...handlers['jobs.cleanup'],
        run: async (p) => void ran.push(p),
      }),
    };
    const workers = [t.db, t.connect().db, t.connect().db].map((db) =>
      t.worker({ db, handlers: sync, log: memoryLog().log, clock }),
    );
    const tick = async () => (await Promise.all(workers.map((w) => w.runUntilIdle()))).reduce((a, b) => a + b, 0);

    await saveSchedule(t.db, { key: 'nas:1', name: 'jobs.cleanup', payload: { doneDays: 1 }, everySeconds: 60 }, clock);
    await saveSchedule(
      t.db,
      { key: 'nas:2', name: 'jobs.cleanup', payload: { doneDays: 2 }, everySeconds: 300, firstRunAt: now },
      clock,
    );
    // nas:2 starts at once; nas:1 after its first interval.
    expect(await tick()).toBe(1);
    expect(ran).toEqual([{ doneDays: 2, failedDays: 30 }]);
    expect((await schedule('nas:2')).next_run_at).toBe(iso(at('10:05:00')));

    now = at('10:01:10');
    expect(await tick()).toBe(1);
    expect(await tick()).toBe(0);
    expect(ran.at(-1)).toEqual({ doneDays: 1, failedDays: 30 });
    expect((await schedule('nas:1')).next_run_at).toBe(iso(at('10:02:00')));

    // Enqueued but not run yet (no worker looked): the next slot of nas:1 is skipped, not doubled.
    now = at('10:02:00');
    expect(await enqueueDueSchedules(t.db, ['jobs.cleanup'], now)).toBe(1);
    now = at('10:03:00');
    expect(await enqueueDueSchedules(t.db, ['jobs.cleanup'], now)).toBe(0);
    expect((await schedule('nas:1')).next_run_at).toBe(iso(at('10:04:00')));
    expect(await tick()).toBe(1);

    // Disabled, replaced and removed schedules.
    await saveSchedule(
      t.db,
      { key: 'nas:1', name: 'jobs.cleanup', payload: { doneDays: 9 }, everySeconds: 60, enabled: false },
      clock,
    );
    now = at('10:30:00');
    expect(await tick()).toBe(1); // nas:2 only
    expect(ran.at(-1)).toEqual({ doneDays: 2, failedDays: 30 });
    expect(await removeSchedule(t.db, 'nas:2')).toBe(true);
    await saveSchedule(t.db, { key: 'nas:1', name: 'jobs.cleanup', payload: { doneDays: 9 }, everySeconds: 60 }, clock);
    now = at('11:00:00');
    expect(await tick()).toBe(1);
    expect(ran.at(-1)).toEqual({ doneDays: 9, failedDays: 30 });
    expect((await jobsOf('jobs.cleanup')).every((j) => j.status === 'done')).toBe(true);
  });

  it('are left to a worker that has the handler', async () => {
    await saveSchedule(t.db, {
      key: 'other',
      name: 'storage.cleanup',
      payload: {},
      everySeconds: 60,
      firstRunAt: at('09:00:00'),
    });
    const w = t.worker({
      log: memoryLog().log,
      handlers: { 'only.this': defineHandler({ schema: z.object({}), run: async () => undefined }) },
    });
    await w.runUntilIdle();
    expect(await jobsOf('storage.cleanup')).toEqual([]);
  });
});
