import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TestClock } from '../../test/harness.js';
import { jobUnits } from '../jobUnits.js';
import { PermanentJobError } from './errors.js';
import { enqueueAny } from './queue.js';
import { memoryLog, openTestDb } from '../../test/jobsDb.js';
import type { TestDb } from '../../test/jobsDb.js';
import { defineHandler } from './types.js';
import type { Handlers } from './types.js';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t.close());

const row = (id: number | null) => t.db.selectFrom('jobs').selectAll().where('id', '=', id!).executeTakeFirstOrThrow();
const worker = (handlers: Handlers, clock = new TestClock(), more: { pollMs?: number } = {}) =>
  t.worker({ handlers, log: memoryLog().log, clock, ...more });
const ms = (a: string, b: string) => new Date(b).getTime() - new Date(a).getTime();

describe('worker', () => {
  it('runs a job once with its parsed payload and marks it done', async () => {
    const seen: { to: string; n: number; attempt: number }[] = [];
    const w = worker({
      'once.test': defineHandler({
        schema: z.object({ to: z.string(), n: z.number().default(3) }),
        run: async (p, ctx) => void seen.push({ ...p, attempt: ctx.job.attempt }),
      }),
    });
    const id = await enqueueAny(t.db, 'once.test', { to: 'a@example.com' });
    expect(await w.runUntilIdle()).toBe(1);
    expect(await w.runUntilIdle()).toBe(0);
    expect(seen).toEqual([{ to: 'a@example.com', n: 3, attempt: 1 }]);
    const r = await row(id);
    expect(r).toMatchObject({ status: 'done', attempts: 1, locked_by: null, locked_until: null, last_error: null });
    expect(r.finished_at).toEqual(expect.any(String));
  });

  it('retries a failing job with growing delays, then fails it for good and keeps the error', async () => {
    const clock = new TestClock();
    let calls = 0;
    const w = worker(
      {
        'flaky.test': defineHandler({
          schema: z.object({}),
          run: async () => {
            calls += 1;
            throw new Error(`upstream said no (${calls})`);
          },
        }),
      },
      clock,
    );
    const id = await enqueueAny(t.db, 'flaky.test', {}, { maxAttempts: 3 });
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await w.runUntilIdle()).toBe(1);
      expect(await w.runUntilIdle()).toBe(0); // not due again until the backoff has passed
      const r = await row(id);
      expect(r.attempts).toBe(attempt);
      expect(r.last_error).toContain(`upstream said no (${attempt})`);
      if (attempt < 3) {
        expect(r.status).toBe('queued');
        const delay = ms(r.updated_at, r.run_at);
        delays.push(delay);
        clock.advance(delay);
      } else {
        expect(r.status).toBe('failed');
        expect(r.finished_at).toEqual(expect.any(String));
      }
    }
    expect(delays[0]).toBeGreaterThanOrEqual(2000);
    expect(delays[0]).toBeLessThanOrEqual(2400);
    expect(delays[1]).toBeGreaterThanOrEqual(4000);
    expect(delays[1]).toBeGreaterThan(delays[0]!);
    clock.advance(3_600_000);
    expect(await w.runUntilIdle()).toBe(0);
    expect(calls).toBe(3);
  });

  it('never fails a job for good because the database was away during its last attempt', async () => {
    const clock = new TestClock();
    let calls = 0;
    const w = worker(
      {
        'outage.test': defineHandler({
          schema: z.object({}),
          run: async () => {
            calls += 1;
            if (calls === 1)
              throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
          },
        }),
      },
      clock,
    );
    const id = await enqueueAny(t.db, 'outage.test', {}, { maxAttempts: 1 });
    expect(await w.runUntilIdle()).toBe(1);
    const after = await row(id);
    expect(after.status).toBe('queued');
    clock.advance(ms(after.updated_at, after.run_at));
    expect(await w.runUntilIdle()).toBe(1);
    expect((await row(id)).status).toBe('done');
  });

  it('fails at once on an invalid payload or a PermanentJobError', async () => {
    let ran = 0;
    const w = worker({
      'strict.test': defineHandler({
        schema: z.object({ assetId: z.number().int() }),
        run: async () => void (ran += 1),
      }),
      'gone.test': defineHandler({
        schema: z.object({}),
        run: async () => {
          throw new PermanentJobError('asset 9 no longer exists');
        },
      }),
    });
    const bad = await enqueueAny(t.db, 'strict.test', { assetId: 'nine' });
    const gone = await enqueueAny(t.db, 'gone.test', {});
    expect(await w.runUntilIdle()).toBe(2);
    expect(ran).toBe(0);
    expect(await row(bad)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await row(bad)).last_error).toMatch(/^invalid payload: assetId: /);
    expect(await row(gone)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await row(gone)).last_error).toContain('asset 9 no longer exists');
  });

  it('fails an attempt that outlives the handler timeout and aborts its signal', async () => {
    let aborted = false;
    const w = worker({
      'slow.test': {
        ...defineHandler({
          schema: z.object({}),
          run: (_p, { signal }) =>
            new Promise<void>((resolve) =>
              signal.addEventListener('abort', () => {
                aborted = true;
                resolve();
              }),
            ),
        }),
        timeoutMs: 50,
      },
    });
    const id = await enqueueAny(t.db, 'slow.test', {}, { maxAttempts: 1 });
    await w.runUntilIdle();
    expect(aborted).toBe(true);
    expect(await row(id)).toMatchObject({ status: 'failed' });
    expect((await row(id)).last_error).toContain('timed out after 50 ms');
  });

  it('stop() waits for the running job, and a started worker picks up new jobs by itself', async () => {
    let release!: () => void;
    let started!: () => void;
    const isStarted = new Promise<void>((r) => (started = r));
    const finished: number[] = [];
    const w = worker(
      {
        'long.test': defineHandler({
          schema: z.object({ n: z.number() }),
          run: async ({ n }) => {
            started();
            await new Promise<void>((r) => (release = r));
            finished.push(n);
          },
        }),
      },
      new TestClock(),
      { pollMs: 20 },
    );
    w.start();
    const id = await enqueueAny(t.db, 'long.test', { n: 1 });
    await isStarted;
    expect((await row(id)).status).toBe('running');
    let stopped = false;
    const stopping = w.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 100));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(finished).toEqual([1]);
    expect((await row(id)).status).toBe('done');
    // Stopped means stopped: nothing more is claimed.
    const later = await enqueueAny(t.db, 'long.test', { n: 2 });
    await new Promise((r) => setTimeout(r, 60));
    expect((await row(later)).status).toBe('queued');
  });
  it("gives a job the app's unit of work, and fails for good one that reaches for it on a worker without", async () => {
    const unitTest = defineHandler({
      schema: z.object({ key: z.string() }),
      run: (p, ctx) => ctx.tx((u) => u.enqueue('jobs.cleanup', {}, { dedupeKey: p.key })),
    });
    const clock = new TestClock();
    const given = t.worker({
      handlers: { 'unit.test': unitTest },
      log: memoryLog().log,
      clock,
      units: jobUnits({ clock, appKey: undefined }),
    });
    const ok = await enqueueAny(t.db, 'unit.test', { key: 'unit.test:given' });
    expect(await given.runUntilIdle()).toBe(1);
    expect(await row(ok)).toMatchObject({ status: 'done' });
    const made = await t.db.selectFrom('jobs').select('name').where('dedupe_key', '=', 'unit.test:given').execute();
    expect(made).toEqual([{ name: 'jobs.cleanup' }]);

    const without = worker({ 'unit.test': unitTest });
    const bad = await enqueueAny(t.db, 'unit.test', { key: 'unit.test:without' });
    expect(await without.runUntilIdle()).toBe(1);
    expect(await row(bad)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await row(bad)).last_error).toContain('no unit of work');
  });
});
